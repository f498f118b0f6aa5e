/** Names the page's pre-rendered age gate (gate-shell.tsx) and the app's entry (index.ts) share. */
export const GATE_SHELL_ID = 'erd-gate-shell';
/** Set on `<html>` by the page's consent script: 'approved' or 'denied', as stored. */
export const CONSENT_ATTRIBUTE = 'data-erd-consent';
/** Set on `<html>` by the page's consent script on a legal page, which the gate does not cover. */
export const LEGAL_PAGE_ATTRIBUTE = 'data-erd-legal';
/** The page's pre-rendered frame (frame-shell.tsx): the header bar and the background until the app has rendered. */
export const FRAME_SHELL_ID = 'erd-frame-shell';
