import { FieldLabel } from '@erd/shared-contracts/forms';
import { selectStyle } from './table-styles';

interface SortSelectProps<S extends string> {
  id: string;
  /** Each order the server offers, with its German label, in the order the menu lists them. */
  labels: Record<S, string>;
  value: S;
  onChange: (sort: S) => void;
}

/**
 * 'Sortierung': the orders a list's server offers (the lists are sorted and paged on the server,
 * so the order is chosen with the search and applied with 'Suchen').
 */
export function SortSelect<S extends string>({ id, labels, value, onChange }: SortSelectProps<S>) {
  return (
    <div>
      <FieldLabel htmlFor={id}>Sortierung</FieldLabel>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as S)} css={selectStyle}>
        {(Object.keys(labels) as S[]).map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
