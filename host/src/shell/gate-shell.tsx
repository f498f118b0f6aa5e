import { ThemeProvider } from '@emotion/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { legalPathPattern, pageSlots, storageKeys } from '@erd/shared-contracts/wire';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import { AGE_GATE_FADE_MS, AgeGateView } from '../features/age-gate/components/age-gate-view';
import { CONSENT_ATTRIBUTE, GATE_SHELL_ID, LEGAL_PAGE_ATTRIBUTE } from './gate-shell-ids';

/**
 * The age gate in the page itself, before any script has run (issue 10: a first visit on a phone
 * painted nothing until ~160 KB of script had arrived and run). The host's production build renders
 * this once (config/webpack.mf.cjs, `PrerenderGateShell`) into `index.html`:
 *
 * - `body`: the gate's markup inside `#root`, from the same `AgeGateView` the app renders (the
 *   question and the denied message; CSS shows the one that applies), with emotion's styles inline.
 *   React's first render replaces it with the live gate: the same markup, so nothing moves;
 * - `head`: a small inline script (the server allows it by its hash in the Content-Security-Policy)
 *   that reads the stored consent before the first paint and marks `<html data-erd-consent>`, so a
 *   visitor who passed the gate never sees it, and one who said 'Nein' sees the denied message; a
 *   choice made on this gate before the app has started is stored as the app stores it and applied
 *   ('Doch schon 18?' forgets a 'Nein'). On a legal page it marks `<html data-erd-legal>`: the gate
 *   does not cover the Impressum, the privacy notice and the terms.
 *
 * The product's name comes from the server's configuration: the markup holds its slot
 * (`pageSlots.productName`), which the server fills (HTML-escaped) when it serves the page.
 */

/** The last element of the gate's markup: until the parser has reached it the gate stays unpainted. */
const END_ID = `${GATE_SHELL_ID}-end`;

const STYLE = [
  `html[${CONSENT_ATTRIBUTE}="approved"] #${GATE_SHELL_ID}{display:none}`,
  `html[${LEGAL_PAGE_ATTRIBUTE}] #${GATE_SHELL_ID}{display:none}`,
  // A page is painted while it is still being parsed: a half-parsed gate, centred, would move up as
  // the rest of it arrives (a layout shift). Shown whole or not at all (a browser without :has()
  // ignores the rule and shows it as it comes).
  `#${GATE_SHELL_ID}:not(:has(#${END_ID})){visibility:hidden}`,
  `html:not([${CONSENT_ATTRIBUTE}="denied"]) #${GATE_SHELL_ID}>[data-state="denied"]{display:none}`,
  `html[${CONSENT_ATTRIBUTE}="denied"] #${GATE_SHELL_ID}>[data-state="open"]{display:none}`,
  // An approval on this gate fades it out as the app's gate does (its own transition).
  `#${GATE_SHELL_ID}[data-leaving]>[role="dialog"]{opacity:0;pointer-events:none}`,
].join('');

/** The consent probe: as `readAgeConsent` and `writeAgeConsent` (host/src/lib/age-consent.ts) read and write the record. */
export const CONSENT_SCRIPT =
  `(function(d){var k=${JSON.stringify(storageKeys.ageConsent)},r=d.documentElement;` +
  `function set(v){r.setAttribute(${JSON.stringify(CONSENT_ATTRIBUTE)},v)}` +
  `if(${legalPathPattern.toString()}.test(location.pathname))r.setAttribute(${JSON.stringify(LEGAL_PAGE_ATTRIBUTE)},"");` +
  `try{var c=JSON.parse(localStorage.getItem(k));if(c&&(c.over18==="approved"||c.over18==="denied"))set(c.over18)}catch(e){}` +
  `d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(`#${GATE_SHELL_ID} [data-consent-choice]`)});` +
  `if(!b)return;var v=b.getAttribute("data-consent-choice");` +
  `if(v==="ask"){try{localStorage.removeItem(k)}catch(x){}return r.removeAttribute(${JSON.stringify(CONSENT_ATTRIBUTE)})}` +
  `try{localStorage.setItem(k,JSON.stringify({over18:v,timestamp:Date.now()}))}catch(x){}` +
  `if(v!=="approved")return set(v);d.getElementById(${JSON.stringify(GATE_SHELL_ID)}).setAttribute("data-leaving","");` +
  `setTimeout(function(){set(v)},${AGE_GATE_FADE_MS})})})(document)`;

export function renderGateShell(): { head: string; body: string } {
  const body = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <div id={GATE_SHELL_ID}>
        <AgeGateView productName={pageSlots.productName} state="open" titleId={`${GATE_SHELL_ID}-title`} />
        <AgeGateView productName={pageSlots.productName} state="denied" titleId={`${GATE_SHELL_ID}-denied`} />
        <i id={END_ID} hidden />
      </div>
    </ThemeProvider>,
  );
  return { head: `<style>${STYLE}</style><script>${CONSENT_SCRIPT}</script>`, body };
}
