import { useEffect, useState } from 'react';
import { loadClubCatalogue } from '../api/list-clubs';
import { isSearchable, searchClubs, type ClubChoice } from '../lib/club-search';

export const CLUB_SEARCH_DEBOUNCE_MS = 300;

export type ClubSearchState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: ClubChoice[] } | { status: 'error' };

/** Debounced search (300 ms) over the cached catalogue; idle while the text is too short or `enabled` is false. */
export function useClubSearch(query: string, enabled: boolean): ClubSearchState {
  const [state, setState] = useState<ClubSearchState>({ status: 'idle' });
  const active = enabled && isSearchable(query);

  useEffect(() => {
    if (!active) {
      setState({ status: 'idle' });
      return undefined;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setState((current) => (current.status === 'done' ? current : { status: 'loading' }));
      loadClubCatalogue().then(
        (catalogue) => {
          if (!cancelled) setState({ status: 'done', results: searchClubs(catalogue, query) });
        },
        () => {
          if (!cancelled) setState({ status: 'error' });
        },
      );
    }, CLUB_SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, query]);

  return active ? state : { status: 'idle' };
}
