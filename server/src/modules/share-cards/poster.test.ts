import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { renderPoster } from './index.js';
import type { EntryShareModel } from './index.js';
import { LOGO_SVG, photoLike } from './test-support/pictures.js';

// mupdf is ESM with WebAssembly, which jest's CommonJS environment cannot load: a node process of its
// own (test-support/read-poster.mjs) opens the PDF, renders page 1 at 144 dpi and decodes the QR code with jsQR.
interface PosterReading {
  pages: number;
  width: number;
  height: number;
  text: string;
  qr: string | null;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-poster-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(pdf: Buffer, name: string): Promise<PosterReading> {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, 'test-support', 'read-poster.mjs'), file]);
  return JSON.parse(stdout) as PosterReading;
}

const entry: EntryShareModel = {
  productName: 'Punktejagd',
  challengeTitle: 'Euer lautester Schlachtruf',
  challengeNumber: 4,
  kind: 'slogan',
  slogan: 'Füße hoch, Köpfe runter – wir schießen uns nach oben!',
  clubName: 'FC Füssen',
  team: 'Herren',
  clubLogo: { data: LOGO_SVG },
  voting: true,
  url: 'https://punktejagd.example.de/challenge/challenge-schlachtruf/participation-123?via=qr',
};

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('poster', () => {
  it('is one A4 page whose QR code decodes to the link, with the entry, the club, the three steps and the 18+ line', async () => {
    const poster = await renderPoster(entry);
    expect(poster.contentType).toBe('application/pdf');
    expect(poster.data.subarray(0, 5).toString()).toBe('%PDF-');
    const page = await read(poster.data, 'slogan');
    expect(page.pages).toBe(1);
    expect(Math.abs(page.width - 595)).toBeLessThanOrEqual(1);
    expect(Math.abs(page.height - 842)).toBeLessThanOrEqual(1);
    expect(page.qr).toBe(entry.url);
    const text = flat(page.text);
    for (const expected of [
      'Euer lautester Schlachtruf',
      'Füße hoch, Köpfe runter',
      'FC Füssen',
      'So stimmst du ab',
      'QR-Code scannen',
      'Beitrag ansehen',
      '„Abstimmen“ tippen',
      'Teilnahme und Gewinne ab 18 Jahren',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('shows a picture entry, a club without a logo and a name in latin-ext letters, and still decodes', async () => {
    const url = 'https://punktejagd.example.de/challenge/challenge-jubel/participation-456?via=qr';
    const poster = await renderPoster({
      ...entry,
      kind: 'picture',
      slogan: undefined,
      picture: { data: await photoLike(800, 600) },
      clubName: '\u202ETürkgücü Şahin 🦁 München-Großhadern',
      clubLogo: null,
      url,
    });
    const page = await read(poster.data, 'picture');
    expect(page.qr).toBe(url);
    expect(flat(page.text)).toContain('Türkgücü Şahin München-Großhadern');
  });

  it('shortens a 200-character slogan and a 10-KB club name to the page', async () => {
    const poster = await renderPoster({
      ...entry,
      slogan: `${'Heimspiel '.repeat(20).trim()}!`,
      clubName: 'Spielvereinigung Großweißenbach '.repeat(330),
    });
    const page = await read(poster.data, 'long');
    expect(page.pages).toBe(1);
    expect(page.qr).toBe(entry.url);
    expect(flat(page.text)).toContain('…');
  });
});
