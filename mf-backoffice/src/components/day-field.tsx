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
