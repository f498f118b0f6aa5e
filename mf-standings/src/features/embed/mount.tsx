// @emotion/cache is @emotion/react's own dependency (same release line, hoisted); CacheProvider needs
// a cache built by it to point emotion at the shadow root. Not a new dependency of this workspace.
// eslint-disable-next-line import/no-extraneous-dependencies
import createCache from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { theme } from '@erd/shared-contracts/ui';
import { StandingsWidget } from './components/standings-widget';

export interface EmbedOptions {
  /** Our server's origin; defaults to where embed.js was loaded from. */
  baseUrl?: string;
  /** How many rows of the overall table (1–100, default 10). */
  limit?: number;
  /**
   * Seconds between checks for a newly published table (default 60; 0 = never; at least 10).
   * The widget renders again only when its rows changed.
   */
  refreshSeconds?: number;
  /**
   * Issue 26: pins the widget to a season, by its year (`2025`, `data-season="2025"`): that
   * season's final table, its link to `/tabelle?saison=2025`. Absent: the current season.
   */
  season?: number | string;
}

export interface MountedWidget {
  unmount(): void;
}

export const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
export const DEFAULT_REFRESH_SECONDS = 60;
/** Shorter intervals only add requests: the server's shared caches keep a version for 60 s. */
const MIN_REFRESH_SECONDS = 10;
const MAX_REFRESH_SECONDS = 24 * 60 * 60;

const mounted = new WeakMap<Element, MountedWidget>();

/** A year number (2000–2100) or null (the current season). */
export function normaliseSeason(value: unknown): number | null {
  const n =
    typeof value === 'string' && /^\s*\d{4}\s*$/.test(value)
      ? Number(value)
      : typeof value === 'number' && Number.isInteger(value)
        ? value
        : NaN;
  return n >= 2000 && n <= 2100 ? n : null;
}

function normaliseLimit(limit: unknown): number {
  const n = typeof limit === 'string' ? Number.parseInt(limit, 10) : typeof limit === 'number' ? Math.floor(limit) : NaN;
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

/** `0` (or `'0'`) turns refreshing off; anything that is not a number of seconds gives the default. */
export function normaliseRefreshSeconds(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n) || n < 0) return DEFAULT_REFRESH_SECONDS;
  if (n === 0) return 0;
  return Math.min(Math.max(Math.round(n), MIN_REFRESH_SECONDS), MAX_REFRESH_SECONDS);
}

/**
 * Renders the widget into a shadow root of `element`, with emotion writing its styles into that
 * shadow root (not into the page's <head>): the sponsor's CSS does not reach the widget and the
 * widget's CSS does not reach the page. Mounting the same element again replaces the widget.
 */
export function mountStandingsWidget(element: Element, options: EmbedOptions & { baseUrl: string }): MountedWidget {
  mounted.get(element)?.unmount();
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.appendChild(container);
  const cache = createCache({ key: 'pjst', container: shadow });
  const root = createRoot(container);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  root.render(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <StandingsWidget
          baseUrl={baseUrl}
          limit={normaliseLimit(options.limit)}
          refreshSeconds={normaliseRefreshSeconds(options.refreshSeconds)}
          season={normaliseSeason(options.season)}
        />
      </ThemeProvider>
    </CacheProvider>,
  );

  let active = true;
  const handle: MountedWidget = {
    unmount() {
      if (!active) return;
      active = false;
      root.unmount();
      container.remove();
      cache.sheet.flush();
      if (mounted.get(element) === handle) mounted.delete(element);
    },
  };
  mounted.set(element, handle);
  return handle;
}

export function unmountStandingsWidget(element: Element): void {
  mounted.get(element)?.unmount();
}
