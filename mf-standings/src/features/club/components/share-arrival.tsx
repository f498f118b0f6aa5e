import { useEffect, useRef } from 'react';
import { isShareChannel, reachPaths, SHARE_VIA_PARAM, storageKeys, useLocation, useNavigate } from '@erd/shared-contracts';
import type { ReachVisitInput } from '@erd/shared-contracts/schemas';

/**
 * A club page opened through a share link (`?via=<channel>`, issue 23), a chunk of its own (only
 * such visits load it): the visit is counted once per page view (POST /api/reach/visits, no
 * cookie, no token; a failure is ignored), the channel is kept in `sessionStorage` for this
 * browser session's votes (the entry page sends it), and `via` leaves the address bar (replaced,
 * other parameters and the hash kept; the club is not loaded again). An unknown channel is left alone.
 */
export default function ShareArrival({ clubId }: { clubId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const counted = useRef<string | null>(null);
  const via = new URLSearchParams(location.search).get(SHARE_VIA_PARAM);

  useEffect(() => {
    if (!isShareChannel(via) || !clubId || counted.current === location.key) return;
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
    void postVisit({ target: { kind: 'club', clubId }, via });
  }, [via, location, navigate, clubId]);

  return null;
}

async function postVisit(body: ReachVisitInput): Promise<void> {
  try {
    // Loaded on demand, like every API call of the site.
    const { createHttpClient } = await import('@erd/shared-contracts/http');
    await createHttpClient().post(reachPaths.visits, body);
  } catch {
    // Counting is no reason to bother the visitor.
  }
}
