import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import type { AdminSeasonDto, AdminSeasonSummaryDto, SeasonCreateInput } from '@erd/shared-contracts/schemas';
import { FieldHint, TextField } from '@erd/shared-contracts/forms';
import { createSeason } from '../api/seasons';
import {
  addDays,
  defaultOffset,
  germanDayWithWeekday,
  SEASON_OFFSET_MAX_DAYS,
  SEASON_STATE_LABELS,
  SEASON_YEAR_MAX,
  SEASON_YEAR_MIN,
  seasonTexts,
} from '../lib';
import { SelectField } from '../../../components/select-field';
import type { FieldErrors } from '../../../components/use-field-errors';
import { fieldRow, fieldsetBox, legendStyle } from '../../../components/form-styles';
import { FormPanel, useFormPanel } from './form-panel';

const FIELDS = ['year', 'copyFrom', 'offsetDays'] as const;
type Errors = FieldErrors<(typeof FIELDS)[number]>;

const WHOLE = /^-?\d{1,5}$/;

/** The season a copy starts from by default: the public one, else the newest. */
function defaultSource(seasons: readonly AdminSeasonSummaryDto[]): AdminSeasonSummaryDto | undefined {
  return seasons.find((s) => s.current) ?? [...seasons].sort((a, b) => b.year - a.year)[0];
}

/**
 * 'Neue Saison' (admins): the year number, and empty or a copy of a season with every date moved by
 * an offset in days (the copy's first day shown as it will be). Calls `onCreated` with the new season's id.
 */
export function NewSeasonForm({
  seasons,
  onCreated,
  onExpired,
}: {
  seasons: readonly AdminSeasonSummaryDto[];
  onCreated: (yearId: string) => void;
  onExpired: () => void;
}) {
  const nextYear = seasons.length ? Math.max(...seasons.map((s) => s.year)) + 1 : new Date().getFullYear();
  const source = defaultSource(seasons);
  const [year, setYear] = useState(String(nextYear));
  const [mode, setMode] = useState<'empty' | 'copy'>(source ? 'copy' : 'empty');
  const [copyFrom, setCopyFrom] = useState(source?.id ?? '');
  const [offset, setOffset] = useState(source ? String(defaultOffset(source.year, nextYear)) : '0');
  const [offsetTouched, setOffsetTouched] = useState(false);
  const { errors, failure, sending, accept, send } = useFormPanel('new-season', FIELDS, onExpired);

  const from = seasons.find((s) => s.id === copyFrom);
  const yearNumber = Number(year);
  const offsetNumber = Number(offset);
  const offsetValid = WHOLE.test(offset.trim()) && Math.abs(offsetNumber) <= SEASON_OFFSET_MAX_DAYS;

  /** Until the offset is typed, it follows the year and the source (whole weeks, the weekdays stay). */
  const follow = (nextYearText: string, nextFrom: AdminSeasonSummaryDto | undefined) => {
    const y = Number(nextYearText);
    if (!offsetTouched && nextFrom && Number.isInteger(y) && y >= SEASON_YEAR_MIN && y <= SEASON_YEAR_MAX)
      setOffset(String(defaultOffset(nextFrom.year, y)));
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!/^\d{4}$/.test(year.trim()) || yearNumber < SEASON_YEAR_MIN || yearNumber > SEASON_YEAR_MAX) found.year = seasonTexts.year;
    else if (seasons.some((s) => s.year === yearNumber)) found.year = seasonTexts.yearTaken;
    if (mode === 'copy') {
      if (!from) found.copyFrom = seasonTexts.copyFrom;
      if (!offsetValid) found.offsetDays = seasonTexts.offset;
    }
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !accept(check())) return;
    const input: SeasonCreateInput = mode === 'copy' ? { year: yearNumber, copyFrom, offsetDays: offsetNumber } : { year: yearNumber };
    await send(async () => {
      const created: AdminSeasonDto | undefined = await createSeason(input);
      // The copied or new year's id is `year-<year>` (decisions); the answer names it.
      onCreated(created?.id ?? `year-${yearNumber}`);
    });
  };

  const firstDay = mode === 'copy' && from?.startDate && offsetValid ? addDays(from.startDate, offsetNumber) : null;
  const lastDay = mode === 'copy' && from?.endDate && offsetValid ? addDays(from.endDate, offsetNumber) : null;

  return (
    <FormPanel
      id="new-season-title"
      title="Neue Saison"
      submitLabel="Saison anlegen"
      sending={sending}
      failure={failure}
      onSubmit={(e) => void onSubmit(e)}
    >
      <div
        css={css`
            max-width: 240px;
          `}
      >
        <TextField
          id="new-season-year"
          name="year"
          label="Jahr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          required
          value={year}
          error={errors.year}
          onChange={(e) => {
            setYear(e.target.value);
            follow(e.target.value, from);
          }}
        />
      </div>
      <fieldset css={fieldsetBox}>
        <legend css={legendStyle}>Inhalt</legend>
        <label css={radioRow}>
          <input type="radio" name="mode" value="empty" checked={mode === 'empty'} onChange={() => setMode('empty')} />
          Leer (ohne Challenges)
        </label>
        <label css={radioRow}>
          <input
            type="radio"
            name="mode"
            value="copy"
            checked={mode === 'copy'}
            disabled={seasons.length === 0}
            onChange={() => setMode('copy')}
          />
          Kopie einer Saison (Challenges, Texte, Bilder, Punkte, Preise, Teaser und Bannertexte; keine Beiträge, Stimmen, Ergebnisse oder
          Konten)
        </label>
        {mode === 'copy' && (
          <div css={fieldRow('240px')}>
            <SelectField
              id="new-season-copyFrom"
              label="Kopie von"
              name="copyFrom"
              value={copyFrom}
              error={errors.copyFrom}
              onChange={(id) => {
                setCopyFrom(id);
                follow(
                  year,
                  seasons.find((s) => s.id === id),
                );
              }}
              empty={from ? undefined : 'Saison wählen'}
              options={seasons.map(
                (s) =>
                  [
                    s.id,
                    <>
                      Saison {s.year} ({SEASON_STATE_LABELS[s.state]}, {s.challenges} {s.challenges === 1 ? 'Challenge' : 'Challenges'})
                    </>,
                  ] as const,
              )}
            />
            <TextField
              id="new-season-offsetDays"
              name="offsetDays"
              label="Termine verschieben um … Tage"
              inputMode="numeric"
              autoComplete="off"
              required
              value={offset}
              error={errors.offsetDays}
              hint="Eine negative Zahl verschiebt nach vorn. Ganze Wochen (364 Tage = 52 Wochen) behalten die Wochentage."
              onChange={(e) => {
                setOffset(e.target.value);
                setOffsetTouched(true);
              }}
            />
          </div>
        )}
        {mode === 'copy' && from && (
          <FieldHint as="div" aria-live="polite" id="new-season-preview">
            {from.startDate === null ? (
              <>Die Saison {from.year} hat keine Challenges: Die Kopie übernimmt Teaser und Bannertexte.</>
            ) : firstDay ? (
              <>
                Erster Tag der Kopie: <strong>{germanDayWithWeekday(firstDay)}</strong> (bisher {germanDayWithWeekday(from.startDate)})
                {lastDay && (
                  <>
                    , letzter Tag: <strong>{germanDayWithWeekday(lastDay)}</strong>
                  </>
                )}
                .
              </>
            ) : (
              <>Der erste Tag der Kopie steht fest, sobald die Verschiebung eine ganze Zahl ist.</>
            )}
          </FieldHint>
        )}
      </fieldset>
    </FormPanel>
  );
}

const radioRow = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  min-height: 32px;
  input {
    margin-top: 5px;
    flex: none;
  }
`;
