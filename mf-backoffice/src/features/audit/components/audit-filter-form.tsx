import { css, type Theme } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { AUDIT_ACTION_LIST, auditActionLabel, subjectTypeLabel } from '../../../lib/audit-actions';
import type { AuditFilter } from '../api/list-audit';
import { SelectField, type SelectOptions } from '../../../components/select-field';
import { SearchPanel } from '../../../components/search-panel';
import { checkDayRange, DAY_RANGE_FIELDS, DayRangeFields } from '../../../components/day-field';
import { useFieldErrors } from '../../../components/use-field-errors';
import { buttonRow } from '../../../components/form-styles';

/** The kinds of things the log is about (the server's subject types). */
const SUBJECT_TYPES = [
  'participation',
  'challenge',
  'operator',
  'account',
  'club',
  'clubs',
  'newsletter-subscription',
  'content',
  'media',
  'year',
] as const;

/** The choices of 'Aktion' and 'Gegenstand': value and German label. */
const ACTION_OPTIONS = AUDIT_ACTION_LIST.map((action) => [action, auditActionLabel(action)] as const);
const SUBJECT_TYPE_OPTIONS = SUBJECT_TYPES.map((type) => [type, subjectTypeLabel(type)] as const);

export const EMPTY_AUDIT_FILTER: Required<Pick<AuditFilter, 'action' | 'actor' | 'subject' | 'subjectType' | 'from' | 'to'>> = {
  action: '',
  actor: '',
  subject: '',
  subjectType: '',
  from: '',
  to: '',
};
export type AuditDraft = typeof EMPTY_AUDIT_FILTER;

/**
 * 'Protokoll filtern': action, who, subject, its kind, from/to day. A wrong day keeps the filter and
 * moves the focus to the first wrong field; 'Filtern' hands the checked filter on, 'Zurücksetzen' the empty one.
 */
export function AuditFilterForm({ onFilter, onReset }: { onFilter: (filter: AuditDraft) => void; onReset: () => void }) {
  const [draft, setDraft] = useState<AuditDraft>(EMPTY_AUDIT_FILTER);
  const { errors, setErrors, show: showErrors } = useFieldErrors('audit', DAY_RANGE_FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (showErrors(checkDayRange(draft))) return;
    onFilter({ ...draft, actor: draft.actor.trim(), subject: draft.subject.trim() });
  };

  const reset = () => {
    setDraft(EMPTY_AUDIT_FILTER);
    setErrors({});
    onReset();
  };

  const text = (name: 'actor' | 'subject', label: string, hint: string) => (
    <TextField
      id={`audit-${name}`}
      label={label}
      hint={hint}
      name={name}
      type="search"
      maxLength={254}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );

  const choice = (name: 'action' | 'subjectType', label: string, empty: string, options: SelectOptions<string>) => (
    <SelectField
      id={`audit-${name}`}
      label={label}
      name={name}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      empty={empty}
      options={options}
    />
  );

  return (
    <SearchPanel label="Protokoll filtern" onSubmit={onSubmit} columns="200px">
      {choice('action', 'Aktion', 'Alle Aktionen', ACTION_OPTIONS)}
      {text('actor', 'Wer', 'Teil der E-Mail-Adresse oder cli:…')}
      {choice('subjectType', 'Gegenstand', 'Alle', SUBJECT_TYPE_OPTIONS)}
      {text('subject', 'Gegenstand-ID', 'Die ID eines Beitrags, einer Challenge, …')}
      <DayRangeFields idPrefix="audit" range={draft} errors={errors} onChange={(range) => setDraft({ ...draft, ...range })} />
      <div
        css={(theme: Theme) => css`
          ${buttonRow(theme)};
          grid-column: 1 / -1;
        `}
      >
        <Button type="submit" variant="primary">
          Filtern
        </Button>
        <Button type="button" variant="outline" onClick={reset}>
          Zurücksetzen
        </Button>
      </div>
    </SearchPanel>
  );
}
