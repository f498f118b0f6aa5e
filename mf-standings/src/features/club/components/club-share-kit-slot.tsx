import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

// The kit is its own chunk: only the club's own members load it.
const ClubShareKit = lazy(() => import('./club-share-kit'));

/** Where the club's share kit goes (issue 23); should its chunk not load, the page goes on without it. */
export function ClubShareKitSlot(props: ComponentProps<typeof ClubShareKit>) {
  return (
    <KitBoundary>
      <Suspense fallback={null}>
        <ClubShareKit {...props} />
      </Suspense>
    </KitBoundary>
  );
}

class KitBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
