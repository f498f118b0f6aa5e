import { eq, sql } from 'drizzle-orm';
import type { AuditEntryDto, AuditPageDto } from '@erd/shared-contracts/backoffice';
import { moderationLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { withAuditMaintenance } from '../../test-support/db.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedParticipation, seedYear } from '../../test-support/seed.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { findOperatorId } from '../operators/service.js';
import { appendAudit, auditCsv, berlinDayStart, formatBerlin } from './service.js';

/**
 * The audit log API: every operator write shows up (moderation, results, operators), filtered on
 * the server (action, actor, subject, Europe/Berlin days or instants), newest first, in pages;
 * the same as CSV for Excel (BOM, `;`, quotes, no formulas), read in batches.
 */

let t: TestApp;
let member: Member;
let admin: string;
let moderator: string;
const TODAY = new Date('2026-06-15T10:00:00Z');
const MODERATOR = { email: 'Moderator@Example.org', password: 'Schiri!Pfeife2026' };
const FORMULA_REASON = '=HYPERLINK("http://evil.example";"Klick") ; beleidigend';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

const audit = async (query: string, session = moderator) => {
  const res = await call('GET', `/api/operator/audit${query}`, session);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json<AuditPageDto>();
};
const actions = (page: AuditPageDto) => page.items.map((i) => i.action);

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 10);
  await seedChallenge(db, { id: 'slogans', dates: { startDateSubmission: '2026-06-01', endDateSubmission: '2026-06-30' } });
  await seedChallenge(db, { id: 'estimate', type: 'bfv-erd-estimate', dates: { startDate: '2026-06-01', endDate: '2026-06-10' } });
  await seedParticipation(db, { id: 'p-good', challengeId: 'slogans', clubId: 'club-1000-m', slogan: 'Wir sind dabei', state: 'pending' });
  await seedParticipation(db, { id: 'p-bad', challengeId: 'slogans', clubId: 'club-1001-m', slogan: 'Schiri raus', state: 'pending' });
  await seedEstimateEntry(db, { id: 'p-est', challengeId: 'estimate', clubId: 'club-1000-m', estimate: 70 });
  member = await createMember(t, 'club-1002-m');

  // Older rows first (the clock of the writes), then today's actions through the API.
  ({ admin, moderator } = await operatorSessions(t, { moderator: MODERATOR }));
  const at = (iso: string, i: number) => ({
    action: 'publish' as const,
    operatorId: null,
    actor: 'cli:archiv',
    subjectType: 'participation',
    subjectId: `p-old-${i}`,
    participationId: `p-old-${i}`,
    challengeId: 'slogans',
    reason: null,
    details: { i },
    at: new Date(iso),
  });
  // 2026-06-14 23:59:59 and 2026-06-15 00:00:00 in Berlin (CEST, UTC+2).
  await appendAudit(db, at('2026-06-14T21:59:59.000Z', 1));
  await appendAudit(db, at('2026-06-14T22:00:00.000Z', 2));
  await appendAudit(db, at('2026-06-01T08:00:00.000Z', 3));

  expect(
    (
      await call('POST', '/api/operator/participations/p-good/publish', moderator, {
        checklist: { minors: true, traffic: true, performance: true, excess: true },
      })
    ).statusCode,
  ).toBe(200);
  expect((await call('POST', '/api/operator/participations/p-bad/reject', moderator, { reason: FORMULA_REASON })).statusCode).toBe(200);
  t.setNow(new Date(TODAY.getTime() + 60_000));
  expect((await call('PUT', '/api/operator/results/challenges/estimate/answer', admin, { rightAnswer: 71 })).statusCode).toBe(200);
  t.setNow(TODAY);
});
afterAll(() => t.close());

describe('reading the log', () => {
  test('both roles read it; anonymous callers and club tokens get 401', async () => {
    for (const session of [admin, moderator]) expect((await call('GET', '/api/operator/audit', session)).statusCode).toBe(200);
    expect((await call('GET', '/api/operator/audit', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/operator/audit.csv', null)).statusCode).toBe(401);
    for (const url of ['/api/operator/audit', '/api/operator/audit.csv']) {
      expect((await t.app.inject({ url, headers: memberHeaders(member) })).json()).toEqual({
        code: 'Unauthorized',
        message: 'Bitte melde dich als Operator an.',
        requestId: expect.any(String),
      });
    }
  });

  test('every kind of write is there, newest first, with its subject', async () => {
    const page = await audit('');
    expect(page).toMatchObject({ total: 8, page: 1, size: 50 });
    expect(page.items.map((i) => [i.action, i.subjectType, i.subjectId])).toEqual([
      ['results-answer', 'challenge', 'estimate'],
      ['reject', 'participation', 'p-bad'],
      ['publish', 'participation', 'p-good'],
      ['operator-add', 'operator', expect.stringMatching(/^op-/)],
      ['operator-add', 'operator', expect.stringMatching(/^op-/)],
      ['publish', 'participation', 'p-old-2'],
      ['publish', 'participation', 'p-old-1'],
      ['publish', 'participation', 'p-old-3'],
    ]);
    const reject = page.items[1]!;
    expect(reject).toEqual<AuditEntryDto>({
      id: expect.any(Number),
      at: TODAY.toISOString(),
      action: 'reject',
      actor: 'moderator@example.org',
      operatorId: await findOperatorId({ ctx: t.ctx, input: { email: MODERATOR.email } }),
      subjectType: 'participation',
      subjectId: 'p-bad',
      challengeId: 'slogans',
      reason: FORMULA_REASON,
      details: expect.objectContaining({ entry: expect.objectContaining({ slogan: 'Schiri raus' }) }),
    });
    expect(page.items[0]).toMatchObject({
      actor: ADMIN.email,
      challengeId: 'estimate',
      details: { before: expect.any(Object), after: expect.any(Object) },
    });
  });

  test('pages: page and size; size at most 200; page from 1', async () => {
    const first = await audit('?size=3');
    const second = await audit('?size=3&page=2');
    const third = await audit('?size=3&page=3');
    expect([first.items.length, second.items.length, third.items.length]).toEqual([3, 3, 2]);
    expect([...first.items, ...second.items, ...third.items].map((i) => i.id)).toEqual((await audit('')).items.map((i) => i.id));
    expect((await audit('?size=3&page=4')).items).toEqual([]);
    for (const query of ['?size=201', '?size=0', '?page=0', '?page=x']) {
      expect([query, (await call('GET', `/api/operator/audit${query}`, moderator)).statusCode]).toEqual([query, 400]);
    }
    // Unknown parameters are dropped (as on every route), not passed on.
    expect((await audit('?unknown=1&maxRows=1')).total).toBe(8);
  });

  test('filters: action, actor (part, any case, or id), subject (also the challenge), subject type', async () => {
    expect(actions(await audit('?action=publish'))).toEqual(['publish', 'publish', 'publish', 'publish']);
    expect(actions(await audit('?action=reject'))).toEqual(['reject']);
    expect(actions(await audit('?actor=MODERATOR@'))).toEqual(['reject', 'publish']);
    const moderatorId = await findOperatorId({ ctx: t.ctx, input: { email: MODERATOR.email } });
    expect(actions(await audit(`?actor=${moderatorId}`))).toEqual(['reject', 'publish']);
    expect(actions(await audit('?actor=cli:'))).toEqual(['operator-add', 'operator-add', 'publish', 'publish', 'publish']);
    // LIKE wildcards are plain characters.
    expect((await audit('?actor=%25')).total).toBe(0);
    expect((await audit('?actor=_')).total).toBe(0);
    expect(actions(await audit('?subject=p-bad'))).toEqual(['reject']);
    expect((await audit('?subject=slogans')).items.map((i) => i.subjectId)).toEqual(['p-bad', 'p-good', 'p-old-2', 'p-old-1', 'p-old-3']);
    expect(actions(await audit('?subject=estimate'))).toEqual(['results-answer']);
    expect(actions(await audit(`?subject=${moderatorId}&subjectType=operator`))).toEqual(['operator-add']);
    expect((await audit('?subjectType=operator')).total).toBe(2);
    expect(actions(await audit('?action=publish&actor=moderator'))).toEqual(['publish']);
    // Actions of other modules are names like these too; anything else is a 400.
    expect((await audit('?action=clubs-import')).total).toBe(0);
    expect((await call('GET', `/api/operator/audit?action=${encodeURIComponent("publish' or 1=1")}`, moderator)).statusCode).toBe(400);
    expect((await call('GET', `/api/operator/audit?actor=${encodeURIComponent('a\u001bb')}`, moderator)).statusCode).toBe(400);
  });

  test('from/to: Europe/Berlin days (both inclusive) or instants; nonsense and from after to are 400', async () => {
    const ids = async (query: string) => (await audit(query)).items.map((i) => i.subjectId);
    expect(await ids('?action=publish&from=2026-06-15')).toEqual(['p-good', 'p-old-2']);
    expect(await ids('?action=publish&to=2026-06-14')).toEqual(['p-old-1', 'p-old-3']);
    expect(await ids('?action=publish&from=2026-06-14&to=2026-06-14')).toEqual(['p-old-1']);
    expect(await ids('?action=publish&from=2026-06-02&to=2026-06-13')).toEqual([]);
    expect(await ids(`?action=publish&to=${encodeURIComponent('2026-06-14T22:00:00Z')}`)).toEqual(['p-old-2', 'p-old-1', 'p-old-3']);
    expect(
      await ids(
        `?action=publish&from=${encodeURIComponent('2026-06-15T00:00:00+02:00')}&to=${encodeURIComponent('2026-06-15T09:59:59.999Z')}`,
      ),
    ).toEqual(['p-old-2']);
    for (const query of [
      '?from=15.06.2026',
      '?from=2026-02-30',
      '?to=2026-06-15T10:00',
      '?from=2026-06-16&to=2026-06-15',
      `?from=${'x'.repeat(41)}`,
    ]) {
      const res = await call('GET', `/api/operator/audit${query}`, moderator);
      expect([query, res.statusCode, res.json().code]).toEqual([query, 400, 'ValidationError']);
    }
    expect((await call('GET', '/api/operator/audit?from=morgen', moderator)).json().message).toBe(
      'from: ein Tag (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601 mit Zeitzone.',
    );
  });

  test('Berlin days around the clock changes', () => {
    expect(berlinDayStart('2026-06-15').toISOString()).toBe('2026-06-14T22:00:00.000Z');
    expect(berlinDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(berlinDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(berlinDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(berlinDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(formatBerlin(new Date('2026-06-14T22:00:00Z'))).toBe('2026-06-15 00:00:00');
    expect(formatBerlin(new Date('2026-12-31T23:30:05Z'))).toBe('2027-01-01 00:30:05');
  });
});

describe('writers that name no subject', () => {
  test('a row naming only the entry or the challenge gets its subject from the database; a row naming nothing is refused', async () => {
    const base = {
      action: 'results-answer' as const,
      operatorId: null,
      actor: 'import',
      reason: null,
      details: {},
      at: new Date('2026-01-01T00:00:00Z'),
    };
    const [byChallenge] = await t.ctx.db
      .insert(moderationLog)
      .values({ ...base, challengeId: 'estimate' })
      .returning();
    expect(byChallenge).toMatchObject({ subjectType: 'challenge', subjectId: 'estimate' });
    const [byEntry] = await t.ctx.db
      .insert(moderationLog)
      .values({ ...base, action: 'publish', participationId: 'p-good', challengeId: 'slogans' })
      .returning();
    expect(byEntry).toMatchObject({ subjectType: 'participation', subjectId: 'p-good' });
    await expect(t.ctx.db.insert(moderationLog).values(base)).rejects.toThrow();
    await withAuditMaintenance(t.ctx.db, (tx) => tx.execute(sql`delete from moderation_log where at = '2026-01-01T00:00:00Z'`));
  });

  test('the log is append-only: the database refuses to change, delete or truncate a row', async () => {
    // drizzle wraps the database's error ("Failed query: …") with it as the cause.
    const refused = async (statement: Promise<unknown>) => {
      const error = (await statement.then(
        () => null,
        (e: unknown) => e,
      )) as { message?: string; cause?: { message?: string } } | null;
      expect(error?.cause?.message ?? error?.message).toMatch(/moderation_log is append-only/);
    };
    const insertRow = () =>
      t.ctx.db
        .insert(moderationLog)
        .values({
          action: 'publish',
          operatorId: null,
          actor: 'cli:test',
          participationId: 'p-fest',
          reason: null,
          details: {},
          at: new Date('2026-01-02T00:00:00Z'),
        })
        .returning();
    const [row] = await insertRow();
    await refused(t.ctx.db.execute(sql`update moderation_log set reason = 'umgeschrieben' where id = ${row!.id}`));
    await refused(t.ctx.db.execute(sql`delete from moderation_log where id = ${row!.id}`));
    await refused(t.ctx.db.execute(sql`truncate moderation_log`));
    const [still] = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.id, row!.id));
    expect(still).toMatchObject({ reason: null, actor: 'cli:test' });
    // A maintenance transaction may; its setting ends with it (SET LOCAL), so the next statement may not.
    await withAuditMaintenance(t.ctx.db, (tx) => tx.execute(sql`delete from moderation_log where id = ${row!.id}`));
    expect(await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.id, row!.id))).toEqual([]);
    const [other] = await insertRow();
    await refused(t.ctx.db.execute(sql`delete from moderation_log where id = ${other!.id}`));
    await withAuditMaintenance(t.ctx.db, (tx) => tx.delete(moderationLog).where(eq(moderationLog.id, other!.id)));
  });
});

describe('CSV for Excel', () => {
  test('UTF-8 with BOM, ; between cells, CRLF, German header; newest first; the same filters; a formula stays text', async () => {
    const res = await call('GET', '/api/operator/audit.csv', moderator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-2026-06-15.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('8');
    expect(res.headers['x-truncated']).toBe('false');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe('ID;Zeitpunkt (Europe/Berlin);Aktion;Akteur;Operator-ID;Gegenstand;Gegenstand-ID;Challenge;Grund;Details');
    expect(lines).toHaveLength(9);
    const ids = (await audit('')).items.map((i) => String(i.id));
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(ids);
    const reject = lines.find((l) => l.includes(';reject;'))!;
    expect(reject).toContain(`;2026-06-15 12:00:00;reject;moderator@example.org;`);
    // The reason: neutralised with ' and quoted (it holds ; and "), quotes doubled.
    expect(reject).toContain(`;"'=HYPERLINK(""http://evil.example"";""Klick"") ; beleidigend";`);
    // Details are JSON text in one quoted cell.
    expect(reject).toMatch(/;"\{""entry"":\{.*""slogan"":""Schiri raus"".*\}"$/);

    const filtered = await call('GET', '/api/operator/audit.csv?action=publish&from=2026-06-15', admin);
    expect(filtered.headers['x-total-count']).toBe('2');
    expect(filtered.body.trim().split('\r\n')).toHaveLength(3);
    const bad = await call('GET', '/api/operator/audit.csv?from=gestern', moderator);
    expect([bad.statusCode, bad.headers['content-type'], bad.json().code]).toEqual([
      400,
      'application/json; charset=utf-8',
      'ValidationError',
    ]);
    // No paging in the file: page and size are dropped.
    expect((await call('GET', '/api/operator/audit.csv?page=2&size=1&maxRows=1', moderator)).body.trim().split('\r\n')).toHaveLength(9);
  });

  test('many rows, also with the same time: read in batches, each row once, in order; capped with a flag', async () => {
    const at = new Date('2026-05-01T12:00:00Z');
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      action: 'remove-votes' as const,
      operatorId: null,
      actor: 'cli:bulk',
      subjectType: 'participation',
      subjectId: `p-bulk-${i}`,
      participationId: `p-bulk-${i}`,
      reason: 'Bot-Welle',
      details: { i },
      // Every tenth row shares its time with the next nine, with microseconds from the database.
      at: new Date(at.getTime() + Math.floor(i / 10) * 1000),
    }));
    await t.ctx.db.insert(moderationLog).values(rows);
    await withAuditMaintenance(t.ctx.db, (tx) =>
      tx.execute(sql`update moderation_log set at = at + make_interval(secs => 0.000123) where actor = 'cli:bulk'`),
    );

    const res = await call('GET', '/api/operator/audit.csv?actor=cli:bulk', moderator);
    const lines = res.body.slice(1).trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2500);
    const subjects = lines.map((l) => l.split(';')[6]);
    expect(new Set(subjects).size).toBe(2500);
    const page = await audit('?actor=cli:bulk&size=200');
    expect(lines.slice(0, 200).map((l) => Number(l.split(';')[0]))).toEqual(page.items.map((i) => i.id));

    const capped = await auditCsv({ ctx: t.ctx, input: { actor: 'cli:bulk', maxRows: 1500 } });
    expect([capped.total, capped.truncated]).toEqual([2500, true]);
    let text = '';
    for await (const chunk of capped.chunks) text += chunk;
    expect(text.trim().split('\r\n')).toHaveLength(1501);
  });
});
