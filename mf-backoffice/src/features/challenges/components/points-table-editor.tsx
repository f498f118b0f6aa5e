import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Button, FieldError } from '@erd/shared-contracts/ui';
import { buttonRow, fieldsetFrame, legendStyle, stackedList } from '../../../components/form-styles';
import { cluster, spaceAbove } from '../../../components/layout-styles';

/** A row of the form: places and points as typed; `fromPlace` follows from the row before. */
export interface PointsFormRow {
  key: number;
  toPlace: string;
  points: string;
}

export type PointsErrors = Record<string, string>;

const input = (theme: Theme, invalid: boolean) => css`
  width: 7rem;
  min-height: 40px;
  padding: 0 ${theme.space(2)};
  border: 1px solid ${invalid ? theme.colors.error : theme.colors.border};
  border-radius: ${theme.radius};
  font: inherit;
`;

/**
 * A row's place or points field: its label above, its error below and read out with it. `open`
 * shows the last row's end, which stays empty ('alle': every further club) and cannot be typed in.
 */
function RowField({
  id,
  label,
  value,
  error,
  readOnly,
  open = false,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  open?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        css={css`
          display: block;
          font-weight: 600;
        `}
      >
        {label}
      </label>
      {open ? (
        <input id={id} value="" placeholder="alle" readOnly aria-readonly="true" css={(theme: Theme) => input(theme, false)} />
      ) : (
        <input
          id={id}
          inputMode="numeric"
          value={value}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          css={(theme: Theme) => input(theme, !!error)}
        />
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** The places each row starts at: 1, then the row before's end + 1. */
export function fromPlaces(rows: readonly PointsFormRow[]): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => {
    if (i === 0) out.push(1);
    else out.push((Number(rows[i - 1]!.toPlace) || out[i - 1]!) + 1);
    void row;
  });
  return out;
}

/**
 * The points table as rows 'Platz von – bis: Punkte' (the last row's 'bis' stays empty: every
 * further participating club). Errors (`<row>.toPlace`, `<row>.points`) show next to their field.
 */
export function PointsTableEditor({
  rows,
  errors,
  readOnly,
  onChange,
  onReset,
}: {
  rows: PointsFormRow[];
  errors: PointsErrors;
  readOnly: boolean;
  onChange: (rows: PointsFormRow[]) => void;
  onReset: () => void;
}) {
  const starts = fromPlaces(rows);
  const update = (index: number, patch: Partial<PointsFormRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const nextKey = () => Math.max(0, ...rows.map((r) => r.key)) + 1;
  return (
    <fieldset css={fieldsetFrame}>
      <legend css={legendStyle}>Punktetabelle</legend>
      {errors.points && <FieldError role="alert">{errors.points}</FieldError>}
      <ol css={stackedList}>
        {rows.map((row, i) => {
          const last = i === rows.length - 1;
          const place = last ? `ab Platz ${starts[i]}` : `Platz ${starts[i]} bis`;
          return (
            <li key={row.key} css={cluster([2, 4], { align: 'flex-start' })}>
              <RowField
                id={`points-to-${row.key}`}
                label={last ? `Ab Platz ${starts[i]} (alle weiteren)` : `Platz ${starts[i]} bis`}
                value={row.toPlace}
                error={errors[`${i}.toPlace`]}
                readOnly={readOnly}
                open={last}
                onChange={(toPlace) => update(i, { toPlace })}
              />
              <RowField
                id={`points-value-${row.key}`}
                label={
                  <>
                    Punkte ({place}
                    {last ? '' : ` ${row.toPlace || '…'}`})
                  </>
                }
                value={row.points}
                error={errors[`${i}.points`]}
                readOnly={readOnly}
                onChange={(points) => update(i, { points })}
              />
              {!readOnly && rows.length > 1 && (
                <Button
                  variant="outline"
                  onClick={() => {
                    const next = rows.filter((_, j) => j !== i);
                    onChange(next.map((r, j) => (j === next.length - 1 ? { ...r, toPlace: '' } : r)));
                  }}
                  css={css`
                    align-self: flex-end;
                    min-height: 40px;
                    text-transform: none;
                  `}
                >
                  Zeile entfernen
                  <span css={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);`}> ({place})</span>
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <div css={[buttonRow, spaceAbove(4)]}>
          <Button
            variant="outline"
            onClick={() => {
              const lastIndex = rows.length - 1;
              const start = starts[lastIndex] ?? 1;
              const next = rows.map((r, j) => (j === lastIndex ? { ...r, toPlace: String(start) } : r));
              onChange([...next, { key: nextKey(), toPlace: '', points: '0' }]);
            }}
            css={css`text-transform: none;`}
          >
            Zeile hinzufügen
          </Button>
          <Button variant="outline" onClick={onReset} css={css`text-transform: none;`}>
            Auf Standard zurücksetzen
          </Button>
        </div>
      )}
    </fieldset>
  );
}
