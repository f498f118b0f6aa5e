import { css, type Theme } from '@emotion/react';
import { FieldLabel } from '@erd/shared-contracts/forms';
import { FieldError } from '@erd/shared-contracts/ui';
import { selectStyle } from './table-styles';

/**
 * A day of a filter ('Von (Tag)'): a labelled `<input type="date">` in the look of the filter's
 * selects; with `error` it is marked invalid and the message is read out with it (`${id}-error`).
 */
export function DayField({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        name={name}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        css={(theme: Theme) => css`
          ${selectStyle(theme)};
          border-color: ${error ? theme.colors.error : theme.colors.border};
        `}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export const dayRangeTexts = {
  badDay: 'Gib einen Tag an (TT.MM.JJJJ).',
  toBeforeFrom: 'Das Ende liegt vor dem Beginn.',
} as const;

export type DayRange = { from: string; to: string };
export type DayRangeErrors = Partial<Record<keyof DayRange, string>>;
/** A day range's fields in the form's order. */
export const DAY_RANGE_FIELDS: readonly (keyof DayRange)[] = ['from', 'to'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter's days (both optional): each a day, and the end not before the start. */
export function checkDayRange({ from, to }: DayRange): DayRangeErrors {
  const errors: DayRangeErrors = {};
  if (from && !DAY.test(from)) errors.from = dayRangeTexts.badDay;
  if (to && !DAY.test(to)) errors.to = dayRangeTexts.badDay;
  if (!errors.from && !errors.to && from && to && to < from) errors.to = dayRangeTexts.toBeforeFrom;
  return errors;
}

/** 'Von (Tag)' and 'Bis (Tag)' of a filter (ids `${idPrefix}-from`, `${idPrefix}-to`). */
export function DayRangeFields({
  idPrefix,
  range,
  errors,
  onChange,
}: {
  idPrefix: string;
  range: DayRange;
  errors: DayRangeErrors;
  onChange: (range: DayRange) => void;
}) {
  return (
    <>
      {DAY_RANGE_FIELDS.map((name) => (
        <DayField
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          label={name === 'from' ? 'Von (Tag)' : 'Bis (Tag)'}
          value={range[name]}
          error={errors[name]}
          onChange={(value) => onChange({ ...range, [name]: value })}
        />
      ))}
    </>
  );
}
