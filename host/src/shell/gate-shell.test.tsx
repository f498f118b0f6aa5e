import { within } from '@testing-library/react';
import { pageSlots, storageKeys } from '@erd/shared-contracts/wire';
import { AGE_GATE_FADE_MS } from '../features/age-gate/components/age-gate-view';
import { CONSENT_ATTRIBUTE, GATE_SHELL_ID, LEGAL_PAGE_ATTRIBUTE } from './gate-shell-ids';
import { CONSENT_SCRIPT, renderGateShell } from './gate-shell';

/**
 * The age gate the host build renders into index.html: the same markup as the app's gate, shown or
 * hidden before any app code has run by the page's consent script.
 */

function loadPage(stored: string | null) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(storageKeys.ageConsent, stored);
  document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
  const { body } = renderGateShell();
  document.body.innerHTML = `<div id="root">${body}</div>`;
  // The page's inline script, as the browser runs it from <head>.
  new Function(CONSENT_SCRIPT)();
  return document.getElementById(GATE_SHELL_ID)!;
}

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('the gate in the page', () => {
  it('holds the question and the denied message with the spec texts, and the product name slot', () => {
    const shell = loadPage(null);
    const [open, denied] = within(shell).getAllByRole('dialog', { hidden: true });
    expect(open).toHaveAttribute('data-state', 'open');
    expect(open).toHaveAccessibleName('ALT GENUG ZUM PUNKTEN?');
    expect(within(open).getByRole('button', { name: 'JA', hidden: true })).toHaveAccessibleDescription(
      'Ich bestätige, dass ich mindestens 18 Jahre alt bin.',
    );
    expect(within(open).getByRole('button', { name: 'Nein', hidden: true })).toHaveAccessibleDescription(
      'Ich bin noch keine 18 Jahre alt.',
    );
    expect(open).toHaveTextContent(`Die Teilnahme an der ${pageSlots.productName} und die Gewinne sind nur für Personen ab 18 Jahren.`);
    expect(denied).toHaveAttribute('data-state', 'denied');
    expect(denied).toHaveAccessibleName('SCHADE! NÄCHSTES JAHR VIELLEICHT?');
    expect(document.querySelectorAll('[id]').length).toBe(new Set([...document.querySelectorAll('[id]')].map((e) => e.id)).size);
  });

  it('head: the style that picks what shows, and the consent script', () => {
    const { head } = renderGateShell();
    expect(head).toBe(`<style>${head.slice(7, head.indexOf('</style>'))}</style><script>${CONSENT_SCRIPT}</script>`);
    expect(head).toContain(`html[${CONSENT_ATTRIBUTE}="approved"] #${GATE_SHELL_ID}{display:none}`);
    // painted only once parsed to its end (a half-parsed, centred gate would shift as the rest arrives)
    expect(head).toContain(`#${GATE_SHELL_ID}:not(:has(#${GATE_SHELL_ID}-end)){visibility:hidden}`);
    expect(renderGateShell().body).toMatch(new RegExp(`<i id="${GATE_SHELL_ID}-end" hidden=""></i></div>$`));
  });

  it.each([
    [null, null],
    [JSON.stringify({ over18: 'approved', timestamp: 1 }), 'approved'],
    [JSON.stringify({ over18: 'denied', timestamp: 1 }), 'denied'],
    [JSON.stringify({ over18: 'maybe' }), null],
    ['{broken', null],
    ['null', null],
  ])('stored %s: the page is marked %s, as the app reads the record', (stored, marked) => {
    loadPage(stored);
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe(marked);
  });

  it('JA before the app has started: stored as the app stores it, and the gate fades out', () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    const shell = loadPage(null);
    within(shell).getByRole('button', { name: 'JA', hidden: true }).click();
    expect(JSON.parse(localStorage.getItem(storageKeys.ageConsent)!)).toEqual({
      over18: 'approved',
      timestamp: new Date('2026-05-01T10:00:00Z').getTime(),
    });
    expect(shell).toHaveAttribute('data-leaving');
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBeNull();
    jest.advanceTimersByTime(AGE_GATE_FADE_MS);
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('approved');
  });

  it('Nein before the app has started: stored, and the denied message shows at once', () => {
    const shell = loadPage(null);
    within(shell).getByRole('button', { name: 'Nein', hidden: true }).click();
    expect(JSON.parse(localStorage.getItem(storageKeys.ageConsent)!)).toMatchObject({ over18: 'denied' });
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
  });

  it('Doch schon 18? before the app has started: the Nein is forgotten and the question shows again', () => {
    const shell = loadPage(JSON.stringify({ over18: 'denied', timestamp: 1 }));
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
    const [, denied] = within(shell).getAllByRole('dialog', { hidden: true });
    within(denied).getByRole('button', { name: 'Doch schon 18?', hidden: true }).click();
    expect(localStorage.getItem(storageKeys.ageConsent)).toBeNull();
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBeNull();
  });

  it('both states link to the Impressum and the privacy notice', () => {
    const shell = loadPage(null);
    for (const dialog of within(shell).getAllByRole('dialog', { hidden: true })) {
      expect(within(dialog).getByRole('link', { name: 'Impressum', hidden: true })).toHaveAttribute('href', '/imprint');
      expect(within(dialog).getByRole('link', { name: 'Datenschutz', hidden: true })).toHaveAttribute('href', '/dataProtection');
    }
  });

  it.each([
    ['/imprint', true],
    ['/dataProtection', true],
    ['/dataprotection/', true],
    ['/terms', true],
    ['/', false],
    ['/imprint/x', false],
    ['/challenge', false],
  ])('on %s the page is marked as a legal page (the gate does not cover it): %s', (pathname, legal) => {
    window.history.replaceState(null, '', pathname);
    loadPage(null);
    expect(document.documentElement.hasAttribute(LEGAL_PAGE_ATTRIBUTE)).toBe(legal);
    const { head } = renderGateShell();
    expect(head).toContain(`html[${LEGAL_PAGE_ATTRIBUTE}] #${GATE_SHELL_ID}{display:none}`);
    document.documentElement.removeAttribute(LEGAL_PAGE_ATTRIBUTE);
    window.history.replaceState(null, '', '/');
  });

  it('clicks elsewhere are not choices', () => {
    loadPage(null);
    document.body.click();
    document.getElementById(`${GATE_SHELL_ID}-title`)!.click();
    expect(localStorage.getItem(storageKeys.ageConsent)).toBeNull();
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBeNull();
  });
});
