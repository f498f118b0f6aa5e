import { SelectField } from './select-field';

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
  return <SelectField id={id} label="Sortierung" value={value} onChange={onChange} options={labels} />;
}
