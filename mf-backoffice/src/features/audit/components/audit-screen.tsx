import { css, type Theme } from '@emotion/react';
import { type FormEvent, Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import type { AuditEntryDto, AuditPageDto } from '@erd/shared-contracts/backoffice';
import { FieldLabel, TextField } from '@erd/shared-contracts/forms';
import { Button, ButtonAnchor, FieldError, Spinner } from '@erd/shared-contracts/ui';
import { isPasswordChangeRequired, PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { Pager } from '../../../components/pager';
import { AUDIT_ACTION_LIST, auditActionLabel, subjectTypeLabel } from '../../../lib/audit-actions';
import { formatDateTime } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import { AUDIT_PAGE_SIZE, auditCsvUrl, listAudit, type AuditFilter } from '../api/list-audit';
import { AuditDetails } from './audit-details';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden } from '../../../components/table-styles';

export const auditTexts = {
  loading: 'Protokoll wird geladen …',
  loadFailed: 'Das Protokoll konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Eintrag passt zu den Filtern.',
  toBeforeFrom: 'Das Ende liegt vor dem Beginn.',
  badDay: 'Gib einen Tag an (TT.MM.JJJJ).',
} as const;

/** The kinds of things the log is about (the server's subject types). */
const SUBJECT_TYPES = ['participation', 'challenge', 'operator', 'account', 'club', 'clubs', 'newsletter-subscription', 'content', 'media', 'year'] as const;

const EMPTY: Required<Pick<AuditFilter, 'action' | 'actor' | 'subject' | 'subjectType' | 'from' | 'to'>> = {
  action: '',
  actor: '',
  subject: '',
  subjectType: '',
  from: '',
  to: '',
};
type Draft = typeof EMPTY;
type Errors = Partial<Record<keyof Draft, string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function check(draft: Draft): Errors {
  const errors: Errors = {};
  if (draft.from && !DAY.test(draft.from)) errors.from = auditTexts.badDay;
  if (draft.to && !DAY.test(draft.to)) errors.to = auditTexts.badDay;
  if (!errors.from && !errors.to && draft.from && draft.to && draft.to < draft.from) errors.to = auditTexts.toBeforeFrom;
  return errors;
}

type List = { status: 'loading' } | { status: 'error' } | { status: 'password' } | { status: 'ready'; page: AuditPageDto };

const selectCss = (theme: Theme) => css`
  width: 100%;
  min-height: 48px;
  padding: 0 ${theme.space(3)};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  font: inherit;
  background: ${theme.colors.white};
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

/**
 * 'Protokoll': the one audit log of every write, for both roles: filtered (action, who, subject,
 * its kind, from/to day), paged on the server, newest first; each entry's details (before/after)
 * open in its row; 'CSV exportieren' downloads the file with the same filters.
 */
export function AuditScreen() {
  const { signedOut } = useOperatorSession();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [filter, setFilter] = useState<Draft>(EMPTY);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<List>({ status: 'loading' });
  const [open, setOpen] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);

  const load = useCallback(async () => {
    const id = ++request.current;
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const result = await listAudit(filter, page);
      if (id === request.current) setList({ status: 'ready', page: result });
    } catch (error) {
      if (id !== request.current) return;
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else if (isPasswordChangeRequired(error)) setList({ status: 'password' });
      else if (isApiError(error) && error.status === 400) {
        setServerError(error.message);
        setList({ status: 'error' });
      } else setList({ status: 'error' });
    }
  }, [filter, page, signedOut]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    const first = (Object.keys(found) as (keyof Draft)[])[0];
    if (first) {
      document.getElementById(`audit-${first}`)?.focus();
      return;
    }
    setServerError(null);
    setOpen(null);
    setPage(1);
    setFilter({ ...draft, actor: draft.actor.trim(), subject: draft.subject.trim() });
  };

  const onReset = () => {
    setDraft(EMPTY);
    setErrors({});
    setServerError(null);
    setOpen(null);
    setPage(1);
    setFilter(EMPTY);
  };

  const goTo = (next: number) => {
    setOpen(null);
    setPage(next);
    summary.current?.focus();
  };

  const result = list.status === 'ready' ? list.page : null;
  const pages = result ? Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE)) : 1;
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
  const day = (name: 'from' | 'to', label: string) => (
    <div>
      <FieldLabel htmlFor={`audit-${name}`}>{label}</FieldLabel>
      <input
        id={`audit-${name}`}
        name={name}
        type="date"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `audit-${name}-error` : undefined}
        css={(theme: Theme) => css`
          ${selectCss(theme)};
          border-color: ${errors[name] ? theme.colors.error : theme.colors.border};
        `}
      />
      {errors[name] && <FieldError id={`audit-${name}-error`}>{errors[name]}</FieldError>}
    </div>
  );

  return (
    <section aria-labelledby="audit-title">
      <ScreenHeader title="Protokoll" titleId="audit-title" intro="Jede Änderung im Backoffice und auf der Kommandozeile: wer, wann, was, vorher und nachher, und warum.">
        <ButtonAnchor variant="secondary" href={auditCsvUrl(filter)} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <Panel
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(6)};
        `}
      >
        <form
          role="search"
          aria-label="Protokoll filtern"
          noValidate
          onSubmit={onSubmit}
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(4)};
            grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
            align-items: start;
          `}
        >
          <div>
            <FieldLabel htmlFor="audit-action">Aktion</FieldLabel>
            <select id="audit-action" name="action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} css={selectCss}>
              <option value="">Alle Aktionen</option>
              {AUDIT_ACTION_LIST.map((action) => (
                <option key={action} value={action}>
                  {auditActionLabel(action)}
                </option>
              ))}
            </select>
          </div>
          {text('actor', 'Wer', 'Teil der E-Mail-Adresse oder cli:…')}
          <div>
            <FieldLabel htmlFor="audit-subjectType">Gegenstand</FieldLabel>
            <select
              id="audit-subjectType"
              name="subjectType"
              value={draft.subjectType}
              onChange={(e) => setDraft({ ...draft, subjectType: e.target.value })}
              css={selectCss}
            >
              <option value="">Alle</option>
              {SUBJECT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {subjectTypeLabel(type)}
                </option>
              ))}
            </select>
          </div>
          {text('subject', 'Gegenstand-ID', 'Die ID eines Beitrags, einer Challenge, …')}
          {day('from', 'Von (Tag)')}
          {day('to', 'Bis (Tag)')}
          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(3)};
              grid-column: 1 / -1;
            `}
          >
            <Button type="submit" variant="primary">
              Filtern
            </Button>
            <Button type="button" variant="outline" onClick={onReset}>
              Zurücksetzen
            </Button>
          </div>
        </form>
      </Panel>

      {list.status === 'loading' && <Spinner label={auditTexts.loading} />}
      {list.status === 'password' && <PasswordChangeRequired />}
      {list.status === 'error' && (
        <Panel role="alert">
          <p>{serverError ?? auditTexts.loadFailed}</p>
          {!serverError && (
            <Button variant="secondary" onClick={() => void load()}>
              Erneut laden
            </Button>
          )}
        </Panel>
      )}
      {result && (
        <>
          <h2
            ref={summary}
            tabIndex={-1}
            aria-live="polite"
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {result.total === 0 ? auditTexts.none : `${result.total.toLocaleString('de-DE')} ${result.total === 1 ? 'Eintrag' : 'Einträge'}`}
          </h2>
          {result.items.length > 0 && (
            <TableRegion label="Protokoll">
              <table>
                <caption css={visuallyHidden}>
                  Protokoll, neueste zuerst, Seite {page} von {pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Zeitpunkt</th>
                    <th scope="col">Aktion</th>
                    <th scope="col">Wer</th>
                    <th scope="col">Gegenstand</th>
                    <th scope="col">Grund</th>
                    <th scope="col">
                      <span css={visuallyHidden}>Details</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((entry) => (
                    <Row key={entry.id} entry={entry} open={open === entry.id} onToggle={() => setOpen(open === entry.id ? null : entry.id)} />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          {result.total > AUDIT_PAGE_SIZE && (
            <Pager page={page} pages={pages} onPage={goTo} />
          )}
        </>
      )}
    </section>
  );
}

function Row({ entry, open, onToggle }: { entry: AuditEntryDto; open: boolean; onToggle: () => void }) {
  const label = `${auditActionLabel(entry.action)} am ${formatDateTime(entry.at)}`;
  const detailsId = `audit-details-${entry.id}`;
  return (
    <Fragment>
      <tr>
        <td
          css={css`
            white-space: nowrap;
          `}
        >
          {formatDateTime(entry.at)}
        </td>
        <th scope="row">{auditActionLabel(entry.action)}</th>
        {/* Addresses and ids break anywhere, but never into a column narrower than a short address
            (at 768 px the table scrolls in its frame instead of wrapping every letter). */}
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 12rem;
          `}
        >
          {entry.actor}
        </td>
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 10rem;
          `}
        >
          {subjectTypeLabel(entry.subjectType)} {entry.subjectId}
          {entry.challengeId && entry.challengeId !== entry.subjectId && <> (Challenge {entry.challengeId})</>}
        </td>
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 10rem;
          `}
        >
          {entry.reason ?? '–'}
        </td>
        <td>
          <Button variant="outline" aria-expanded={open} aria-controls={open ? detailsId : undefined} aria-label={`Details: ${label}`} onClick={onToggle}>
            {open ? 'Schließen' : 'Details'}
          </Button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId}>
          <td colSpan={6}>
            <AuditDetails details={entry.details} label={label} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
