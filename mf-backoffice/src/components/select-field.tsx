import { css, type Theme } from '@emotion/react';
import type { ReactNode, Ref } from 'react';
import { FieldLabel } from '@erd/shared-contracts/forms';
import { FieldError } from '@erd/shared-contracts/ui';
import { selectStyle } from './table-styles';

/** A select's choices: its value → its label, in the order the menu lists them (or as pairs). */
export type SelectOptions<V extends string> = Partial<Record<V, ReactNode>> | readonly (readonly [V, ReactNode])[];

const entriesOf = <V extends string>(options: SelectOptions<V>): (readonly [V, ReactNode])[] =>
  Array.isArray(options) ? [...(options as readonly (readonly [V, ReactNode])[])] : (Object.entries(options) as [V, ReactNode][]);

const invalid = (theme: Theme) => css`
  border-color: ${theme.colors.error};
`;

/**
 * A labelled select with the back office's look: `options` a table of value → label, `empty` a
 * first choice with the value '' ('Alle', 'Bitte wählen'). With `error` it is marked invalid and
 * the message is read out with it (`${id}-error`).
 */
export function SelectField<V extends string>({
  id,
  label,
  name,
  value,
  onChange,
  options,
  empty,
  error,
  disabled,
  selectRef,
}: {
  id: string;
  label: ReactNode;
  name?: string;
  value: V | '';
  onChange: (value: V) => void;
  options: SelectOptions<V>;
  empty?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        ref={selectRef}
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as V)}
        css={[selectStyle, error && invalid]}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {entriesOf(options).map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
