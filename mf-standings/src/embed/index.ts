/**
 * `embed.js`: the standings widget for pages that are not ours (the sponsor's brand page, another
 * origin, maybe without React). A plain script, built by webpack.embed.cjs outside Module
 * Federation: it brings its own React and emotion and shares nothing with the page.
 *
 * This entry is small and served no-cache (its name is what the sponsor's page holds); the widget
 * itself (React, emotion, the table) is a content-hashed chunk next to it, cached immutably, loaded
 * by the first `mount`. The API is there as soon as this script has run, as before.
 *
 *   <div id="punktejagd-tabelle"></div>
 *   <script src="https://punktejagd.example/remotes/mf_standings/embed.js"></script>
 *   <script>PunktejagdStandings.mount(document.getElementById('punktejagd-tabelle'), { limit: 10 });</script>
 *
 * or declaratively: `<div data-punktejagd-standings data-limit="5" data-refresh="60"></div>` before the
 * script tag. The widget checks for a newly published table every 60 s (`refreshSeconds`,
 * `data-refresh`; 0 = never). `season` / `data-season="2025"` pins it to a season's table (issue 26).
 */
import type * as WidgetModule from '../features/embed/mount';
import type { EmbedOptions, MountedWidget } from '../features/embed/mount';

export interface PunktejagdStandingsApi {
  mount(element: Element | string, options?: EmbedOptions): MountedWidget;
  unmount(element: Element | string): void;
}

declare global {
  interface Window {
    PunktejagdStandings?: PunktejagdStandingsApi;
  }
}

/** The origin this script was loaded from (document.currentScript only exists while the script first runs). */
function scriptOrigin(): string {
  const script = document.currentScript;
  if (script instanceof HTMLScriptElement && script.src) return new URL(script.src, location.href).origin;
  return location.origin;
}

const defaultBaseUrl = scriptOrigin();

function resolveElement(target: Element | string): Element {
  const element = typeof target === 'string' ? document.querySelector(target) : target;
  if (!(element instanceof Element)) throw new Error(`PunktejagdStandings: element not found (${String(target)})`);
  return element;
}

type Widget = typeof WidgetModule;
let widget: Promise<Widget> | null = null;
/** The widget's chunk, loaded once; a failed load is tried again by the next `mount`. */
function loadWidget(): Promise<Widget> {
  widget ??= import(/* webpackChunkName: "embed-widget" */ '../features/embed/mount').catch((error: unknown) => {
    widget = null;
    throw error;
  });
  return widget;
}

/** The widget mounted (or being mounted) in an element. */
const handles = new WeakMap<Element, MountedWidget>();

const api: PunktejagdStandingsApi = {
  mount(target, options = {}) {
    const element = resolveElement(target);
    handles.get(element)?.unmount();
    let cancelled = false;
    let mounted: MountedWidget | null = null;
    const handle: MountedWidget = {
      unmount() {
        cancelled = true;
        mounted?.unmount();
        if (handles.get(element) === handle) handles.delete(element);
      },
    };
    handles.set(element, handle);
    loadWidget().then(
      ({ mountStandingsWidget }) => {
        if (!cancelled) mounted = mountStandingsWidget(element, { ...options, baseUrl: options.baseUrl ?? defaultBaseUrl });
      },
      (error: unknown) => console.error('PunktejagdStandings: the widget could not be loaded', error),
    );
    return handle;
  },
  unmount(target) {
    handles.get(resolveElement(target))?.unmount();
  },
};

window.PunktejagdStandings = api;

/** Mounts every `[data-punktejagd-standings]` element without a widget yet (runs once when the script loads). */
export function autoMount() {
  document.querySelectorAll<HTMLElement>('[data-punktejagd-standings]').forEach((element) => {
    if (element.shadowRoot || handles.has(element)) return;
    const { baseUrl, limit, refresh, season } = element.dataset;
    api.mount(element, {
      baseUrl: baseUrl || undefined,
      limit: limit ? Number(limit) : undefined,
      refreshSeconds: refresh !== undefined && refresh.trim() !== '' ? Number(refresh) : undefined,
      season: season || undefined,
    });
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', autoMount, { once: true });
else autoMount();
