/**
 * `embed.js`: the standings widget for pages that are not ours (the sponsor's brand page, another
 * origin, maybe without React). A plain script, built by webpack.embed.cjs outside Module
 * Federation: it brings its own React and emotion and shares nothing with the page.
 *
 *   <div id="punktejagd-tabelle"></div>
 *   <script src="https://punktejagd.example/remotes/mf_standings/embed.js"></script>
 *   <script>PunktejagdStandings.mount(document.getElementById('punktejagd-tabelle'), { limit: 10 });</script>
 *
 * or declaratively: `<div data-punktejagd-standings data-limit="5" data-refresh="60"></div>` before the
 * script tag. The widget checks for a newly published table every 60 s (`refreshSeconds`,
 * `data-refresh`; 0 = never).
 */
import { mountStandingsWidget, unmountStandingsWidget, type EmbedOptions, type MountedWidget } from '../features/embed/mount';

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

const api: PunktejagdStandingsApi = {
  mount(target, options = {}) {
    return mountStandingsWidget(resolveElement(target), { ...options, baseUrl: options.baseUrl ?? defaultBaseUrl });
  },
  unmount(target) {
    unmountStandingsWidget(resolveElement(target));
  },
};

window.PunktejagdStandings = api;

/** Mounts every `[data-punktejagd-standings]` element without a widget yet (runs once when the script loads). */
export function autoMount() {
  document.querySelectorAll<HTMLElement>('[data-punktejagd-standings]').forEach((element) => {
    if (element.shadowRoot) return;
    const { baseUrl, limit, refresh } = element.dataset;
    api.mount(element, {
      baseUrl: baseUrl || undefined,
      limit: limit ? Number(limit) : undefined,
      refreshSeconds: refresh !== undefined && refresh.trim() !== '' ? Number(refresh) : undefined,
    });
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', autoMount, { once: true });
else autoMount();
