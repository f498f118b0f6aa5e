import { useEffect, useRef } from 'react';
import { isShareChannel, reachPaths, SHARE_VIA_PARAM, storageKeys, useLocation, useNavigate } from '@erd/shared-contracts';
import type { ReachVisitInput } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../api/http';

/**
 * An entry page opened through a share link (`?via=<channel>`, issue 23), a chunk of its own (only
 * such visits load it): the visit is counted once per page view (POST /api/reach/visits, no
 * cookie, no token; a failure is ignored), the channel is kept for this browser session's votes,
 * and `via` leaves the address bar (replaced, other parameters and the hash kept; the entry is not
 * loaded again). An unknown channel is left alone.
 */
export default function ShareArrival({ challengeId, participationId }: { challengeId: string; participationId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const counted = useRef<string | null>(null);
  const via = new URLSearchParams(location.search).get(SHARE_VIA_PARAM);

  useEffect(() => {
    if (!isShareChannel(via) || counted.current === location.key) return;
    counted.current = location.key;
    try {
      // What the votes of this browser session send (lib/share-via).
      sessionStorage.setItem(storageKeys.shareVia, via);
    } catch {
      // No storage: the votes go without it.
    }
    const search = new URLSearchParams(location.search);
    search.delete(SHARE_VIA_PARAM);
    const rest = search.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    void postVisit({ target: { kind: 'entry', challengeId, participationId }, via });
  }, [via, location, navigate, challengeId, participationId]);

  return null;
}

async function postVisit(body: ReachVisitInput): Promise<void> {
  try {
    const http = await apiClient({ member: false });
    await http.post(reachPaths.visits, body);
  } catch {
    // Counting is no reason to bother the visitor.
  }
}
