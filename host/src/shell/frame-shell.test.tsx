import { within } from '@testing-library/react';
import { storageKeys } from '@erd/shared-contracts/wire';
import { FRAME_SHELL_ID, GATE_SHELL_ID } from './gate-shell-ids';
import { CONSENT_SCRIPT, renderGateShell } from './gate-shell';
import { renderFrameShell } from './frame-shell';

/**
 * The site's frame the host build renders into index.html after the age gate: the header bar with the
 * logo and the 'Jetzt mitmachen' button look, shown before any script as the app's layout would show
 * it for the stored consent.
 */

function loadPage(stored: string | null, pathname = '/') {
  window.history.replaceState(null, '', pathname);
  localStorage.clear();
  if (stored !== null) localStorage.setItem(storageKeys.ageConsent, stored);
  for (const name of [...document.documentElement.attributes].map((a) => a.name))
    if (name.startsWith('data-erd')) document.documentElement.removeAttribute(name);
  const gate = renderGateShell();
  const frame = renderFrameShell();
  // the page's own rules (emotion's, written into <head> here, stay where they are)
  document.getElementById('page-rules')?.remove();
  document.head.insertAdjacentHTML(
    'beforeend',
    `<div id="page-rules">${gate.head.replace(/<script>[\s\S]*<\/script>/, '')}${frame.head}</div>`,
  );
  document.body.innerHTML = `<div id="root">${gate.body}${frame.body}</div>`;
  new Function(CONSENT_SCRIPT)();
  return document.getElementById(FRAME_SHELL_ID)!;
}

const approved = JSON.stringify({ over18: 'approved', timestamp: 1 });
const visibility = (element: Element) => getComputedStyle(element).visibility;
const controlsShown = (frame: HTMLElement) => getComputedStyle(frame.querySelector('[data-frame-controls]')!).display !== 'none';

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the frame in the page', () => {
  it('is the header bar: the logo, the join button look and the profile and menu places, a picture only (inert, hidden from assistive technology)', () => {
    const frame = loadPage(approved);
    expect(frame).toHaveAttribute('inert');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(frame).toHaveTextContent('PUNKTEJAGD');
    const join = within(frame).getByText('Jetzt mitmachen');
    expect(join.tagName).toBe('A');
    expect(join).toHaveAttribute('href', '/login');
    expect(join).toHaveAttribute('tabindex', '-1');
    expect(frame.querySelectorAll('svg')).toHaveLength(3);
    // comes after the gate in #root, which React's first render replaces as a whole
    expect(document.getElementById('root')!.lastElementChild).toBe(frame);
    expect(document.getElementById(GATE_SHELL_ID)!.nextElementSibling).toBe(frame);
  });

  it('past the gate: shown with its controls, while the gate is not', () => {
    const frame = loadPage(approved);
    expect(visibility(frame)).toBe('visible');
    expect(controlsShown(frame)).toBe(true);
    expect(getComputedStyle(document.getElementById(GATE_SHELL_ID)!).display).toBe('none');
  });

  it.each([
    ['no consent yet', null],
    ['a Nein', JSON.stringify({ over18: 'denied', timestamp: 1 })],
  ])('%s: not painted under the gate (the app hides its page there too)', (_, stored) => {
    const frame = loadPage(stored);
    expect(visibility(frame)).toBe('hidden');
  });

  it('a legal page before the gate is passed: the bar without its controls (as the app leaves them out)', () => {
    const frame = loadPage(null, '/imprint');
    expect(visibility(frame)).toBe('visible');
    expect(controlsShown(frame)).toBe(false);
  });

  it('ids are unique across the gate and the frame', () => {
    loadPage(approved);
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.length).toBe(new Set(ids).size);
  });
});
