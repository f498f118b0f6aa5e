import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { SHARE_VIA_PARAM, useLocation } from '@erd/shared-contracts';

/** A component of a chunk of its own; should the chunk not load (a release in between, the network), nothing shows. */
function lazySlot<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy: ComponentType<P> = lazy(() => load().catch(() => ({ default: () => null })));
  return (props: P) => <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>;
}

// Issue 23: the club page's first load carries neither. The kit loads for the club's own members,
// the arrival only for a visit through a share link.
export const ClubShareKitSlot = lazySlot(() => import('./club-share-kit'));
const ShareArrival = lazySlot(() => import('./share-arrival'));

/** A visit through a share link (`?via=`) is counted; nothing is loaded without one. */
export function ShareArrivalSlot({ clubId }: { clubId: string }) {
  const { search } = useLocation();
  return new URLSearchParams(search).has(SHARE_VIA_PARAM) ? <ShareArrival clubId={clubId} /> : null;
}
