import { useEffect, useRef } from 'react';
import { isShareChannel, reachPaths, SHARE_VIA_PARAM, storageKeys, useLocation, useNavigate } from '@erd/shared-contracts';
import type { ReachTarget, ReachVisitInput } from '@erd/shared-contracts/schemas';

/**
 * A page opened through a share link (`?via=<channel>`, issue 23): the visit of `target` is counted
 * once per page view (POST /api/reach/visits, no cookie, no token; a failure is ignored), the
 * channel is kept in `sessionStorage` for this browser session's votes (the entry page sends it),
 * and `via` leaves the address bar (replaced, other parameters and the hash kept; the page is not
 * loaded again). An unknown channel, or no `target` (not known yet), is left alone. Each page
 * loads it in a chunk of its own, only for such visits.
 */
export function ShareArrival({ target }: { target: ReachTarget | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const counted = useRef<string | null>(null);
  const via = new URLSearchParams(location.search).get(SHARE_VIA_PARAM);

  // Once per page view (`location.key`), however often it renders (StrictMode, a new `target` object).
  useEffect(() => {
    if (!isShareChannel(via) || !target || counted.current === location.key) return;
    counted.current = location.key;
    try {
      sessionStorage.setItem(storageKeys.shareVia, via);
    } catch {
      // No storage: the votes go without it.
    }
    const params = new URLSearchParams(location.search);
    params.delete(SHARE_VIA_PARAM);
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    void postVisit({ target, via });
  }, [via, location, navigate, target]);

  return null;
}

async function postVisit(body: ReachVisitInput): Promise<void> {
  try {
    // Loaded on demand, like every API call of the site.
    const { createHttpClient } = await import('@erd/shared-contracts/http');
    await createHttpClient({ authenticated: false }).post(reachPaths.visits, body);
  } catch {
    // Counting is no reason to bother the visitor.
  }
}
