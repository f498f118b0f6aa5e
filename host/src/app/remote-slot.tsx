import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { RemoteName } from '@erd/shared-contracts';
import type { BackofficeRemoteName } from '@erd/shared-contracts/backoffice';
import { LoadError, Spinner } from '@erd/shared-contracts/ui';
import { loadedRemoteModule, loadRemoteModule } from './remotes/federation';

/**
 * One area of the page served by a remote. Three layers against failure: a timeout on loading,
 * an error boundary that also catches the remote's own render errors, and a German fallback
 * with a retry that loads the remote afresh. The header, footer and other areas keep working.
 */

interface BoundaryProps {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`[${this.props.remote}]`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteFallback onRetry={this.props.onRetry} /> : this.props.children;
  }
}

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadError
      data-testid="remote-fallback"
      text="Dieser Bereich konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal."
      onRetry={onRetry}
    />
  );
}

interface RemoteSlotProps<P extends object> {
  remote: RemoteName | BackofficeRemoteName;
  module: string;
  props?: P;
}

const hasComponent = <P,>(loaded: { default: ComponentType<P> } | undefined): loaded is { default: ComponentType<P> } =>
  typeof loaded?.default === 'function' || (typeof loaded?.default === 'object' && loaded.default !== null);

export function RemoteSlot<P extends object>({ remote, module, props }: RemoteSlotProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => {
    // A module that has already arrived (the page's first remote, awaited before the first render)
    // is rendered at once: a lazy component would show the fallback first, and React reveals a
    // fallback's content no sooner than 300 ms after the fallback was shown.
    const arrived = loadedRemoteModule<{ default: ComponentType<P> }>(remote, module);
    if (hasComponent(arrived)) return arrived.default;
    // React.lazy caches a rejection, so every retry needs a fresh lazy component.
    return lazy(async () => {
      const loaded = await loadRemoteModule<{ default: ComponentType<P> }>(remote, module, { retry: attempt > 0 });
      if (!hasComponent(loaded)) throw new Error(`${remote}/${module} has no default export`);
      return { default: loaded.default };
    });
  }, [remote, module, attempt]);
  const RemoteComponent = Remote as unknown as ComponentType<Record<string, unknown>>;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner />}>
        <RemoteComponent {...(props as Record<string, unknown> | undefined)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
