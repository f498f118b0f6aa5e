import { eq } from 'drizzle-orm';
import type { ClubAdminPageDto, ClubImportPreviewDto, ClubImportResultDto } from '@erd/shared-contracts/backoffice';
import { clubs, moderationLog, participations } from '../../db/schema/index.js';
import { normalizeSearch } from '../../lib/text.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { withAuditMaintenance } from '../../test-support/db.js';
import { storedMedia } from '../../test-support/media.js';
import { multipartForm, picture } from '../../test-support/pictures.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { OPERATOR_COOKIE } from '../operators/access.js';

/**
 * Clubs in the back office: both roles search and page the list on the server; admins preview a
 * clubs CSV (new, changed with before/after, removed, kept, bad rows with line and reason; nothing
 * written) and apply exactly the previewed file (one transaction, audited; 409 with bad rows or
 * when the clubs changed since the preview). A moderator is 403 on the import, no session 401.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const NOW = new Date('2026-06-15T10:00:00Z');
const HEADER = 'clubnumber,clubname,team,logourl,linkurl';

const get = (url: string, session: string | null) => operatorCall(t.app, 'GET', url, session);

const postCsv = (url: string, session: string | null, csv: string) =>
  operatorCall(t.app, 'POST', url, session, csv, { 'content-type': 'text/csv; charset=utf-8' });

async function addClub(
  id: string,
  clubnumber: string,
  team: 'm' | 'w',
  clubname: string,
  extra: { linkurl?: string; logourl?: string } = {},
) {
  await t.ctx.db.insert(clubs).values({ id, clubnumber, team, clubname, search: normalizeSearch(`${clubname} ${clubnumber}`), ...extra });
}

async function resetClubs() {
  await t.ctx.db.delete(clubs).where(eq(clubs.clubnumber, '9001'));
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  await seedYear(t.ctx.db);
  await seedChallenge(t.ctx.db, { id: 'ch-1', yearId: 'year-seed' });
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/operator/clubs', () => {
  beforeAll(async () => {
    await seedClubs(t.ctx.db, 60);
    await addClub('club-777-m', '777', 'm', 'SV Übersee');
  });
  afterAll(async () => {
    await t.ctx.db.delete(clubs);
  });

  it('pages and sorts on the server for both roles', async () => {
    const res = await get('/api/operator/clubs?size=10&from=20', moderator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<ClubAdminPageDto>();
    expect(page.total).toBe(61);
    expect(page.from).toBe(20);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.id).toBe('club-1009-w');
    const desc = (await get('/api/operator/clubs?size=1&sort=-number', admin)).json<ClubAdminPageDto>();
    expect(desc.items[0]!.clubnumber).toBe('777');
    const asc = (await get('/api/operator/clubs?size=1&sort=number', admin)).json<ClubAdminPageDto>();
    expect(asc.items[0]!.clubnumber).toBe('1000');
  });

  it('searches name (without accents, any case) and number', async () => {
    const byName = (await get(`/api/operator/clubs?query=${encodeURIComponent('übersee')}`, admin)).json<ClubAdminPageDto>();
    expect(byName.items.map((c) => c.id)).toEqual(['club-777-m']);
    const byName2 = (await get('/api/operator/clubs?query=UBERSEE', admin)).json<ClubAdminPageDto>();
    expect(byName2.total).toBe(1);
    const byNumber = (await get('/api/operator/clubs?query=1029', admin)).json<ClubAdminPageDto>();
    expect(byNumber.items.map((c) => c.id)).toEqual(['club-1029-m', 'club-1029-w']);
    const none = (await get(`/api/operator/clubs?query=${encodeURIComponent('100%')}`, admin)).json<ClubAdminPageDto>();
    expect(none.total).toBe(0);
  });

  it('refuses bad paging and anonymous callers', async () => {
    expect((await get('/api/operator/clubs?size=500', admin)).statusCode).toBe(400);
    expect((await get('/api/operator/clubs?sort=place', admin)).statusCode).toBe(400);
    expect((await get('/api/operator/clubs', null)).statusCode).toBe(401);
  });
});

describe('CSV import', () => {
  beforeEach(async () => {
    await withAuditMaintenance(t.ctx.db, (tx) => tx.delete(moderationLog));
    await t.ctx.db.delete(clubs);
    await addClub('club-100-m', '100', 'm', 'TSV Alt', { logourl: '/media/tsv.png' });
    await addClub('club-200-m', '200', 'm', 'FC Weg');
    await addClub('club-300-w', '300', 'w', 'SV Bleibt');
    await addClub('club-400-m', '400', 'm', 'SC Gleich', { linkurl: 'https://sc.example.org' });
    await seedParticipation(t.ctx.db, { id: 'p-1', challengeId: 'ch-1', clubId: 'club-300-w' });
  });
  afterEach(async () => {
    await t.ctx.db.delete(participations);
  });

  const good = [
    HEADER,
    '100,TSV Neu,m,/media/tsv.png,https://tsv.example.org',
    '400,SC Gleich,m,,https://sc.example.org',
    '500,"SpVgg Neu, e.V.",w,,',
  ].join('\n');

  it('previews new, changed, removed and kept clubs and writes nothing', async () => {
    const res = await postCsv('/api/operator/clubs/import/preview', admin, good);
    expect(res.statusCode).toBe(200);
    const preview = res.json<ClubImportPreviewDto>();
    expect(preview.badRows).toEqual([]);
    expect(preview.rows).toBe(3);
    expect(preview.added).toEqual([
      { id: 'club-500-w', line: 4, clubnumber: '500', clubname: 'SpVgg Neu, e.V.', team: 'w', linkurl: null },
    ]);
    expect(preview.changed).toEqual([
      {
        id: 'club-100-m',
        line: 2,
        before: { clubnumber: '100', clubname: 'TSV Alt', team: 'm', linkurl: null },
        after: { clubnumber: '100', clubname: 'TSV Neu', team: 'm', linkurl: 'https://tsv.example.org' },
      },
    ]);
    expect(preview.unchanged).toBe(1);
    expect(preview.removed.map((c) => c.id)).toEqual(['club-200-m']);
    expect(preview.kept.map((c) => c.id)).toEqual(['club-300-w']);
    expect(preview.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.ctx.db.select().from(clubs)).toHaveLength(4);
    expect(await t.ctx.db.select().from(moderationLog)).toHaveLength(0);
  });

  it('applies exactly the previewed file in one audited transaction', async () => {
    const preview = (await postCsv('/api/operator/clubs/import/preview', admin, good)).json<ClubImportPreviewDto>();
    const res = await postCsv(`/api/operator/clubs/import/apply?previewHash=${preview.previewHash}`, admin, good);
    expect(res.statusCode).toBe(200);
    expect(res.json<ClubImportResultDto>()).toEqual({
      fileHash: preview.fileHash,
      added: 1,
      changed: 1,
      unchanged: 1,
      removed: 1,
      kept: 1,
    });
    const rows = new Map((await t.ctx.db.select().from(clubs)).map((r) => [r.id, r]));
    expect([...rows.keys()].sort()).toEqual(['club-100-m', 'club-300-w', 'club-400-m', 'club-500-w']);
    expect(rows.get('club-100-m')).toMatchObject({
      clubname: 'TSV Neu',
      linkurl: 'https://tsv.example.org',
      logourl: '/media/tsv.png',
      search: 'tsv neu 100',
    });
    expect(rows.get('club-500-w')).toMatchObject({ clubname: 'SpVgg Neu, e.V.', logourl: null, search: 'spvgg neu, e.v. 500' });
    const audit = await t.ctx.db.select().from(moderationLog);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'clubs-import', actor: ADMIN.email, subjectType: 'clubs', subjectId: preview.fileHash });
    expect(audit[0]!.details).toMatchObject({
      added: 1,
      changed: 1,
      removed: 1,
      kept: 1,
      addedIds: ['club-500-w'],
      removedIds: ['club-200-m'],
      keptIds: ['club-300-w'],
      changes: [{ id: 'club-100-m', before: { clubname: 'TSV Alt' }, after: { clubname: 'TSV Neu' } }],
    });
    // The public club search finds the new club.
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/operator/clubs?query=spvgg',
      headers: { cookie: `${OPERATOR_COOKIE}=${admin}` },
    });
    expect(search.json<ClubAdminPageDto>().total).toBe(1);
  });

  it('is 409 when the clubs changed since the preview, or for another file, and changes nothing', async () => {
    const preview = (await postCsv('/api/operator/clubs/import/preview', admin, good)).json<ClubImportPreviewDto>();
    const other = await postCsv(`/api/operator/clubs/import/apply?previewHash=${preview.previewHash}`, admin, `${good}\n600,Anders,m,,`);
    expect(other.statusCode).toBe(409);
    await addClub('club-9001-m', '9001', 'm', 'Dazwischen');
    const stale = await postCsv(`/api/operator/clubs/import/apply?previewHash=${preview.previewHash}`, admin, good);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'Conflict', conflict: 'stale' });
    expect(await t.ctx.db.select().from(clubs)).toHaveLength(5);
    expect(await t.ctx.db.select().from(moderationLog)).toHaveLength(0);
    await resetClubs();
  });

  it('lists every bad row with its line and a German reason, and refuses to apply it', async () => {
    const csv = [
      HEADER,
      '700,SV Gut,m,,',
      '701,,m,,',
      '702,SV Team,x,,',
      '703,SV Link,m,,ftp://nein',
      '700,SV Gut doppelt,m,,',
      '704,SV Logo,m,https://cdn.example.org/logo.png,',
    ].join('\r\n');
    const preview = (await postCsv('/api/operator/clubs/import/preview', admin, csv)).json<ClubImportPreviewDto>();
    expect(preview.badRows).toEqual([
      { line: 3, reason: 'clubname darf nicht leer sein' },
      { line: 4, reason: 'team muss "m" oder "w" sein' },
      { line: 5, reason: 'linkurl muss leer oder eine http(s)-URL sein' },
      { line: 6, reason: 'Verein 700 mit team m steht schon in Zeile 2' },
      { line: 7, reason: 'logourl: Logos lädst du im Back Office beim Verein hoch; lass die Spalte leer.' },
    ]);
    expect(preview.added.map((c) => c.id)).toEqual(['club-700-m']);
    const res = await postCsv(`/api/operator/clubs/import/apply?previewHash=${preview.previewHash}`, admin, csv);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ conflict: 'bad-rows', badRows: 5 });
    expect(await t.ctx.db.select().from(clubs)).toHaveLength(4);
  });

  it('reports a wrong header and broken CSV as bad rows', async () => {
    const header = (await postCsv('/api/operator/clubs/import/preview', admin, 'nummer,name\n1,A')).json<ClubImportPreviewDto>();
    expect(header.badRows).toEqual([
      { line: 1, reason: expect.stringContaining('Kopfzeile muss "clubnumber,clubname,team,logourl,linkurl" sein') },
    ]);
    const columns = (await postCsv('/api/operator/clubs/import/preview', admin, `${HEADER}\n1,A,m,,\n2,B,m`)).json<ClubImportPreviewDto>();
    expect(columns.badRows).toEqual([{ line: 3, reason: 'Die Zeile hat nicht 5 Spalten wie die Kopfzeile.' }]);
  });

  it('checks size, roles and sessions', async () => {
    expect((await postCsv('/api/operator/clubs/import/preview', moderator, good)).statusCode).toBe(403);
    expect((await postCsv('/api/operator/clubs/import/apply?previewHash=' + 'a'.repeat(64), moderator, good)).statusCode).toBe(403);
    expect((await postCsv('/api/operator/clubs/import/preview', null, good)).statusCode).toBe(401);
    const empty = await postCsv('/api/operator/clubs/import/preview', admin, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Wähle eine CSV-Datei mit Vereinen.');
    const big = `${HEADER}\n${'1,' + 'x'.repeat(200) + ',m,,\n'.repeat(1)}`.padEnd(2 * 1024 * 1024 + 10, '#');
    const tooBig = await postCsv('/api/operator/clubs/import/preview', admin, big);
    expect(tooBig.statusCode).toBe(400);
    expect((await postCsv('/api/operator/clubs/import/apply', admin, good)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(moderationLog)).toHaveLength(0);
  });
});

describe("the routes' schemas (issue 27: the contracts' zod schemas)", () => {
  it('refuses a malformed query with a German 400 at the field; without previewHash, the message the import screen knows', async () => {
    for (const url of [
      '/api/operator/clubs?from=abc',
      '/api/operator/clubs?from=-1',
      '/api/operator/clubs?size=0',
      '/api/operator/clubs?other=1',
    ]) {
      const res = await get(url, admin);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'ValidationError']);
    }
    expect((await get('/api/operator/clubs?from=0&size=1&sort=-number&query=', admin)).statusCode).toBe(200);
    const missing = await postCsv('/api/operator/clubs/import/apply', admin, `${HEADER}\n1,A,m,,`);
    expect(missing.json()).toMatchObject({
      code: 'ValidationError',
      message: 'previewHash: der Hash der Vorschau fehlt.',
      field: 'previewHash',
    });
    const malformed = await postCsv('/api/operator/clubs/import/apply?previewHash=abc', admin, `${HEADER}\n1,A,m,,`);
    expect(malformed.json()).toMatchObject({
      code: 'ValidationError',
      message: 'previewHash: der Hash der Vorschau fehlt.',
      field: 'previewHash',
    });
  });

  it('answers with exactly the fields of the contracts (nothing internal, such as the search column)', async () => {
    const page = (await get('/api/operator/clubs?size=1', admin)).json<{ items: Record<string, unknown>[] }>();
    expect(Object.keys(page).sort()).toEqual(['from', 'items', 'size', 'total']);
    expect(Object.keys(page.items[0]!).sort()).toEqual(['clubname', 'clubnumber', 'id', 'linkurl', 'logourl', 'team', 'updatedAt']);
  });
});

describe('POST /api/operator/clubs/:id/logo', () => {
  beforeAll(async () => {
    await withAuditMaintenance(t.ctx.db, (tx) => tx.delete(moderationLog));
    await t.ctx.db.delete(clubs);
    await addClub('club-800-m', '800', 'm', 'SV Logo');
  });

  const upload = async (id: string, session: string | null, file: { name: string; type: string; data: Buffer }) => {
    const form = await multipartForm({}, file);
    return operatorCall(t.app, 'POST', `/api/operator/clubs/${id}/logo`, session, form.payload, form.headers);
  };

  it('re-encodes the picture into the media store and points the club at it, audited with before/after', async () => {
    const res = await upload('club-800-m', admin, { name: 'Wappen.png', type: 'image/png', data: await picture('png', 400, 400) });
    expect(res.statusCode).toBe(200);
    const logourl = res.json<{ logourl: string }>().logourl;
    expect(logourl).toMatch(/^\/media\/wappen\.[0-9a-f]{16}\.png$/);
    expect(await storedMedia(t, logourl)).not.toBeNull();
    const [row] = await t.ctx.db.select().from(clubs).where(eq(clubs.id, 'club-800-m'));
    expect(row!.logourl).toBe(logourl);
    const audit = await t.ctx.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.action, 'club-logo' as never));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      subjectType: 'club',
      subjectId: 'club-800-m',
      actor: ADMIN.email,
      details: { before: { logourl: null }, after: { logourl } },
    });
  });

  it('refuses what is no picture, an unknown club and a moderator, and changes nothing', async () => {
    const [before] = await t.ctx.db.select().from(clubs).where(eq(clubs.id, 'club-800-m'));
    const text = await upload('club-800-m', admin, { name: 'logo.png', type: 'image/png', data: Buffer.from('kein Bild') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Erlaubt sind JPEG, PNG oder WEBP.');
    expect(
      (await upload('club-999-m', admin, { name: 'logo.png', type: 'image/png', data: await picture('png', 100, 100) })).statusCode,
    ).toBe(404);
    expect(
      (await upload('club-800-m', moderator, { name: 'logo.png', type: 'image/png', data: await picture('png', 100, 100) })).statusCode,
    ).toBe(403);
    const [after] = await t.ctx.db.select().from(clubs).where(eq(clubs.id, 'club-800-m'));
    expect(after!.logourl).toBe(before!.logourl);
  });
});
