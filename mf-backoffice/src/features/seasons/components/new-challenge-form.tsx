import { css, type Theme } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { isSingleLine, textLength } from '@erd/shared-contracts/backoffice';
import type { SeasonChallengeCreateInput } from '@erd/shared-contracts/schemas';
import { TextField } from '@erd/shared-contracts/forms';
import { createSeasonChallenge } from '../api/seasons';
import { type ChallengeType, HEADLINE_MAX, isVoteType, seasonTexts, TYPE_LABELS } from '../lib';
import { ActionDialog } from './action-dialog';
import { SelectField } from '../../../components/select-field';
import type { FieldErrors } from '../../../components/use-field-errors';
import { CHALLENGE_DATE_LABELS } from '../../../lib/challenge-labels';
import { fieldRow, fieldsetBox, legendStyle } from '../../../components/form-styles';
import { FormPanel, useFormPanel } from './form-panel';

const DATE_KEYS = ['startDate', 'endDate', 'startDateSubmission', 'endDateSubmission', 'startDateVoting', 'endDateVoting'] as const;
type DateKey = (typeof DATE_KEYS)[number];
type FieldKey = 'headline' | DateKey;
const FIELDS: readonly FieldKey[] = ['headline', ...DATE_KEYS];

/** The pairs whose end may not lie before their start. */
const PAIRS: [DateKey, DateKey][] = [
  ['startDate', 'endDate'],
  ['startDateSubmission', 'endDateSubmission'],
  ['startDateVoting', 'endDateVoting'],
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EMPTY_DATES: Record<DateKey, string> = {
  startDate: '',
  endDate: '',
  startDateSubmission: '',
  endDateSubmission: '',
  startDateVoting: '',
  endDateVoting: '',
};

/**
 * 'Neue Challenge' (admins): one of the four types with its headline and days (picture and slogan
 * challenges with their submission and voting days); the rest is edited in the challenge form. In the
 * public season it first asks, since the public numbering changes. The server checks the date rules
 * and names the field.
 */
export function NewChallengeForm({
  yearId,
  live,
  onCreated,
  onExpired,
}: {
  yearId: string;
  live: boolean;
  onCreated: (headline: string) => void;
  onExpired: () => void;
}) {
  const [type, setType] = useState<ChallengeType>('bfv-erd-estimate');
  const [headline, setHeadline] = useState('');
  const [dates, setDates] = useState<Record<DateKey, string>>(EMPTY_DATES);
  const { errors, setErrors, failure, setFailure, sending, accept, send: sendForm } = useFormPanel('new-challenge', FIELDS, onExpired);
  const [confirming, setConfirming] = useState<SeasonChallengeCreateInput | null>(null);
  const keys = DATE_KEYS.filter((k) => isVoteType(type) || k === 'startDate' || k === 'endDate');

  const check = () => {
    const found: FieldErrors<FieldKey> = {};
    const trimmed = headline.trim();
    // The server's rule: one line of 1 to HEADLINE_MAX characters.
    if (!trimmed || textLength(trimmed) > HEADLINE_MAX || !isSingleLine(trimmed)) found.headline = seasonTexts.headline;
    for (const key of keys) if (!DAY.test(dates[key])) found[key] = seasonTexts.date;
    for (const [start, end] of PAIRS)
      if (keys.includes(end) && !found[start] && !found[end] && dates[end] < dates[start]) found[end] = seasonTexts.endBeforeStart;
    return found;
  };

  const send = (input: SeasonChallengeCreateInput) =>
    sendForm(
      async () => {
        await createSeasonChallenge(yearId, input);
        setConfirming(null);
        setHeadline('');
        setDates(EMPTY_DATES);
        setErrors({});
        setFailure(null);
        onCreated(input.headline);
      },
      () => setConfirming(null),
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !accept(check())) return;
    const input: SeasonChallengeCreateInput = {
      objectTypeId: type,
      headline: headline.trim(),
      startDate: dates.startDate,
      endDate: dates.endDate,
    };
    for (const key of keys) input[key] = dates[key];
    if (live) setConfirming(input);
    else void send(input);
  };

  return (
    <FormPanel
      id="new-challenge-title"
      title="Neue Challenge"
      submitLabel="Challenge anlegen"
      sending={sending}
      failure={failure}
      onSubmit={onSubmit}
      after={
        confirming && (
          <ActionDialog
            title="Challenge in der öffentlichen Saison anlegen"
            description={`„${confirming.headline}“ kommt als letzte Challenge in die Saison.`}
            submitLabel="Challenge anlegen"
            live
            sending={sending}
            failure={null}
            onCancel={() => setConfirming(null)}
            onSubmit={() => void send({ ...confirming, confirmLive: true })}
          />
        )
      }
    >
      <div css={fieldRow('240px')}>
        <SelectField id="new-challenge-type" label="Art" name="objectTypeId" value={type} onChange={setType} options={TYPE_LABELS} />
        <TextField
          id="new-challenge-headline"
          name="headline"
          label="Überschrift"
          required
          maxLength={HEADLINE_MAX}
          autoComplete="off"
          value={headline}
          error={errors.headline}
          onChange={(e) => setHeadline(e.target.value)}
        />
      </div>
      <fieldset
        css={(theme: Theme) => css`
            ${fieldsetBox(theme)};
            gap: ${theme.space(3)} ${theme.space(4)};
            align-items: end;
            /* Start and end of a phase side by side. */
            ${theme.mq.sm} {
              grid-template-columns: repeat(2, minmax(0, 1fr));
            }
          `}
      >
        <legend css={legendStyle}>Termine{isVoteType(type) ? ' (mit Einreichung und Abstimmung)' : ''}</legend>
        {keys.map((key) => (
          <TextField
            key={key}
            id={`new-challenge-${key}`}
            type="date"
            name={key}
            label={CHALLENGE_DATE_LABELS[key]}
            required
            value={dates[key]}
            error={errors[key]}
            onChange={(e) => setDates({ ...dates, [key]: e.target.value })}
          />
        ))}
      </fieldset>
      <p
        css={(theme: Theme) => css`
            margin: 0;
            color: ${theme.colors.textMuted};
          `}
      >
        Texte, Bilder, Punkte und Preise bearbeitest du danach im Challenge-Formular („Bearbeiten“).
      </p>
    </FormPanel>
  );
}
