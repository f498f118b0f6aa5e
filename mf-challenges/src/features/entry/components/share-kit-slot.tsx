import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { ShareButton } from './share-button';

// The kit is its own chunk: only a club's members on their own published entry load it.
const ShareKit = lazy(() => import('./share-kit'));

/**
 * Where the club's share kit goes (issue 23). Should its chunk not load (a release in between, the
 * network), the device share stays: the card leaves it to the kit on the club's own entry.
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
    <KitBoundary fallback={fallback}>
      <Suspense fallback={null}>
        <ShareKit {...props} />
      </Suspense>
    </KitBoundary>
  );
}

class KitBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
