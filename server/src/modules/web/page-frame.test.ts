import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { seedYear } from '../../test-support/seed.js';
import { CACHE_HTML, CACHE_IMMUTABLE } from './cache.js';

/**
 * Issue 24: the page the server sends carries the site's frame and the display face before any script
 * (the host build writes them into index.html: config/webpack.mf.cjs, host/src/shell). The server
 * serves that page as it is, with the route's head and preload hints added, and the font file as an
 * immutable build file.
 */

const FONT = '/assets/fonts/roboto-condensed-latin-800-normal.a6c97932.woff2';
const FONT_BYTES = Buffer.from('wOF2\u0000\u0001fake-font-bytes');
const FONT_HEAD =
  `<meta charset="utf-8"/><link rel="preload" href="${FONT}" as="font" type="font/woff2" crossorigin>` +
  `<style>@font-face{font-family:'Roboto Condensed';font-display:optional;src:url("${FONT}") format('woff2')}</style>`;
const GATE =
  '<div id="erd-gate-shell"><div role="dialog" data-state="open">ALT GENUG ZUM PUNKTEN?</div><i id="erd-gate-shell-end" hidden=""></i></div>';
const FRAME =
  '<div id="erd-frame-shell" inert="" aria-hidden="true"><div class="css-bar"><span>PUNKTE<span>JAGD</span></span>' +
  '<div data-frame-controls=""><a href="/login" tabindex="-1">Jetzt mitmachen</a></div></div></div>';
const INDEX =
  `<!doctype html><html lang="de"><head>${FONT_HEAD}<title>Punktejagd</title><script defer="defer" src="/main.js"></script>` +
  `<style>html:not([data-erd-consent="approved"]):not([data-erd-legal]) #erd-frame-shell{visibility:hidden}</style>` +
  `<script>(function(){})()</script></head><body><div id="root">${GATE}${FRAME}</div></body></html>`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedYear(t.ctx.db);
  writeFiles(path.join(t.webRoot, 'host/dist'), { 'index.html': INDEX, 'main.js': 'console.log("main")', [FONT.slice(1)]: FONT_BYTES });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

test.each(['/', '/tabelle', '/challenge', '/imprint', '/not-found'])(
  '%s: the frame and the gate in #root, the display face first in <head>',
  async (url) => {
    const res = await get(url);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CACHE_HTML);
    expect(res.body).toContain(`<div id="root">${GATE}${FRAME}</div>`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // the font's preload and rules come before every script and preload hint the server adds
    expect(head.indexOf(FONT_HEAD)).toBe(head.indexOf('<meta charset'));
    expect(head.indexOf(FONT_HEAD)).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf(FONT_HEAD)).toBeLessThan(head.search(/<link rel="preload" as="(fetch|script)"/) >>> 0);
  },
);

test('compressed as the other pages are, the frame intact', async () => {
  const res = await get('/', { 'accept-encoding': 'br' });
  expect(res.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(FRAME);
});

test('the inline style is allowed by the page’s policy, the font by font-src', async () => {
  const csp = String((await get('/')).headers['content-security-policy']);
  expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
  expect(csp).toMatch(/font-src 'self'/);
});

test('the font file: font/woff2, immutable, as it is (woff2 is compressed already)', async () => {
  for (const headers of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
    const res = await get(FONT, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(FONT_BYTES)).toBe(true);
  }
});
