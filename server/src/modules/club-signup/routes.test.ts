import type { ClubAvailabilityDto } from '@erd/shared-contracts/schemas';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox, type OutboxMail } from '../../test-support/mail.js';
import { createMember, memberHeaders } from '../../test-support/members.js';
import { seedClubs, seedRateLimitUse } from '../../test-support/seed.js';
import { CLUB_SIGNUP_LIMITS } from './service.js';

/**
 * The registration's club steps against the real app and database (PGlite, or PostgreSQL with
 * DATABASE_URL): the availability of a club entry (free, held by an account, freed again when its
 * holder never confirmed within 7 days; the sign-up itself still refuses a taken entry), the
 * 'Verein nicht gefunden?' mail to the service address (Reply-To, texts escaped, nothing of it in
 * the log lines, one answer for every address), the input rule, and both per-IP limits under
 * parallel requests.
 */

let t: TestApp;
let now = new Date('2026-06-15T10:00:00Z');
const SERVICE = 'service@punktejagd.example';
const logLines: string[] = [];
let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;
const signupBase = () => `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/frontend-users`;
/** A sign-up of Max Muster for the club entry. */
const signUp = (email: string, clubId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${signupBase()}/signup`,
    payload: {
      email,
      password: 'Abseits!2026',
      fields: {
        firstname: 'Max',
        lastname: 'Muster',
        street: 'Weg 1',
        city: '80331 München',
        club: { id: clubId, linkType: 'Object', type: 'Link' },
      },
    },
  });

beforeAll(async () => {
  t = await createTestApp({
    now,
    env: { SERVICE_EMAIL: SERVICE, LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await seedClubs(t.ctx.db, 8);
});
afterAll(() => t.close());

const availability = (clubId: string, ip = freshIp()) =>
  t.app.inject({ method: 'GET', url: `/api/clubs/${encodeURIComponent(clubId)}/availability`, remoteAddress: ip });

const clubRequest = (payload: unknown, ip = freshIp(), headers: Record<string, string> = memberHeaders(null)) =>
  t.app.inject({ method: 'POST', url: '/api/club-requests', headers, remoteAddress: ip, payload: payload as Record<string, unknown> });

const REQUEST = {
  clubName: 'SV Beispielhausen',
  clubNumber: '123456',
  team: 'w',
  email: 'Trainerin@Beispiel.example',
  note: 'Wir sind neu im Kreis.',
};

const replyTo = (mail: OutboxMail) => /^Reply-To: (.*)$/im.exec(mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)))?.[1];

describe('GET /api/clubs/{clubId}/availability', () => {
  test('a free entry is available; the answer is not cached', async () => {
    const res = await availability('club-1000-m');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('an entry with an account is not available, the other team of the club is; the sign-up still refuses the taken entry', async () => {
    await createMember(t, 'club-1001-m', 'holder@example.org');
    expect((await availability('club-1001-m')).json()).toEqual({ available: false });
    expect((await availability('club-1001-w')).json()).toEqual({ available: true });

    const signup = await signUp('second@example.org', 'club-1001-m');
    expect(signup.statusCode).toBe(409);
    expect(signup.json()).toMatchObject({ code: 'ClubTaken', message: 'Für den gewählten Verein existiert bereits eine Anmeldung.' });
  });

  test('a holder that never confirmed keeps the entry for 7 days, then it is available again (as the sign-up frees it)', async () => {
    const signup = await signUp('never-confirmed@example.org', 'club-1002-w');
    expect(signup.statusCode).toBe(201);
    expect((await availability('club-1002-w')).json()).toEqual({ available: false });
    now = new Date(now.getTime() + 7 * 86_400_000 + 60_000);
    t.setNow(now);
    expect((await availability('club-1002-w')).json()).toEqual({ available: true });
    // The confirmed holder of the other entry keeps it however old.
    expect((await availability('club-1001-m')).json()).toEqual({ available: false });
  });

  test('an id not in the catalogue is 404 ClubNotFound; an unsafe id is 400, an overlong one not found', async () => {
    const missing = await availability('club-9999-m');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ClubNotFound', message: 'Der gewählte Verein wurde nicht gefunden.' });
    const unsafe = await availability('club\u0007-1000-m');
    expect(unsafe.statusCode).toBe(400);
    // Longer than Fastify's path parameters may be (100): no route.
    expect((await availability('x'.repeat(201))).statusCode).toBe(404);
  });

  test('an address gets its checks an hour, counted exactly under parallel requests, then 429; another address is not affected', async () => {
    const ip = freshIp();
    // The address has used all but 5 of its checks this hour; 20 come at once.
    const slot = await seedRateLimitUse(t.ctx, CLUB_SIGNUP_LIMITS.availability, ip, 295);
    expect(slot.limit).toBe(300);
    const answers = await Promise.all(Array.from({ length: 20 }, () => availability('club-1000-m', ip)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(answers.find((res) => res.statusCode === 429)!.json()).toMatchObject({
      code: 'LimitExceeded',
      message: expect.stringMatching(/^Zu viele Anfragen/),
    });
    expect((await availability('club-1000-m')).json<ClubAvailabilityDto>()).toEqual({ available: true });
  });
});

describe('POST /api/club-requests', () => {
  test('mails the request to the service address, Reply-To the visitor, and answers 202 { ok: true }', async () => {
    const before = (await readOutbox(t)).length;
    logLines.length = 0;
    const res = await clubRequest({ ...REQUEST, note: 'Wir sind neu im Kreis.\nTrainingsplatz: <Sportpark>' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const mails = (await readOutbox(t)).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(SERVICE);
    expect(replyTo(mail!)).toBe('trainerin@beispiel.example');
    expect(mail!.subject).toBe('Verein nicht gefunden – Anfrage zur Punktejagd');
    expect(mail!.text).toContain('Verein: SV Beispielhausen');
    expect(mail!.text).toContain('Vereinsnummer: 123456');
    expect(mail!.text).toContain('Team: Damen');
    expect(mail!.text).toContain('E-Mail für die Antwort: trainerin@beispiel.example');
    expect(mail!.text).toContain('Trainingsplatz: <Sportpark>');
    expect(mail!.text).toContain('Trainingsplatz: &lt;Sportpark&gt;');

    // Nothing the visitor typed reaches a log line.
    const log = logLines.join('\n');
    expect(log).toContain('club-signup: a request for a missing club was queued');
    for (const typed of ['Beispielhausen', 'trainerin', 'Trainerin', '123456', 'Sportpark']) expect(log).not.toContain(typed);
  });

  test('the club number and the note are optional; the answer is the same for any address, a member’s too', async () => {
    await createMember(t, 'club-1003-m', 'member@example.org');
    const answers = await Promise.all(
      ['member@example.org', 'nobody@example.org'].map((email) => clubRequest({ clubName: 'FC Neuland', team: 'm', email })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202]);
    expect(answers[0]!.body).toBe(answers[1]!.body);
    const mails = (await readOutbox(t)).filter((mail) => mail.text.includes('FC Neuland'));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Vereinsnummer: (nicht angegeben)');
    expect(mails[0]!.text).not.toContain('Nachricht:');
  });

  test.each([
    ['no club name', { ...REQUEST, clubName: undefined }],
    ['a one-letter club name', { ...REQUEST, clubName: ' X ' }],
    ['a too long club name', { ...REQUEST, clubName: 'x'.repeat(121) }],
    ['a club name with a bidi control', { ...REQUEST, clubName: 'SV \u202EBeispiel' }],
    ['letters in the club number', { ...REQUEST, clubNumber: '12a' }],
    ['an unknown team', { ...REQUEST, team: 'x' }],
    ['an invalid e-mail', { ...REQUEST, email: 'kein-at-zeichen' }],
    ['a too long note', { ...REQUEST, note: 'x'.repeat(1001) }],
    ['an unknown field', { ...REQUEST, phone: '0891234' }],
    ['a body that is no object', ['SV Beispielhausen']],
  ])('%s → 400, nothing mailed', async (_label, body) => {
    const before = (await readOutbox(t)).length;
    const res = await clubRequest(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', message: expect.any(String) });
    expect(await readOutbox(t)).toHaveLength(before);
  });

  test('a control character anywhere is refused by the one input rule; without the anti-forgery header 403', async () => {
    const unsafe = await clubRequest({ ...REQUEST, note: 'Hallo\u0000' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toMatchObject({ message: UNSAFE_TEXT_MESSAGE });
    const forged = await clubRequest(REQUEST, freshIp(), {});
    expect(forged.statusCode).toBe(403);
  });

  test('an address may send 10 requests an hour, counted exactly under parallel requests; then 429 and no mail', async () => {
    const before = (await readOutbox(t)).length;
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => clubRequest({ ...REQUEST, clubName: `SV Parallel ${i}` }, ip)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(answers.find((res) => res.statusCode === 429)!.json()).toMatchObject({ code: 'LimitExceeded' });
    expect(await readOutbox(t)).toHaveLength(before + 10);
    expect((await clubRequest(REQUEST)).statusCode).toBe(202);
  });
});
