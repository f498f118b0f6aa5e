import { css, type Theme } from '@emotion/react';
import { TextAreaField, TextField } from '@erd/shared-contracts/forms';
import { FieldError } from '@erd/shared-contracts/ui';
import { fieldsetBox, fieldsetFrame, legendStyle } from '../../../components/form-styles';
import type { DateField } from '../api/types';
import type { FormState, TextKey } from './challenge-form';
import { dateLabels } from './labels';

/** The challenge's texts in the order of the form: a one-line field or a text area, required or optional. */
const TEXT_INPUTS: readonly { key: TextKey; label: string; area?: true; required?: true; optional?: true }[] = [
  { key: 'headline', label: 'Überschrift', required: true },
  { key: 'teasertitle', label: 'Teaser-Titel', optional: true },
  { key: 'teasertext', label: 'Teaser-Text', area: true },
  { key: 'question', label: 'Frage', area: true },
  { key: 'footnote', label: 'Fußnote', area: true },
];

type Errors = Record<string, string>;

/** Headline, teaser title and text, question and footnote of 'Challenge bearbeiten'. */
export function ChallengeTextFields({
  texts,
  errors,
  readOnly,
  onText,
}: {
  texts: FormState['texts'];
  errors: Errors;
  readOnly: boolean;
  onText: (key: TextKey, value: string) => void;
}) {
  return (
    <>
      {TEXT_INPUTS.map(({ key, label, area, required, optional }) =>
        area ? (
          <TextAreaField
            key={key}
            label={label}
            name={key}
            value={texts[key]}
            readOnly={readOnly}
            error={errors[key] ?? null}
            onChange={(e) => onText(key, e.target.value)}
          />
        ) : (
          <TextField
            key={key}
            label={label}
            name={key}
            optional={optional}
            value={texts[key]}
            readOnly={readOnly}
            required={required}
            error={errors[key]}
            onChange={(e) => onText(key, e.target.value)}
          />
        ),
      )}
    </>
  );
}

/** 'Termine': the challenge's dates (those of its type); a running challenge says that a change needs a reason. */
export function ChallengeDatesFieldset({
  dates,
  keys,
  running,
  errors,
  readOnly,
  onDate,
}: {
  dates: FormState['dates'];
  keys: readonly DateField[];
  running: boolean;
  errors: Errors;
  readOnly: boolean;
  onDate: (key: DateField, value: string) => void;
}) {
  return (
    <fieldset
      css={(theme: Theme) => css`
        ${fieldsetBox(theme)};
        grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
      `}
    >
      <legend css={legendStyle}>Termine{running ? ' (die Challenge läuft: eine Änderung braucht eine Bestätigung mit Grund)' : ''}</legend>
      {keys.map((key) => (
        <TextField
          key={key}
          type="date"
          label={dateLabels[key]}
          name={key}
          value={dates[key] ?? ''}
          readOnly={readOnly}
          error={errors[key]}
          onChange={(e) => onDate(key, e.target.value)}
        />
      ))}
    </fieldset>
  );
}

const SCORING_LABELS = { highest: 'Die meisten Tore gewinnen', closest: 'Am nächsten an der richtigen Antwort' } as const;

/** 'Wertung' of the goals challenge: the most goals win, or the closest to the right answer. */
export function ScoringFieldset({
  scoring,
  error,
  readOnly,
  onScoring,
}: {
  scoring: FormState['scoring'];
  error: string | undefined;
  readOnly: boolean;
  onScoring: (scoring: keyof typeof SCORING_LABELS) => void;
}) {
  return (
    <fieldset css={fieldsetFrame}>
      <legend css={legendStyle}>Wertung</legend>
      {(['highest', 'closest'] as const).map((mode) => (
        <label key={mode} css={css`display: flex; gap: 8px; align-items: center; min-height: 40px;`}>
          <input type="radio" name="scoring" value={mode} checked={scoring === mode} disabled={readOnly} onChange={() => onScoring(mode)} />
          {SCORING_LABELS[mode]}
        </label>
      ))}
      {error && <FieldError role="alert">{error}</FieldError>}
    </fieldset>
  );
}
