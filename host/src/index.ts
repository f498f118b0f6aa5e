// Async boundary: shared singletons are negotiated before any app code runs.
//
// The page's HTML already shows the age gate to a visitor who has not passed it
// (host/src/shell/gate-shell.tsx, which marks `<html data-erd-consent>` for one who has). For them
// the app's code (its files are preloaded, often there before the first frame) starts once that gate
// is on the screen: evaluating it before would hold the first paint back by the whole start of the
// app (on a phone, most of a second). A visitor past the gate (or on a legal page, which it does not
// cover) sees the page's static frame (host/src/shell/frame-shell.tsx: header bar and background,
// decision 0018) until the app has rendered, and a hidden tab paints nothing: there the app starts
// at once. The timer is the guard should no paint be reported.
import { CONSENT_ATTRIBUTE, GATE_SHELL_ID, LEGAL_PAGE_ATTRIBUTE } from './shell/gate-shell-ids';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./bootstrap');
};
const html = document.documentElement;
const gateInPage =
  document.getElementById(GATE_SHELL_ID) !== null &&
  html.getAttribute(CONSENT_ATTRIBUTE) !== 'approved' &&
  !html.hasAttribute(LEGAL_PAGE_ATTRIBUTE);
if (gateInPage && document.visibilityState === 'visible' && typeof PerformanceObserver === 'function') {
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 1000);
} else {
  start();
}
