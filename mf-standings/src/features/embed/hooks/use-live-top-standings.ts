import { useEffect, useState } from 'react';
import { getTopStandings, refreshTopStandings, type TopStandings } from '../api/get-top-standings';

export type LiveStandingsState = { status: 'loading' } | { status: 'error' } | { status: 'success'; data: TopStandings };

interface Keyed {
  key: string;
  state: LiveStandingsState;
}

/**
 * The overall top N, kept current without a page reload: every `refreshSeconds` (0 = never) the
 * overall file is asked for again and the widget renders again only when the rows it shows
 * changed. No request while the page is hidden (a background tab); one as soon as it is visible
 * again if a poll was skipped. A failed first load is tried again at the next poll. Everything
 * stops when the widget unmounts.
 */
export function useLiveTopStandings(
  baseUrl: string,
  limit: number,
  refreshSeconds: number,
  season: number | null = null,
): LiveStandingsState {
  const key = `${baseUrl}#${limit}#${refreshSeconds}#${season ?? ''}`;
  const [current, setCurrent] = useState<Keyed | null>(null);

  useEffect(() => {
    let active = true;
    let data: TopStandings | null = null;
    let inFlight = false;
    let skipped = false;

    const load = async () => {
      inFlight = true;
      try {
        if (!data) {
          const loaded = await getTopStandings(baseUrl, limit, season);
          if (!active) return;
          data = loaded;
          setCurrent({ key, state: { status: 'success', data: loaded } });
        } else {
          const { data: next, changed } = await refreshTopStandings(data, limit);
          if (!active) return;
          data = next;
          if (changed) setCurrent({ key, state: { status: 'success', data: next } });
        }
      } catch {
        if (active && !data) setCurrent({ key, state: { status: 'error' } });
      } finally {
        inFlight = false;
      }
    };

    void load();
    if (refreshSeconds <= 0) {
      return () => {
        active = false;
      };
    }

    const poll = () => {
      if (document.hidden) {
        skipped = true;
        return;
      }
      skipped = false;
      if (!inFlight) void load();
    };
    const onVisibilityChange = () => {
      if (!document.hidden && skipped) poll();
    };
    const timer = setInterval(poll, refreshSeconds * 1000);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [key, baseUrl, limit, refreshSeconds, season]);

  return current?.key === key ? current.state : { status: 'loading' };
}
