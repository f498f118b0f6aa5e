import { newsletterConsentLog, newsletterSubscriptions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox, type OutboxMail } from '../../test-support/mail.js';
import { newsletterFooter, newsletterMail } from '../mail/templates.js';
import { CONSENT_TEXT_VERSION, listSubscribers } from './service.js';

let t: TestApp;
let now = new Date('2026-06-01T08:00:00Z');
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

beforeAll(async () => {
  t = await createTestApp({ now, env: { PUBLIC_URL: 'https://punktejagd.example.org' } });
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

const signup = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/newsletter',
    headers: { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': TOKEN, 'x-forwarded-for': '203.0.113.9' },
    payload: body as Record<string, unknown>,
  });

const outbox = () => readOutbox(t);

function confirmLink(mail: OutboxMail): string {
  const match = /https:\/\/punktejagd\.example\.org(\/api\/public\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no confirmation link in ${mail.file}`);
  return match[1];
}

describe('signup validation', () => {
  test.each([
    [{ Email: '', Fields: [] }],
    [{ Email: 'kein-at-zeichen', Fields: [] }],
    [{ Email: 'a@b@c.de', Fields: [] }],
    [{ Email: `${'x'.repeat(65)}@example.org`, Fields: [] }],
    [{ Email: `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.de`, Fields: [] }],
    [{ Email: 'leer zeichen@example.org', Fields: [] }],
    [{ Fields: [] }],
    [{ Email: { address: 'a@example.org' } }],
  ])('%j → 400 and nothing stored', async (body) => {
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ValidationError', message: 'Gib eine gültige Emailadresse an', requestId: expect.any(String) });
    expect(await t.ctx.db.select().from(newsletterSubscriptions)).toEqual([]);
    expect(await t.ctx.db.select().from(newsletterConsentLog)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });
});

describe('double opt-in', () => {
  let firstLink = '';

  test('signup stores a pending address, logs the consent and writes the confirmation mail', async () => {
    const res = await signup({ Email: 'Fan@Example.org', Fields: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const [row] = await t.ctx.db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({
      email: 'fan@example.org',
      status: 'pending',
      consentTextVersion: CONSENT_TEXT_VERSION,
      consentedAt: now,
      lastMailAt: now,
      confirmedAt: null,
    });
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenExpiresAt).toEqual(new Date(now.getTime() + 7 * 86_400_000));

    const [log] = await t.ctx.db.select().from(newsletterConsentLog);
    expect(log).toMatchObject({ email: 'fan@example.org', action: 'signup', textVersion: CONSENT_TEXT_VERSION, at: now });
    expect(log!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(log!.ipHash).not.toContain('203.0.113');

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.file).toMatch(/\.eml$/);
    expect(mails[0]!.raw).toMatch(/^To: fan@example\.org$/m);
    expect(mails[0]!.raw).toMatch(/^From: Punktejagd <noreply@localhost>$/m);
    expect(mails[0]!.text).toContain('Bitte bestätige deine Anmeldung');
    expect(mails[0]!.text).not.toMatch(/Gewinn|Angebot|Rabatt/);
    firstLink = confirmLink(mails[0]!);
    // The token itself is not stored.
    expect(JSON.stringify(row)).not.toContain(firstLink.split('token=')[1]);
  });

  test('a second signup within a minute answers 200 but sends nothing; after a minute it re-sends', async () => {
    advance(30_000);
    expect((await signup({ Email: 'fan@example.org', Fields: [] })).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(1);
    advance(31_000);
    expect((await signup({ Email: 'FAN@example.org', Fields: [] })).statusCode).toBe(200);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    const secondLink = confirmLink(mails[1]!);
    expect(secondLink).not.toBe(firstLink);
    const logs = await t.ctx.db.select().from(newsletterConsentLog).orderBy(newsletterConsentLog.id);
    expect(logs.map((l) => l.action)).toEqual(['signup', 'resend']);
    // only the newest link confirms
    const old = await t.app.inject({ url: firstLink });
    expect(old.statusCode).toBe(400);
    firstLink = secondLink;
  });

  test('an unconfirmed address is no subscriber; the link confirms it', async () => {
    expect(await listSubscribers({ ctx: t.ctx })).toEqual([]);
    const res = await t.app.inject({ url: firstLink });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Deine Anmeldung ist bestätigt');
    expect(res.body).toContain('href="/"');
    const subscribers = await listSubscribers({ ctx: t.ctx });
    expect(subscribers.map((s) => s.email)).toEqual(['fan@example.org']);
    expect(subscribers.map((s) => [s.confirmedAt, s.consentTextVersion])).toEqual([[now, CONSENT_TEXT_VERSION]]);
    // a second click still says confirmed
    expect((await t.app.inject({ url: firstLink })).statusCode).toBe(200);
  });

  test('a confirmed address signing up again gets 200 and no new mail', async () => {
    advance(120_000);
    expect((await signup({ Email: 'fan@example.org', Fields: [] })).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(2);
  });

  test('unsubscribe link: no longer a subscriber, old confirmation link dead', async () => {
    const [row] = await t.ctx.db.select().from(newsletterSubscriptions);
    const res = await t.app.inject({ url: `/api/public/newsletter/unsubscribe?token=${row!.unsubscribeToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Du bist abgemeldet');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await listSubscribers({ ctx: t.ctx })).toEqual([]);
    expect((await t.app.inject({ url: firstLink })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/public/newsletter/unsubscribe?token=nope' })).statusCode).toBe(400);
    const actions = (await t.ctx.db.select().from(newsletterConsentLog).orderBy(newsletterConsentLog.id)).map((l) => l.action);
    expect(actions).toEqual(['signup', 'resend', 'confirm', 'unsubscribe']);
  });

  test('invalid and expired confirmation links get German pages with 400 and 410', async () => {
    for (const url of [
      '/api/public/newsletter/confirm',
      '/api/public/newsletter/confirm?token=',
      '/api/public/newsletter/confirm?token=unknown',
    ]) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.body).toContain('Dieser Bestätigungslink ist ungültig');
    }
    expect((await signup({ Email: 'spaet@example.org', Fields: [] })).statusCode).toBe(200);
    const link = confirmLink((await outbox()).at(-1)!);
    advance(7 * 86_400_000 + 1000);
    const res = await t.app.inject({ url: link });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('abgelaufen');
    expect((await listSubscribers({ ctx: t.ctx })).map((s) => s.email)).toEqual([]);
  });
});

describe('newsletter mails', () => {
  test('every newsletter mail carries the unsubscribe link', async () => {
    const url = 'https://punktejagd.example.org/api/public/newsletter/unsubscribe?token=abc';
    const footer = newsletterFooter({ productName: 'Punktejagd', unsubscribeUrl: url });
    expect(footer.text).toContain(`Abmelden: ${url}`);
    expect(footer.footer.unsubscribeUrl).toBe(url);
    expect(footer.headers).toEqual({ 'List-Unsubscribe': `<${url}>` });
    const mail = await newsletterMail({ productName: 'Punktejagd', subject: 'Neu', text: 'Hallo', unsubscribeUrl: url });
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url);
  });
});

describe('per-IP limit', () => {
  test('one address cannot make the server mail arbitrary addresses in bulk', async () => {
    const limited = await createTestApp({ now: new Date('2026-06-01T08:00:00Z') });
    try {
      const post = (email: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/public/newsletter',
          remoteAddress: ip,
          headers: { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': TOKEN },
          payload: { Email: email, Fields: [] },
        });
      for (let i = 0; i < 30; i++) expect((await post(`fan${i}@example.org`, '198.51.100.7')).statusCode).toBe(200);
      const blocked = await post('fan-too-many@example.org', '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'LimitExceeded' });
      expect((await readOutbox(limited)).some((m) => m.text.includes('fan-too-many@example.org'))).toBe(false);
      // Another address is not affected.
      expect((await post('nachbar@example.org', '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('refused links (issue 27)', () => {
  test('a token that is too long or given twice is the 400 page like an unknown one', async () => {
    for (const url of [`/api/public/newsletter/confirm?token=${'a'.repeat(201)}`, '/api/public/newsletter/unsubscribe?token=a&token=b']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('ungültig');
    }
  });
});
