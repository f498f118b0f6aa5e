import { and, eq } from 'drizzle-orm';
import { clubFanConsentLog, clubFans, clubs, moderationLog } from '../../db/schema/index.js';
import { CSV_BOM } from '../../lib/csv.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox, type OutboxMail } from '../../test-support/mail.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { seedClubs } from '../../test-support/seed.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { findRecipient, fanKey } from '../notifications/recipients.js';
import { CLUB_FAN_CONSENT_TEXT_VERSION } from './service.js';

/**
 * 'Mein Verein' (issue 25): the double opt-in like the newsletter's (pending, consent log with the
 * text version and a hashed IP, a confirmation mail queued with the row, the same answer for every
 * address), the confirmation and unsubscribe links and the RFC 8058 one-click POST without cookies,
 * the per-IP limit, the count for the own club only, the admins' audited export, and a deleted club
 * taking its fans with it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let now = new Date('2026-06-01T08:00:00Z');
const BASE = 'https://punktejagd.example.org';
const CLUB = 'club-1000-m';
const OTHER = 'club-1000-w';

beforeAll(async () => {
  t = await createTestApp({ now, env: { PUBLIC_URL: BASE } });
  await seedClubs(t.ctx.db, 6);
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

const signup = (body: unknown, ip = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/club-fans',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-forwarded-for': ip },
    remoteAddress: ip,
    payload: body as Record<string, unknown>,
  });

const valid = (email: string, clubId = CLUB) => ({ clubId, email, consent: true, adult: true });
const fanRows = () => t.ctx.db.select().from(clubFans).orderBy(clubFans.id);
const logRows = () => t.ctx.db.select().from(clubFanConsentLog).orderBy(clubFanConsentLog.id);
const outbox = () => readOutbox(t);

function confirmLink(mail: OutboxMail): string {
  const match = /https:\/\/punktejagd\.example\.org(\/api\/public\/club-fans\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no confirmation link in ${mail.file}`);
  return match[1];
}

describe('sign-up validation', () => {
  test.each([
    [{ clubId: CLUB, email: 'kein-at-zeichen', consent: true, adult: true }, 'Gib eine gültige Emailadresse an'],
    [{ clubId: CLUB, email: '', consent: true, adult: true }, 'Gib eine gültige Emailadresse an'],
    [{ clubId: CLUB, consent: true, adult: true }, 'Gib eine gültige Emailadresse an'],
    [{ clubId: CLUB, email: 'fan@example.org', consent: false, adult: true }, 'Bitte willige ein, damit wir dir schreiben dürfen.'],
    [{ clubId: CLUB, email: 'fan@example.org', adult: true }, 'Bitte willige ein, damit wir dir schreiben dürfen.'],
    [{ clubId: CLUB, email: 'fan@example.org', consent: true, adult: false }, 'Bitte bestätige, dass du mindestens 18 Jahre alt bist.'],
    [{ clubId: CLUB, email: 'fan@example.org', consent: true }, 'Bitte bestätige, dass du mindestens 18 Jahre alt bist.'],
    [{ clubId: CLUB, email: 'fan\u0000@example.org', consent: true, adult: true }, 'Die Eingabe enthält Zeichen, die nicht erlaubt sind.'],
  ])('%j → 400 in German, nothing stored or mailed', async (body, message) => {
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError' });
    expect(res.json().message).toContain(message);
    expect(await fanRows()).toEqual([]);
    expect(await logRows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  test('an unknown club is 404, nothing stored', async () => {
    const res = await signup(valid('fan@example.org', 'club-9999-m'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Diesen Verein gibt es nicht.' });
    expect(await fanRows()).toEqual([]);
  });

  test('without the anti-forgery pair the browser call is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/club-fans', payload: valid('fan@example.org') });
    expect(res.statusCode).toBe(403);
    expect(await fanRows()).toEqual([]);
  });
});

describe('double opt-in', () => {
  let link = '';
  let firstAnswer = '';

  test('a sign-up stores a pending address, logs the consent with the text version and queues the confirmation mail', async () => {
    const res = await signup(valid('Fan@Example.org'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ok: true });
    firstAnswer = res.body;

    const [row] = await fanRows();
    expect(row).toMatchObject({
      clubId: CLUB,
      email: 'fan@example.org',
      status: 'pending',
      consentTextVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
      consentedAt: now,
      confirmedAt: null,
      lastMailAt: now,
    });
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenExpiresAt).toEqual(new Date(now.getTime() + 7 * 86_400_000));

    const [log] = await logRows();
    expect(log).toMatchObject({
      clubId: CLUB,
      email: 'fan@example.org',
      action: 'signup',
      textVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
      at: now,
    });
    expect(log!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(log!.ipHash).not.toContain('203.0.113');

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('fan@example.org');
    expect(mail.subject).toBe('Bitte bestätige: Fan von Verein 0000 (Herren)');
    expect(mail.text).toContain('als Fan von Verein 0000 (Herren) eingetragen');
    expect(mail.text).toContain('Der Link ist 7 Tage gültig');
    expect(mail.text).not.toMatch(/Gewinn|Angebot|Rabatt|Preis/);
    // No unsubscribe headers on a confirmation request (nothing to leave yet).
    expect(mail.raw).not.toMatch(/^List-Unsubscribe/m);
    link = confirmLink(mail);
    expect(JSON.stringify(row)).not.toContain(link.split('token=')[1]);
  });

  test('the same answer for a pending address (within a minute nothing is sent, then a new link)', async () => {
    advance(30_000);
    const again = await signup(valid('fan@example.org'));
    expect([again.statusCode, again.body]).toEqual([200, firstAnswer]);
    expect(await outbox()).toHaveLength(1);
    advance(31_000);
    expect((await signup(valid('FAN@example.org'))).body).toBe(firstAnswer);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    const second = confirmLink(mails[1]!);
    expect(second).not.toBe(link);
    expect((await logRows()).map((l) => l.action)).toEqual(['signup', 'resend']);
    // Only the newest link confirms.
    expect((await t.app.inject({ url: link })).statusCode).toBe(400);
    link = second;
  });

  test('the link confirms: a German page with a link to the club page, a consent record; a second click still says yes', async () => {
    const res = await t.app.inject({ url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Du bist dabei!');
    expect(res.body).toContain('wenn Verein 0000 (Herren) deine Stimme braucht');
    expect(res.body).toContain(`href="/club/${CLUB}"`);
    expect(res.body).toContain('Zur Vereinsseite');
    const [row] = await fanRows();
    expect(row).toMatchObject({ status: 'confirmed', confirmedAt: now });
    const logs = await logRows();
    expect(logs.at(-1)).toMatchObject({ action: 'confirm', textVersion: CLUB_FAN_CONSENT_TEXT_VERSION, clubId: CLUB });
    const second = await t.app.inject({ url: link });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Du hattest schon bestätigt');
    expect(await logRows()).toHaveLength(logs.length);
    // A confirmed fan is a recipient of the notification mails.
    expect(await findRecipient(t.ctx.db, fanKey(row!.id))).toMatchObject({ type: 'fan', email: 'fan@example.org', clubId: CLUB });
  });

  test('the same answer for a confirmed address, and no mail', async () => {
    advance(120_000);
    const res = await signup(valid('fan@example.org'));
    expect([res.statusCode, res.body]).toEqual([200, firstAnswer]);
    expect(await outbox()).toHaveLength(2);
    // The same address for another club is a sign-up of its own.
    expect((await signup(valid('fan@example.org', OTHER))).body).toBe(firstAnswer);
    const mails = await outbox();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('Bitte bestätige: Fan von Verein 0000 (Damen)');
  });

  test('invalid and expired confirmation links: German pages with 400 and 410', async () => {
    for (const url of [
      '/api/public/club-fans/confirm',
      '/api/public/club-fans/confirm?token=',
      '/api/public/club-fans/confirm?token=unknown',
      `/api/public/club-fans/confirm?token=${'x'.repeat(300)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect([url.slice(0, 60), res.statusCode]).toEqual([url.slice(0, 60), 400]);
      expect(res.body).toContain('Dieser Bestätigungslink ist ungültig');
    }
    expect((await signup(valid('spaet@example.org'))).statusCode).toBe(200);
    const late = confirmLink((await outbox()).at(-1)!);
    advance(7 * 86_400_000 + 1000);
    const res = await t.app.inject({ url: late });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('abgelaufen');
    const [row] = await t.ctx.db.select().from(clubFans).where(eq(clubFans.email, 'spaet@example.org'));
    expect(row!.status).toBe('pending');
  });
});

describe('unsubscribe', () => {
  const fan = async (email: string, clubId = CLUB) => {
    const [row] = await t.ctx.db
      .select()
      .from(clubFans)
      .where(and(eq(clubFans.email, email), eq(clubFans.clubId, clubId)));
    return row!;
  };

  test('the link: a German page, the status, a consent record; twice is fine; a bad token is 400', async () => {
    const row = await fan('fan@example.org');
    const url = `/api/public/club-fans/unsubscribe?token=${row.unsubscribeToken}`;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Du bist abgemeldet');
    expect(res.body).toContain('Du bekommst keine E-Mails mehr zu Verein 0000 (Herren).');
    expect(res.body).toContain(`href="/club/${CLUB}"`);
    expect(await fan('fan@example.org')).toMatchObject({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null });
    expect((await logRows()).filter((l) => l.email === 'fan@example.org' && l.clubId === CLUB).map((l) => l.action)).toEqual([
      'signup',
      'resend',
      'confirm',
      'unsubscribe',
    ]);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await logRows()).filter((l) => l.action === 'unsubscribe')).toHaveLength(1);
    expect(await findRecipient(t.ctx.db, fanKey(row.id))).toBeNull();
    for (const bad of ['/api/public/club-fans/unsubscribe', '/api/public/club-fans/unsubscribe?token=nope']) {
      const answer = await t.app.inject({ url: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('Dieser Abmeldelink ist ungültig');
    }
  });

  test('signing up again after leaving: a new consent and a new confirmation mail', async () => {
    const before = (await outbox()).length;
    expect((await signup(valid('fan@example.org'))).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(before + 1);
    expect(await fan('fan@example.org')).toMatchObject({ status: 'pending', unsubscribedAt: null });
    expect((await logRows()).at(-1)).toMatchObject({ action: 'signup', email: 'fan@example.org', clubId: CLUB });
  });

  describe('RFC 8058 one-click POST (no cookies, no anti-forgery pair)', () => {
    let token = '';
    beforeAll(async () => {
      expect((await signup(valid('klick@example.org', OTHER))).statusCode).toBe(200);
      const mail = (await outbox()).at(-1)!;
      expect((await t.app.inject({ url: confirmLink(mail) })).statusCode).toBe(200);
      token = (await fan('klick@example.org', OTHER)).unsubscribeToken;
    });

    const post = (payload: string, contentType: string, url = `/api/public/club-fans/unsubscribe?token=${token}`) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

    test('without List-Unsubscribe=One-Click nothing happens', async () => {
      expect((await post('', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
      expect((await post('List-Unsubscribe=Nein', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
      expect((await fan('klick@example.org', OTHER)).status).toBe('confirmed');
    });

    test('an unknown token is 400', async () => {
      const res = await post(
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded',
        '/api/public/club-fans/unsubscribe?token=nope',
      );
      expect(res.statusCode).toBe(400);
    });

    test('form-encoded: 200 and unsubscribed, with a consent record', async () => {
      const res = await post('List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await fan('klick@example.org', OTHER)).status).toBe('unsubscribed');
      expect((await logRows()).at(-1)).toMatchObject({
        action: 'unsubscribe',
        email: 'klick@example.org',
        clubId: OTHER,
        textVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
      });
    });

    test('multipart (the RFC’s example) works too, and again is still 200', async () => {
      const boundary = 'XYZabc123';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
      const res = await post(body, `multipart/form-data; boundary=${boundary}`);
      expect(res.statusCode).toBe(200);
      expect((await logRows()).filter((l) => l.email === 'klick@example.org' && l.action === 'unsubscribe')).toHaveLength(1);
    });

    test('a page of another site cannot send it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/club-fans/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('the club’s count', () => {
  let own: Member;
  let other: Member;

  beforeAll(async () => {
    own = await createMember(t, CLUB, 'trainer@eching.example');
    other = await createMember(t, 'club-1002-m', 'trainer@andere.example');
    // One confirmed fan of CLUB besides the pending and unsubscribed ones.
    await t.ctx.db.insert(clubFans).values([
      {
        clubId: CLUB,
        email: 'a@example.org',
        status: 'confirmed',
        unsubscribeToken: 'tok-a',
        consentTextVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
        consentedAt: now,
        confirmedAt: now,
      },
      {
        clubId: CLUB,
        email: 'b@example.org',
        status: 'confirmed',
        unsubscribeToken: 'tok-b',
        consentTextVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
        consentedAt: now,
        confirmedAt: now,
      },
      {
        clubId: OTHER,
        email: 'c@example.org',
        status: 'confirmed',
        unsubscribeToken: 'tok-c',
        consentTextVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
        consentedAt: now,
        confirmedAt: now,
      },
    ]);
  });

  const count = (member: Member | null) => t.app.inject({ url: '/api/me/fans', headers: memberHeaders(member) });

  test('a member sees the confirmed fans of the own club only, never cached, never who', async () => {
    const res = await count(own);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ confirmed: 2 });
    expect((await count(other)).json()).toEqual({ confirmed: 0 });
  });

  test('no sign-in: 401', async () => {
    expect((await count(null)).statusCode).toBe(401);
  });
});

describe('export (admins, audited)', () => {
  let admin = '';
  let moderator = '';

  const get = (url: string, session: string | null) => operatorCall(t.app, 'GET', url, session);
  const exports = () => t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'club-fans-export'));

  beforeAll(async () => {
    ({ admin, moderator } = await operatorSessions(t));
    await t.ctx.db.insert(clubFans).values({
      clubId: OTHER,
      email: '=formel@example.org',
      status: 'confirmed',
      unsubscribeToken: 'tok-formel',
      consentTextVersion: 'mein-verein-alt',
      consentedAt: new Date('2026-06-01T08:00:00Z'),
      confirmedAt: new Date('2026-06-01T09:30:00Z'),
    });
  });

  test('the clubs with confirmed fans, with their numbers', async () => {
    const res = await get('/api/operator/club-fans/clubs', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      items: [
        { clubId: CLUB, clubName: 'Verein 0000', team: 'm', confirmed: 2 },
        { clubId: OTHER, clubName: 'Verein 0000', team: 'w', confirmed: 2 },
      ],
      total: 2,
    });
    expect((await get('/api/operator/club-fans/clubs', moderator)).statusCode).toBe(403);
    expect((await get('/api/operator/club-fans/clubs', null)).statusCode).toBe(401);
  });

  test('all clubs: BOM, `;`, CRLF, Berlin time, text version, no formula cell; audited without addresses', async () => {
    const res = await get('/api/operator/club-fans/fans.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fans-alle-vereine-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Verein;Vereins-ID;E-Mail;Bestätigt (Europe/Berlin);Einwilligungstext');
    expect(lines).toContain(`Verein 0000 (Damen);${OTHER};'=formel@example.org;2026-06-01 11:30:00;mein-verein-alt`);
    expect(lines.filter((l) => l.includes(`;${CLUB};`)).map((l) => l.split(';')[2])).toEqual(['a@example.org', 'b@example.org']);
    expect(res.body).not.toContain('spaet@example.org');
    expect(res.body).not.toContain('klick@example.org');
    const [audit] = await exports();
    expect(audit).toMatchObject({
      actor: ADMIN.email,
      subjectType: 'clubs',
      subjectId: 'Alle Vereine',
      details: { exported: 4, format: 'csv', clubs: 2 },
    });
    expect(JSON.stringify(audit!.details)).not.toContain('@');
  });

  test('one club', async () => {
    const res = await get(`/api/operator/club-fans/fans.csv?clubId=${CLUB}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="fans-${CLUB}-`));
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body).not.toContain('formel');
    expect((await exports()).at(-1)).toMatchObject({ subjectType: 'club', subjectId: CLUB, details: { exported: 2, clubs: 1 } });
    expect((await get('/api/operator/club-fans/fans.csv?clubId=club-9999-m', admin)).statusCode).toBe(404);
  });

  test('a moderator is 403, nobody 401; neither is logged as an export', async () => {
    const before = (await exports()).length;
    const res = await get('/api/operator/club-fans/fans.csv', moderator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.' });
    expect((await get('/api/operator/club-fans/fans.csv', null)).statusCode).toBe(401);
    expect(await exports()).toHaveLength(before);
  });
});

describe('a deleted club', () => {
  test('takes its fans with it; the consent log stays as proof', async () => {
    const clubId = 'club-1002-w';
    expect((await signup(valid('weg@example.org', clubId), '198.51.100.1')).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(clubFans).where(eq(clubFans.clubId, clubId))).toHaveLength(1);
    await t.ctx.db.delete(clubs).where(eq(clubs.id, clubId));
    expect(await t.ctx.db.select().from(clubFans).where(eq(clubFans.clubId, clubId))).toEqual([]);
    expect(await t.ctx.db.select().from(clubFanConsentLog).where(eq(clubFanConsentLog.clubId, clubId))).toHaveLength(1);
  });
});

describe('per-IP limit', () => {
  test('one address cannot make the server mail arbitrary addresses in bulk', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) expect((await signup(valid(`masse${i}@example.org`), ip)).statusCode).toBe(200);
    const blocked = await signup(valid('zu-viel@example.org'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'LimitExceeded',
      message: 'Zu viele Anmeldungen von dieser Adresse, bitte versuche es später erneut.',
    });
    expect(await t.ctx.db.select().from(clubFans).where(eq(clubFans.email, 'zu-viel@example.org'))).toEqual([]);
    expect((await outbox()).some((m) => m.to === 'zu-viel@example.org')).toBe(false);
    expect((await signup(valid('nachbar@example.org'), '198.51.100.8')).statusCode).toBe(200);
  });
});
