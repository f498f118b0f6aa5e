import { eq } from 'drizzle-orm';
import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import { notifications, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox } from '../../test-support/mail.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedYear } from '../../test-support/seed.js';
import { ACCOUNT_UNSUBSCRIBE_PATH } from '../notifications/paths.js';
import { accountKey } from '../notifications/recipients.js';
import { queueNotifications } from '../notifications/service.js';
import { accountUnsubscribeToken } from '../notifications/tokens.js';

/**
 * A club account's notification switches against the real app and database (PGlite, and
 * PostgreSQL with DATABASE_URL): all on by default, set from the profile (members only, never
 * cached, anti-forgery pair), and switched off without signing in by the mail's link (GET, the
 * page's undo form, RFC 8058's one-click POST without cookies); forged tokens change nothing, a
 * deleted account's token reveals nothing and it gets no mail.
 */

let t: TestApp;
let member: Member;
let other: Member;
const NOW = new Date('2026-06-15T10:00:00Z');
const ALL_ON: NotificationSettingsDto = { challenges: true, entries: true, results: true, messages: true };

const get = (who: Member | null) => t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: memberHeaders(who) });
const put = (who: Member | null, payload: unknown, headers = memberHeaders(who)) =>
  t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers, payload: payload as Record<string, unknown> });
const offOf = async (who: Member) => (await t.ctx.db.select().from(profiles).where(eq(profiles.sub, who.sub)))[0]!.notificationsOff;
const linkOf = (who: Member, kind: 'challenges' | 'entries' | 'results' | 'messages') =>
  `${ACCOUNT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(accountUnsubscribeToken(t.ctx.secret, who.sub, kind))}`;
/** The mail program's one-click POST: form-encoded, no cookies, no anti-forgery header, no Origin. */
const oneClick = (url: string, contentType = 'application/x-www-form-urlencoded', payload = 'List-Unsubscribe=One-Click') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 4);
  await seedChallenge(t.ctx.db, { id: 'estimate', type: 'bfv-erd-estimate', position: 1 });
  member = await createMember(t, 'club-1000-m');
  other = await createMember(t, 'club-1000-w');
});

afterAll(() => t?.close());

afterEach(async () => {
  for (const who of [member, other]) await t.ctx.db.update(profiles).set({ notificationsOff: [] }).where(eq(profiles.sub, who.sub));
});

describe('GET and PUT /api/me/notifications', () => {
  test('all on by default, never cached', async () => {
    const res = await get(member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ALL_ON);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('PUT stores the switches, answers them, and leaves the profile form current', async () => {
    const [before] = await t.ctx.db.select().from(profiles).where(eq(profiles.sub, member.sub));
    const res = await put(member, { ...ALL_ON, results: false, messages: false });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ ...ALL_ON, results: false, messages: false });
    expect((await get(member)).json()).toEqual({ ...ALL_ON, results: false, messages: false });
    expect([...(await offOf(member))].sort()).toEqual(['messages', 'results']);
    // Only the caller's own switches.
    expect((await get(other)).json()).toEqual(ALL_ON);
    const [after] = await t.ctx.db.select().from(profiles).where(eq(profiles.sub, member.sub));
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());

    expect((await put(member, ALL_ON)).json()).toEqual(ALL_ON);
    expect(await offOf(member)).toEqual([]);
  });

  test('members only: 401 without a valid token, 403 without the anti-forgery pair', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, ALL_ON)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401);
    const noXsrf = await put(member, { ...ALL_ON, entries: false }, { authorization: `Bearer ${member.accessToken}` });
    expect(noXsrf.statusCode).toBe(403);
    expect(await offOf(member)).toEqual([]);
  });

  test('a body that is not every switch as true/false is refused in German, and nothing changes', async () => {
    for (const body of [{ challenges: false }, { ...ALL_ON, results: 'nein' }, { ...ALL_ON, fans: false }, []]) {
      const res = await put(member, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ValidationError');
      expect(res.json().message).toMatch(/Ungültig|Unerwartet|erwartet|Schlüssel/);
    }
    expect(await offOf(member)).toEqual([]);
  });
});

describe('the unsubscribe link without signing in', () => {
  test('GET switches the kind off and answers a page with “Wieder einschalten” and the way to the profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: linkOf(member, 'results') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<h1>Abbestellt</h1>');
    expect(res.body).toContain('Du bekommst keine E-Mails mehr zu „Ergebnisse“.');
    expect(res.body).toMatch(
      /<form method="post" action="\/api\/public\/notifications\/unsubscribe\?token=[^"]+&amp;undo=1"><button class="button" type="submit">Wieder einschalten<\/button><\/form>/,
    );
    expect(res.body).toContain('<a class="link" href="/profil#benachrichtigungen">Alle Benachrichtigungen im Profil</a>');
    expect(await offOf(member)).toEqual(['results']);
    expect((await get(member)).json()).toEqual({ ...ALL_ON, results: false });
    // Twice: the same page, the kind once.
    expect((await t.app.inject({ method: 'GET', url: linkOf(member, 'results') })).statusCode).toBe(200);
    expect(await offOf(member)).toEqual(['results']);
    // A link checker's HEAD changes nothing.
    await t.app.inject({ method: 'HEAD', url: linkOf(member, 'entries') });
    expect(await offOf(member)).toEqual(['results']);
  });

  test('the page’s form (a browser POST of our own page, no JavaScript, no anti-forgery header) switches it on again', async () => {
    await t.app.inject({ method: 'GET', url: linkOf(member, 'challenges') });
    expect(await offOf(member)).toEqual(['challenges']);
    const res = await t.app.inject({
      method: 'POST',
      url: `${linkOf(member, 'challenges')}&undo=1`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(t.config.publicUrl).origin,
        'sec-fetch-site': 'same-origin',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Wieder eingeschaltet</h1>');
    expect(res.body).toContain('Du bekommst wieder E-Mails zu „Challenges und Erinnerungen“.');
    expect(res.body).not.toContain('<form');
    expect(await offOf(member)).toEqual([]);
  });

  test('RFC 8058 one-click POST (form-encoded or multipart) switches the kind off with 200', async () => {
    const res = await oneClick(linkOf(member, 'entries'));
    expect(res.statusCode).toBe(200);
    expect(await offOf(member)).toEqual(['entries']);
    const multipart = await oneClick(
      linkOf(member, 'messages'),
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    );
    expect(multipart.statusCode).toBe(200);
    expect([...(await offOf(member))].sort()).toEqual(['entries', 'messages']);
    expect(await offOf(other)).toEqual([]);
  });

  test('a POST sent by another site’s page is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: linkOf(member, 'entries'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(403);
    expect(await offOf(member)).toEqual([]);
  });

  test('a forged or altered token (another account, another kind, another key, none) is a 400 page and changes nothing', async () => {
    const token = accountUnsubscribeToken(t.ctx.secret, member.sub, 'results');
    const [prefix, sub, , mac] = token.split('.');
    const forged = [
      [prefix, sub, 'entries', mac].join('.'),
      [prefix, Buffer.from(other.sub).toString('base64url'), 'results', mac].join('.'),
      accountUnsubscribeToken('another-secret-of-at-least-32-chars!!', other.sub, 'results'),
      'garbage',
      '',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `${ACCOUNT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(bad)}`,
          ...(method === 'POST'
            ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }
            : {}),
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Dieser Abmeldelink ist ungültig.');
        expect(res.body).not.toContain('<form');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT_UNSUBSCRIBE_PATH })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${ACCOUNT_UNSUBSCRIBE_PATH}?token=${'a'.repeat(500)}` })).statusCode).toBe(400);
    expect(await offOf(member)).toEqual([]);
    expect(await offOf(other)).toEqual([]);
  });

  test('the link of a real mail unsubscribes with one POST; the next mail of that kind does not go', async () => {
    const input = {
      kind: 'entries' as const,
      template: 'entry-received' as const,
      params: { challengeId: 'estimate', estimate: 4500 },
      recipients: [accountKey(member.sub)],
    };
    await queueNotifications(t.ctx, t.ctx.db, { ...input, occasion: 'unsubscribe-test:1' });
    await t.drainMail();
    const mail = (await readOutbox(t)).filter((m) => m.to === member.email && m.subject.startsWith('Euer Beitrag')).at(-1)!;
    const header = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail.raw)![1]!;
    const url = new URL(header);
    expect(url.pathname).toBe(ACCOUNT_UNSUBSCRIBE_PATH);
    expect((await oneClick(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    expect(await offOf(member)).toEqual(['entries']);

    await queueNotifications(t.ctx, t.ctx.db, { ...input, occasion: 'unsubscribe-test:2' });
    await t.drainMail();
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.occasion, 'unsubscribe-test:2'));
    expect(row!.skipped).toBe('opted-out');
    expect(row!.sentAt).toBeNull();
  });

  test('a deleted account: its link answers like any valid one and changes nothing; it gets no mail', async () => {
    const gone = await createMember(t, 'club-1001-m');
    const link = linkOf(gone, 'challenges');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: memberHeaders(gone) })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Du bekommst keine E-Mails mehr zu „Challenges und Erinnerungen“.');
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.sub, gone.sub))).toEqual([]);
    expect((await oneClick(link)).statusCode).toBe(200);

    const before = (await readOutbox(t)).filter((m) => m.to === gone.email).length;
    await queueNotifications(t.ctx, t.ctx.db, {
      occasion: 'deleted-test:1',
      kind: 'entries',
      template: 'entry-received',
      params: { challengeId: 'estimate', estimate: 1 },
      recipients: [accountKey(gone.sub)],
    });
    await t.drainMail();
    expect((await readOutbox(t)).filter((m) => m.to === gone.email)).toHaveLength(before);
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.occasion, 'deleted-test:1'));
    expect(row!.skipped).toBe('no-recipient');
  });

  test('rate-limited per IP: beyond the limit a 429 page, nothing changes', async () => {
    // RATE_LIMIT_SCALE 0.005: 3 a window instead of 600.
    await t.rebuild({ RATE_LIMIT_SCALE: '0.005' });
    const from = (ip: string) => t.app.inject({ method: 'GET', url: linkOf(other, 'results'), remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    await t.ctx.db.update(profiles).set({ notificationsOff: [] }).where(eq(profiles.sub, other.sub));
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Bitte versuche es später noch einmal.');
    expect(await offOf(other)).toEqual([]);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
