import { eq, inArray } from 'drizzle-orm';
import type { NewsletterConsentLogDto, NewsletterSubscriberDto, NewsletterSubscriberPageDto } from '@erd/shared-contracts/backoffice';
import { moderationLog, newsletterConsentLog, newsletterSubscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { CSV_BOM } from '../../lib/csv.js';
import { listSubscribers } from '../newsletter/service.js';

/**
 * The newsletter in the back office, for admins only (subscriber addresses are personal data a
 * moderator does not need): admins read subscriptions (confirmed by default, search, pages; every
 * page read is audited) and the consent log (IP only hashed), export the confirmed addresses as
 * CSV (the command line's export, lib/csv.ts; audited) and unsubscribe with a reason (status,
 * consent record and audit row together). A moderator is 403 everywhere, no session 401.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const NOW = new Date('2026-06-15T10:00:00Z');
const ids: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

async function seed(email: string, status: 'pending' | 'confirmed' | 'unsubscribed'): Promise<void> {
  const [row] = await t.ctx.db
    .insert(newsletterSubscriptions)
    .values({
      email,
      status,
      unsubscribeToken: `token-${email}`,
      consentTextVersion: 'newsletter-2026-01',
      consentedAt: new Date('2026-06-01T08:00:00Z'),
      confirmedAt: status === 'confirmed' ? new Date('2026-06-01T09:30:00Z') : null,
    })
    .returning({ id: newsletterSubscriptions.id });
  ids[email] = row!.id;
  await t.ctx.db
    .insert(newsletterConsentLog)
    .values({ email, action: 'signup', textVersion: 'newsletter-2026-01', at: new Date('2026-06-01T08:00:00Z'), ipHash: 'abc123hash' });
  if (status === 'confirmed') {
    await t.ctx.db
      .insert(newsletterConsentLog)
      .values({ email, action: 'confirm', textVersion: 'newsletter-2026-01', at: new Date('2026-06-01T09:30:00Z'), ipHash: 'def456hash' });
  }
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  await seed('anna@verein.example', 'confirmed');
  await seed('bernd@verein.example', 'confirmed');
  await seed('=formel@verein.example', 'confirmed');
  await seed('carla@andere.example', 'pending');
  await seed('dora@andere.example', 'unsubscribed');
  for (let i = 0; i < 30; i++) await seed(`masse-${String(i).padStart(2, '0')}@seiten.example`, 'confirmed');
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t.close();
});

describe('subscribers', () => {
  test('an admin reads confirmed addresses by default, sorted, paged on the server', async () => {
    const res = await call('GET', '/api/operator/newsletter/subscribers?size=10', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<NewsletterSubscriberPageDto>();
    expect(page.total).toBe(33);
    expect(page.items).toHaveLength(10);
    expect(page.items.every((i) => i.status === 'confirmed')).toBe(true);
    expect(page.items[0]!.email).toBe('=formel@verein.example');
    expect(JSON.stringify(page)).not.toContain('token-');
    const last = (await call('GET', '/api/operator/newsletter/subscribers?from=30&size=10', admin)).json<NewsletterSubscriberPageDto>();
    expect(last.items.map((i) => i.email)).toEqual(['masse-27@seiten.example', 'masse-28@seiten.example', 'masse-29@seiten.example']);
    expect(last.from).toBe(30);
  });

  test('a moderator gets 403 on the list, the consent log and the export, and no address; nothing is audited for it', async () => {
    const before = (await t.ctx.db.select().from(moderationLog)).length;
    for (const url of [
      '/api/operator/newsletter/subscribers',
      '/api/operator/newsletter/subscribers?query=verein&status=pending&size=100',
      `/api/operator/newsletter/consent-log?email=${encodeURIComponent('anna@verein.example')}`,
      '/api/operator/newsletter/subscribers.csv',
    ]) {
      const res = await call('GET', url, moderator);
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        403,
        { code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.', requestId: expect.any(String) },
      ]);
      expect(res.body).not.toContain('@verein.example');
    }
    expect(await t.ctx.db.select().from(moderationLog)).toHaveLength(before);
  });

  test('every page of addresses an admin reads is in the audit log: who, when, how many; not the addresses nor the search', async () => {
    const reads = async () =>
      t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'newsletter-list')).orderBy(moderationLog.id);
    const before = (await reads()).length;
    expect((await call('GET', '/api/operator/newsletter/subscribers?size=5&from=5', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/operator/newsletter/subscribers?query=anna&status=confirmed', admin)).statusCode).toBe(200);
    const rows = (await reads()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor: ADMIN.email,
      operatorId: expect.stringMatching(/^op-/),
      subjectType: 'newsletter',
      subjectId: 'Abonnenten',
      reason: null,
      at: NOW,
      details: { shown: 5, total: 33, status: 'confirmed', from: 5, searched: false },
    });
    expect(rows[1]).toMatchObject({ details: { shown: 1, total: 1, status: 'confirmed', from: 0, searched: true } });
    expect(JSON.stringify(rows)).not.toMatch(/anna|@verein|@seiten/);
  });

  test('search by part of the address, case-insensitive; wildcards are literal; other statuses on request', async () => {
    const found = (await call('GET', '/api/operator/newsletter/subscribers?query=VEREIN', admin)).json<NewsletterSubscriberPageDto>();
    expect(found.items.map((i) => i.email)).toEqual(['=formel@verein.example', 'anna@verein.example', 'bernd@verein.example']);
    const none = (await call('GET', '/api/operator/newsletter/subscribers?query=%25', admin)).json<NewsletterSubscriberPageDto>();
    expect(none.total).toBe(0);
    const pending = (await call('GET', '/api/operator/newsletter/subscribers?status=pending', admin)).json<NewsletterSubscriberPageDto>();
    expect(pending.items.map((i) => i.email)).toEqual(['carla@andere.example']);
  });

  test('sorted on the server by address, consent or confirmation, either way; ties by address', async () => {
    await t.ctx.db
      .update(newsletterSubscriptions)
      .set({ consentedAt: new Date('2026-06-03T08:00:00Z'), confirmedAt: new Date('2026-06-03T08:05:00Z') })
      .where(eq(newsletterSubscriptions.email, 'bernd@verein.example'));
    await t.ctx.db
      .update(newsletterSubscriptions)
      .set({ consentedAt: new Date('2026-06-02T08:00:00Z'), confirmedAt: new Date('2026-06-04T08:00:00Z') })
      .where(eq(newsletterSubscriptions.email, 'anna@verein.example'));
    const emails = async (sort: string) =>
      (await call('GET', `/api/operator/newsletter/subscribers?query=verein&sort=${sort}`, admin))
        .json<NewsletterSubscriberPageDto>()
        .items.map((i) => i.email);
    expect(await emails('email')).toEqual(['=formel@verein.example', 'anna@verein.example', 'bernd@verein.example']);
    expect(await emails('-email')).toEqual(['bernd@verein.example', 'anna@verein.example', '=formel@verein.example']);
    expect(await emails('-consented')).toEqual(['bernd@verein.example', 'anna@verein.example', '=formel@verein.example']);
    expect(await emails('consented')).toEqual(['=formel@verein.example', 'anna@verein.example', 'bernd@verein.example']);
    expect(await emails('-confirmed')).toEqual(['anna@verein.example', 'bernd@verein.example', '=formel@verein.example']);
    expect(await emails('confirmed')).toEqual(['=formel@verein.example', 'bernd@verein.example', 'anna@verein.example']);
    expect((await call('GET', '/api/operator/newsletter/subscribers?sort=zufall', admin)).statusCode).toBe(400);
    await t.ctx.db
      .update(newsletterSubscriptions)
      .set({ consentedAt: new Date('2026-06-01T08:00:00Z'), confirmedAt: new Date('2026-06-01T09:30:00Z') })
      .where(inArray(newsletterSubscriptions.email, ['anna@verein.example', 'bernd@verein.example']));
  });

  test('bad query parameters are 400 and no session is 401', async () => {
    expect((await call('GET', '/api/operator/newsletter/subscribers?status=alle', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/operator/newsletter/subscribers?size=101', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/operator/newsletter/subscribers?from=-1', admin)).statusCode).toBe(400);
    const anonymous = await call('GET', '/api/operator/newsletter/subscribers', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'Unauthorized', message: 'Bitte melde dich als Operator an.', requestId: expect.any(String) });
  });
});

describe('consent log', () => {
  test('an admin reads the records of an address, newest first, IP only as a hash', async () => {
    const res = await call('GET', `/api/operator/newsletter/consent-log?email=${encodeURIComponent('Anna@Verein.example')}`, admin);
    expect(res.statusCode).toBe(200);
    const log = res.json<NewsletterConsentLogDto>();
    expect(log.email).toBe('anna@verein.example');
    expect(log.items).toEqual([
      { at: '2026-06-01T09:30:00.000Z', action: 'confirm', textVersion: 'newsletter-2026-01', ipHash: 'def456hash' },
      { at: '2026-06-01T08:00:00.000Z', action: 'signup', textVersion: 'newsletter-2026-01', ipHash: 'abc123hash' },
    ]);
  });

  test('an invalid address is a German 400', async () => {
    const res = await call('GET', '/api/operator/newsletter/consent-log?email=kein-at', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', message: 'Gib eine gültige Emailadresse an' });
    expect((await call('GET', '/api/operator/newsletter/consent-log', admin)).statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  test('admin gets the confirmed addresses (the command line’s export) for Excel: BOM, `;`, CRLF, no formulas', async () => {
    const res = await call('GET', '/api/operator/newsletter/subscribers.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter-2026-06-15.csv"');
    expect(res.headers['x-total-count']).toBe('33');
    const text = res.body;
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('E-Mail;Bestätigt (Europe/Berlin);Einwilligungstext');
    expect(lines).toContain('anna@verein.example;2026-06-01 11:30:00;newsletter-2026-01');
    expect(lines).toContain("'=formel@verein.example;2026-06-01 11:30:00;newsletter-2026-01");
    expect(text).not.toContain('carla@');
    expect(text).not.toContain('dora@');
    // The confirmed subscribers, in the order of the query the command line's export uses too (cli-export.test.ts).
    const ours = lines.slice(1, -1).map((l) => l.split(';')[0]!.replace(/^'/, ''));
    expect(ours).toEqual((await listSubscribers({ ctx: t.ctx })).map((s) => s.email));
    // Taking the addresses out is in the audit log: who, when, how many; not the addresses.
    const exports = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'newsletter-export'));
    expect(exports).toHaveLength(1);
    expect(exports[0]).toMatchObject({
      actor: ADMIN.email,
      subjectType: 'newsletter',
      subjectId: 'Abonnenten',
      details: { exported: 33, format: 'csv' },
    });
    expect(JSON.stringify(exports[0])).not.toContain('@verein.example');
  });

  test('a moderator is 403, nobody 401; neither is logged as an export', async () => {
    const before = (await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'newsletter-export'))).length;
    const res = await call('GET', '/api/operator/newsletter/subscribers.csv', moderator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.', requestId: expect.any(String) });
    expect((await call('GET', '/api/operator/newsletter/subscribers.csv', null)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'newsletter-export'))).toHaveLength(before);
  });
});

describe('unsubscribe', () => {
  test('needs a reason: 400 in German and nothing changes', async () => {
    for (const payload of [{}, { reason: 'x' }, { reason: 42 }]) {
      const res = await call('POST', `/api/operator/newsletter/subscribers/${ids['bernd@verein.example']}/unsubscribe`, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ValidationError', message: 'Gib einen Grund für die Abmeldung an (3 bis 500 Zeichen).' });
    }
    const [row] = await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'bernd@verein.example'));
    expect(row!.status).toBe('confirmed');
  });

  test('a moderator is 403 and nothing changes; an unknown id is 404', async () => {
    const res = await call('POST', `/api/operator/newsletter/subscribers/${ids['bernd@verein.example']}/unsubscribe`, moderator, {
      reason: 'Bitte per Telefon',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/operator/newsletter/subscribers/999999/unsubscribe', admin, { reason: 'Bitte per Telefon' })).statusCode,
    ).toBe(404);
    const [row] = await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'bernd@verein.example'));
    expect(row!.status).toBe('confirmed');
  });

  test('admin unsubscribes like the footer link: status, consent record, audit row with before/after and reason; twice logs once', async () => {
    const id = ids['bernd@verein.example']!;
    const res = await call('POST', `/api/operator/newsletter/subscribers/${id}/unsubscribe`, admin, { reason: 'Wunsch per Telefon' });
    expect(res.statusCode).toBe(200);
    expect(res.json<NewsletterSubscriberDto>()).toMatchObject({ id, status: 'unsubscribed', unsubscribedAt: NOW.toISOString() });
    const again = await call('POST', `/api/operator/newsletter/subscribers/${id}/unsubscribe`, admin, { reason: 'Wunsch per Telefon' });
    expect(again.statusCode).toBe(200);

    const consent = await t.ctx.db.select().from(newsletterConsentLog).where(eq(newsletterConsentLog.email, 'bernd@verein.example'));
    expect(consent.filter((c) => c.action === 'unsubscribe')).toEqual([
      expect.objectContaining({ action: 'unsubscribe', textVersion: 'newsletter-2026-01', at: NOW, ipHash: null }),
    ]);
    const audit = await t.ctx.db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.subjectId, String(id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'newsletter-unsubscribe',
      actor: ADMIN.email,
      subjectType: 'newsletter-subscription',
      reason: 'Wunsch per Telefon',
      details: { email: 'bernd@verein.example', before: { status: 'confirmed' }, after: { status: 'unsubscribed' } },
    });
    const csv = await call('GET', '/api/operator/newsletter/subscribers.csv', admin);
    expect(csv.body).not.toContain('bernd@');
    expect((await listSubscribers({ ctx: t.ctx })).map((s) => s.email)).not.toContain('bernd@verein.example');
  });
});
