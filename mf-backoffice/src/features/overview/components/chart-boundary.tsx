import { Component, type ErrorInfo, type ReactNode } from 'react';

export const CHART_FAILED_TEXT = 'Das Diagramm konnte nicht geladen werden. Lade die Seite neu, um es noch einmal zu versuchen.';

/**
 * The chart is a chunk of its own (decision 0009): when it cannot be loaded (a release in between,
 * the network), only the chart says so; the rest of the 'Überblick' stays.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('Diagramm nicht geladen', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <p role="status">{CHART_FAILED_TEXT}</p> : this.props.children;
  }
}
