import { useState } from 'react';
import { pagePosition } from '../components/pager';

/** A list's filter as the server is asked with it: the form's fields and the first row of the page. */
export type PagedFilter<F> = F & { from: number };

/**
 * A list the server searches, sorts and pages (`size` rows to a page): the search form's `draft`
 * (what is chosen, asked only when the form is sent) and the `filter` the list is asked with.
 * `search(fields)` asks with those fields from the first page; `goTo(page)` keeps the filter and
 * asks for that page; `position(total)` is the page the filter shows.
 */
export function usePagedFilter<F extends object>(initial: F, size: number) {
  const [draft, setDraft] = useState<F>(initial);
  const [filter, setFilter] = useState<PagedFilter<F>>(() => ({ ...initial, from: 0 }));
  return {
    draft,
    /** Changes fields of the form (not asked until `search`). */
    edit: (change: Partial<F>) => setDraft((current) => ({ ...current, ...change })),
    filter,
    search: (fields: F) => setFilter({ ...fields, from: 0 }),
    goTo: (page: number) => setFilter({ ...filter, from: (page - 1) * size }),
    position: (total: number) => pagePosition(filter.from, total, size),
  };
}
