import { useEffect, useRef } from 'react';
import { reachPaths, rememberShareVia, searchWithoutVia, shareViaOf, useLocation, useNavigate } from '@erd/shared-contracts';
import type { ReachVisitInput } from '@erd/shared-contracts/schemas';

/**
 * A club page opened through a share link (`?via=<channel>`, issue 23): the visit is counted once
 * per page view (POST /api/reach/visits, no cookie; a failure is ignored), the channel is kept for
 * this browser session's votes, and `via` leaves the address bar (replaced, other parameters and
 * the hash kept; the club is not loaded again). An unknown channel is left alone.
 */
export function useClubShareArrival(clubId: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const counted = useRef<string | null>(null);
  const via = shareViaOf(location.search);

  useEffect(() => {
    if (!via || !clubId || counted.current === location.key) return;
    counted.current = location.key;
    rememberShareVia(via);
    navigate(
      { pathname: location.pathname, search: searchWithoutVia(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
    void postVisit({ target: { kind: 'club', clubId }, via });
  }, [via, location, navigate, clubId]);
}

async function postVisit(body: ReachVisitInput): Promise<void> {
  try {
    // Loaded on demand: the API client stays out of the club page's first load.
    const { createHttpClient } = await import('@erd/shared-contracts/http');
    await createHttpClient().post(reachPaths.visits, body);
  } catch {
    // Counting is no reason to bother the visitor.
  }
}
