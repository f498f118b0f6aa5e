import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { SHARE_VIA_PARAM, useLocation } from '@erd/shared-contracts';
import { EntryShareButton } from './share-button';
import type { ShareKitProps } from './share-kit';

/** A component of a chunk of its own; should the chunk not load (a release in between, the network), `fallback` shows. */
function lazySlot<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ComponentType<P> = () => null) {
  const Lazy: ComponentType<P> = lazy(() => load().catch(() => ({ default: fallback })));
  return (props: P) => <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>;
}

/** Without the kit, the device share stays: the card leaves it to the kit on the club's own entry. */
function DeviceShareOnly({ challenge, entry, url }: ShareKitProps) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', marginTop: 16 }}>
      <EntryShareButton challenge={challenge} entry={entry} url={url} />
    </div>
  );
}

// Issue 23: the entry page's first load carries neither. The kit loads for a club's members on their
// own published entry (below it), the arrival only for a visit through a share link.
export const ShareKitSlot = lazySlot(() => import('./share-kit'), DeviceShareOnly);
const ShareArrival = lazySlot(() => import('./share-arrival'));

/** A visit through a share link (`?via=`) is counted; nothing is loaded without one. */
export function ShareArrivalSlot(props: { challengeId: string; participationId: string }) {
  const { search } = useLocation();
  return new URLSearchParams(search).has(SHARE_VIA_PARAM) ? <ShareArrival {...props} /> : null;
}
