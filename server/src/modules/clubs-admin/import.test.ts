import { performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import type { ClubImportPreviewDto, ClubImportResultDto } from '@erd/shared-contracts/backoffice';
import { clubs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { operatorCall, operatorSession } from '../../test-support/operators.js';

/**
 * The clubs import with files as spreadsheets save them (issue 22): the encoding found out and
 * named (German Excel's Windows-1252 never becomes U+FFFD), bidi controls refused like every name,
 * and a large file imported without freezing the process (/health keeps answering).
 */

jest.setTimeout(180_000);

let t: TestApp;
let admin: string;
const HEADER = 'clubnumber,clubname,team,logourl,linkurl';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  admin = await operatorSession(t, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.ctx.db.delete(clubs);
});

/** The file's bytes as the browser sends them (no charset: the server finds it out). */
const post = (url: string, file: Buffer | string) => operatorCall(t.app, 'POST', url, admin, file, { 'content-type': 'text/csv' });
const preview = async (file: Buffer | string) => {
  const res = await post('/api/operator/clubs/import/preview', file);
  expect(res.statusCode).toBe(200);
  return res.json<ClubImportPreviewDto>();
};
const apply = async (file: Buffer | string) => {
  const { previewHash } = await preview(file);
  const res = await post(`/api/operator/clubs/import/apply?previewHash=${previewHash}`, file);
  expect(res.statusCode).toBe(200);
  return res.json<ClubImportResultDto>();
};
const storedNames = async () => (await t.ctx.db.select({ clubname: clubs.clubname }).from(clubs)).map((r) => r.clubname).sort();

/** Windows-1252 bytes of `text` (latin1 covers the letters used here; € is 0x80 in Windows-1252). */
const windows1252 = (text: string) => Buffer.from(text.replace(/€/g, '\x80'), 'latin1');

describe('encodings', () => {
  const names = ['1,Münchener SV Größ,m,,', '2,FC Rot-Weiß € Äpfel,w,,'];

  it('reads German Excel’s Windows-1252 file, says so, and stores the umlauts (no U+FFFD)', async () => {
    const file = windows1252([HEADER, ...names].join('\r\n'));
    const shown = await preview(file);
    expect(shown.encoding).toBe('windows-1252');
    expect(shown.badRows).toEqual([]);
    expect(shown.added.map((c) => c.clubname)).toEqual(['Münchener SV Größ', 'FC Rot-Weiß € Äpfel']);
    await apply(file);
    const stored = await storedNames();
    expect(stored).toEqual(['FC Rot-Weiß € Äpfel', 'Münchener SV Größ']);
    expect(stored.join('')).not.toContain('\uFFFD');
  });

  it('reads UTF-8 with and without the byte order mark, and German Excel’s “;” separator', async () => {
    const utf8 = Buffer.from([HEADER, ...names].join('\n'), 'utf8');
    expect(await preview(utf8)).toMatchObject({ encoding: 'utf-8', badRows: [] });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    const withBom = await preview(bom);
    expect(withBom).toMatchObject({ encoding: 'utf-8-bom', badRows: [] });
    expect(withBom.added.map((c) => c.clubname)).toEqual(['Münchener SV Größ', 'FC Rot-Weiß € Äpfel']);
    const semicolons = windows1252([HEADER.replace(/,/g, ';'), '3;Würzburger Kickers, e.V.;m;;'].join('\r\n'));
    const excel = await preview(semicolons);
    expect(excel).toMatchObject({ encoding: 'windows-1252', badRows: [] });
    expect(excel.added.map((c) => c.clubname)).toEqual(['Würzburger Kickers, e.V.']);
  });

  it('refuses a replacement character already in the file, and UTF-16, with a German reason', async () => {
    const damaged = await preview(`${HEADER}\n1,M\uFFFDnchener SV,m,,\n2,FC Gut,m,,`);
    expect(damaged.badRows).toEqual([{ line: 2, reason: expect.stringContaining('clubname enthält das Ersatzzeichen') }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\r\n1,A,m,,`, 'utf16le')]);
    const res = await post('/api/operator/clubs/import/preview', utf16);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('UTF-16');
    expect(await storedNames()).toEqual([]);
  });
});

describe('bidi controls', () => {
  it('refuses a club name with a direction override, embedding, isolate or mark, in any column', async () => {
    const controls = ['\u202E', '\u202A', '\u2066', '\u2069', '\u200F', '\u061C'];
    const rows = controls.map((c, i) => `${i + 1},SV Nord${c} (Frauen),w,,`);
    const shown = await preview([HEADER, ...rows, '99,SV Link,m,,https://sv.example/\u202Eexe'].join('\n'));
    expect(shown.badRows).toHaveLength(controls.length + 1);
    expect(shown.badRows[0]).toEqual({
      line: 2,
      reason: 'clubname enthält Steuerzeichen der Schreibrichtung (z. B. U+202E); die sind nicht erlaubt.',
    });
    expect(shown.badRows.at(-1)!.reason).toMatch(/^linkurl enthält Steuerzeichen der Schreibrichtung/);
    const res = await post(`/api/operator/clubs/import/apply?previewHash=${shown.previewHash}`, [HEADER, ...rows].join('\n'));
    expect(res.statusCode).toBe(409);
    expect(await storedNames()).toEqual([]);
  });
});

describe('a large file', () => {
  /** Clubs with short names: many rows in few bytes, as a federation's full list. */
  function bigFile(count: number): string {
    const lines = [HEADER];
    for (let i = 0; i < count / 2; i++) lines.push(`${i},Verein ${i},m,,`, `${i},Verein ${i},w,,`);
    return lines.join('\n');
  }

  /**
   * Runs `work` while asking /health every 20 ms; answers the longest wait beyond the 20 ms, how many
   * answers came and how long the work took.
   */
  async function healthDuring(work: () => Promise<unknown>): Promise<{ worstMs: number; answers: number; workMs: number }> {
    let done = false;
    let worstMs = 0;
    let answers = 0;
    const probe = (async () => {
      while (!done) {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const res = await t.app.inject({ method: 'GET', url: '/health' });
        expect(res.statusCode).toBe(200);
        answers++;
        worstMs = Math.max(worstMs, performance.now() - start - 20);
      }
    })();
    const started = performance.now();
    try {
      await work();
    } finally {
      done = true;
      await probe;
    }
    return { worstMs, answers, workMs: performance.now() - started };
  }

  it('keeps /health answering while 20,000 clubs are previewed and imported', async () => {
    const file = bigFile(20_000);
    let shown: ClubImportPreviewDto | undefined;
    let result: ClubImportResultDto | undefined;
    const during = await healthDuring(async () => {
      shown = await preview(file);
      result = (await post(`/api/operator/clubs/import/apply?previewHash=${shown.previewHash}`, file)).json<ClubImportResultDto>();
    });
    // Before issue 22 /health waited up to 15.8 s here: the whole preview, then the whole import, in one
    // block, most of the work's time. Now the longest wait is a small share of it (0.3-0.7 s measured on
    // the 2-core machine under load). A share, not milliseconds: a busy machine slows both alike.
    expect(during.worstMs).toBeLessThan(during.workMs / 5);
    expect(during.answers).toBeGreaterThan(10);
    expect(shown!.totals).toMatchObject({ added: 20_000, badRows: 0 });
    expect(shown!.added).toHaveLength(500);
    expect(result).toMatchObject({ added: 20_000 });
    expect((await t.ctx.db.select({ n: count() }).from(clubs))[0]!.n).toBe(20_000);
  });
});
