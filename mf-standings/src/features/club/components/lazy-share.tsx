import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { SHARE_VIA_PARAM, useLocation } from '@erd/shared-contracts';

// Chunks of their own (issue 23): the club page's first load carries neither. The kit loads for
// the club's own members, the arrival only for a visit through a share link.
const ClubShareKit = lazy(() => import('./club-share-kit'));
const ShareArrival = lazy(() => import('./share-arrival'));

/** A visit through a share link (`?via=`) is counted; nothing is loaded without one. */
export function ShareArrivalSlot(props: ComponentProps<typeof ShareArrival>) {
  const { search } = useLocation();
  if (!new URLSearchParams(search).has(SHARE_VIA_PARAM)) return null;
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <ShareArrival {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** The club's share kit; should its chunk not load (a release in between, the network), the page goes on without it. */
export function ClubShareKitSlot(props: ComponentProps<typeof ClubShareKit>) {
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <ClubShareKit {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
