import { useCallback, useEffect, useState } from 'react';
import { useSearchParams, type TeamFilter } from '@erd/shared-contracts';

/** The query parameter of the team filter: `?team=m` (Herren), `?team=w` (Damen), none for all. */
export const TEAM_PARAM = 'team';

export function parseTeamFilter(value: string | null): TeamFilter {
  return value === 'm' || value === 'w' ? value : 'all';
}

/** `path` with the team filter, so a link to another table keeps the chosen team. */
export function withTeam(path: string, team: TeamFilter): string {
  return team === 'all' ? path : `${path}${path.includes('?') ? '&' : '?'}${TEAM_PARAM}=${team}`;
}

/**
 * The team filter of the tables, kept in the URL so it survives a reload and can be shared.
 * A change replaces the history entry: arrowing through the radio group would otherwise leave one
 * entry per key press behind the back button. The router applies a URL change as a transition,
 * which may commit later (a busy phone): until the URL has caught up the chosen team is held here,
 * so the switch and the table follow the click at once.
 */
export function useTeamFilter(): [TeamFilter, (team: TeamFilter) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = parseTeamFilter(params.get(TEAM_PARAM));
  const [chosen, setChosen] = useState<TeamFilter | null>(null);
  useEffect(() => setChosen(null), [fromUrl]);
  const setTeam = useCallback(
    (next: TeamFilter) => {
      setChosen(next);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'all') updated.delete(TEAM_PARAM);
          else updated.set(TEAM_PARAM, next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [chosen ?? fromUrl, setTeam];
}
