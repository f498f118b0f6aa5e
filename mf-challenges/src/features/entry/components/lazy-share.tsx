import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { SHARE_VIA_PARAM, useLocation } from '@erd/shared-contracts';
import { ShareButton } from './share-button';

// Chunks of their own (issue 23): the page's first load carries neither. The kit loads for a club's
// members on their own published entry, the arrival only for a visit through a share link.
const ShareKit = lazy(() => import('./share-kit'));
const ShareArrival = lazy(() => import('./share-arrival'));

/** A visit through a share link (`?via=`) is counted; nothing is loaded without one. */
export function ShareArrivalSlot(props: ComponentProps<typeof ShareArrival>) {
  const { search } = useLocation();
  if (!new URLSearchParams(search).has(SHARE_VIA_PARAM)) return null;
  return (
    <ChunkBoundary fallback={null}>
      <Suspense fallback={null}>
        <ShareArrival {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

/**
 * Where the club's share kit goes. Should its chunk not load (a release in between, the network),
 * the device share stays: the card leaves it to the kit on the club's own entry.
 */
export function ShareKitSlot(props: ComponentProps<typeof ShareKit>) {
  const { challenge, entry, url } = props;
  const text = entry.sys?.objectTypeId === 'bfv-erd-picture-participation' ? undefined : entry.fields.slogan;
  const fallback = (
    <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', marginTop: 16 }}>
      <ShareButton title={challenge.fields.headline} text={text} url={url} />
    </div>
  );
  return (
    <ChunkBoundary fallback={fallback}>
      <Suspense fallback={null}>
        <ShareKit {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
