import { eq } from 'drizzle-orm';
import type { MagicLinkDto, MeDto, RegistrationInput } from '@erd/shared-contracts/wire';
import { identityCodes, identitySessions, identityUsers, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { identityCall, jwtPayload, srpLogin } from '../../test-support/identity.js';
import { lastCodeTo, lastMailTo, readOutbox } from '../../test-support/mail.js';
import { seedClubs } from '../../test-support/seed.js';

/** The frontend-users calls (spec §7) and /api/me, /api/profile, with the statuses of shared-contracts accounts.ts. */

let t: TestApp;
let now = new Date('2026-06-01T08:00:00Z');
const BASE = '/content/public/spaces/erd/frontend-users';
const XSRF = 'abcdefghijklmnopqrstuvwxyz012345';
const PASSWORD = 'Abseits!2026';

beforeAll(async () => {
  // Many registrations from one address: the per-IP limits are raised here (tested at the end).
  t = await createTestApp({ now, env: { PUBLIC_URL: 'https://punktejagd.example.org', RATE_LIMIT_SCALE: '100' } });
  await seedClubs(t.ctx.db, 20);
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

const post = (path: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload: payload as Record<string, unknown> });

interface RegistrationOverrides {
  email?: string;
  password?: string;
  fields?: Partial<RegistrationInput['fields']>;
}

function registration(overrides: RegistrationOverrides = {}): RegistrationInput {
  return {
    email: overrides.email ?? 'mitglied@example.org',
    password: overrides.password ?? PASSWORD,
    fields: {
      firstname: 'Erika',
      lastname: 'Musterfrau',
      street: 'Hauptstraße 1',
      city: '80331 München',
      phone: '+49 89 123456',
      club: { id: 'club-1000-m', linkType: 'Object', type: 'Link' },
      ...overrides.fields,
    },
  };
}

const register = (input: unknown) => post('signup', input);

async function registerAndConfirm(email: string, clubId: string): Promise<void> {
  const res = await register(registration({ email, fields: { club: { id: clubId, linkType: 'Object', type: 'Link' } } }));
  expect(res.statusCode).toBe(201);
  const confirm = await post('signup/confirm', { email, code: await lastCodeTo(t, email) });
  expect(confirm.statusCode).toBe(200);
}

async function accessToken(email: string, password = PASSWORD): Promise<string> {
  const res = await srpLogin(t.app, email, password, now);
  expect(res.status).toBe(200);
  return res.body.AuthenticationResult!.AccessToken;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF });

describe('registration', () => {
  test.each([
    ['email', { email: 'kein-at' }],
    ['email', { email: '' }],
    ['password', { password: 'abcdefgh' }],
    ['password', { password: 'Abcdefg1' }],
    ['firstname', { fields: { firstname: '  ' } }],
    ['lastname', { fields: { lastname: 'x'.repeat(101) } }],
    ['street', { fields: { street: '' } }],
    ['city', { fields: { city: 'y'.repeat(201) } }],
    ['phone', { fields: { phone: '0800-ABC' } }],
    ['phone', { fields: { phone: '1'.repeat(41) } }],
    ['club', { fields: { club: { id: '', linkType: 'Object', type: 'Link' } } }],
  ] as const)('a bad %s → 400 ValidationError naming it', async (field, overrides) => {
    const res = await register(registration(overrides as RegistrationOverrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', user: [field] });
    expect(await t.ctx.db.select().from(identityUsers)).toEqual([]);
  });

  test('several bad fields are all named; a body that is no object is a ValidationError', async () => {
    const res = await register({ email: 'x', fields: { firstname: 'A' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().user).toEqual(['email', 'password', 'lastname', 'street', 'city', 'club']);
    expect((await register([])).json()).toMatchObject({ code: 'ValidationError' });
  });

  test('an unknown club entry → 404 ClubNotFound; nothing is created', async () => {
    const res = await register(registration({ fields: { club: { id: 'club-9999-m', linkType: 'Object', type: 'Link' } } }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'ClubNotFound',
      message: 'Der gewählte Verein wurde nicht gefunden.',
      requestId: expect.any(String),
    });
    expect(await t.ctx.db.select().from(identityUsers)).toEqual([]);
    expect(await readOutbox(t)).toEqual([]);
  });

  test('an unknown space → 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/content/public/spaces/other/frontend-users/signup', payload: registration() });
    expect(res.statusCode).toBe(404);
  });

  test('success: 201 {email}; identity user (custom:club, salt and verifier only), profile and code mail with magic link', async () => {
    const res = await register(registration({ email: 'Mitglied@Example.org' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'mitglied@example.org' });
    const [user] = await t.ctx.db.select().from(identityUsers);
    expect(user).toMatchObject({ email: 'mitglied@example.org', status: 'UNCONFIRMED', attributes: { 'custom:club': 'club-1000-m' } });
    expect(JSON.stringify(user)).not.toContain(PASSWORD);
    const [profile] = await t.ctx.db.select().from(profiles);
    expect(profile).toMatchObject({
      sub: user!.sub,
      clubId: 'club-1000-m',
      firstname: 'Erika',
      lastname: 'Musterfrau',
      street: 'Hauptstraße 1',
      city: '80331 München',
      phone: '+49 89 123456',
    });
    const mail = await lastMailTo(t, 'mitglied@example.org');
    const code = await lastCodeTo(t, 'mitglied@example.org');
    const link = /https:\/\/punktejagd\.example\.org\/confirmation\?MAGIC_LINK=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const magic = JSON.parse(Buffer.from(link![1]!, 'base64url').toString('utf8')) as MagicLinkDto;
    expect(magic).toEqual({ email: 'mitglied@example.org', challengeAnswer: code });
    expect(mail.text).toContain('24 Stunden');
    // greeted by the first name just given (issue 24)
    expect(mail.text).toMatch(/^Hallo Erika,$/m);
    // Subjects are logged and name the outbox files: the code is only in the body.
    expect(mail.subject).toBe('Dein Bestätigungscode – Punktejagd');
    expect(mail.file).not.toContain(code);
  });

  test('the address again while unconfirmed → 409 EmailNotConfirmed', async () => {
    const res = await register(registration({ fields: { club: { id: 'club-1001-m', linkType: 'Object', type: 'Link' } } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EmailNotConfirmed' });
  });

  test('the club entry again → 409 ClubTaken', async () => {
    const res = await register(registration({ email: 'zweiter@example.org' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'ClubTaken',
      message: 'Für den gewählten Verein existiert bereits eine Anmeldung.',
      requestId: expect.any(String),
    });
    expect(await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, 'zweiter@example.org'))).toEqual([]);
  });

  test('concurrent registrations for one club entry: exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        register(
          registration({ email: `parallel${i}@example.org`, fields: { club: { id: 'club-1002-w', linkType: 'Object', type: 'Link' } } }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const holders = await t.ctx.db.select().from(profiles).where(eq(profiles.clubId, 'club-1002-w'));
    expect(holders).toHaveLength(1);
    // The losers left nothing behind (one transaction: identity user and profile, or neither).
    const users = await t.ctx.db.select().from(identityUsers);
    expect(users.filter((u) => u.email.startsWith('parallel'))).toHaveLength(1);
  });
});

describe('confirmation', () => {
  test('validation, unknown address (404), wrong code (400 CodeMismatchException)', async () => {
    expect((await post('signup/confirm', { email: 'mitglied@example.org', code: '12345' })).json()).toMatchObject({
      code: 'ValidationError',
      user: ['code'],
    });
    const unknown = await post('signup/confirm', { email: 'niemand@example.org', code: '123456' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'UserNotFoundException' });
    const code = await lastCodeTo(t, 'mitglied@example.org');
    const wrong = await post('signup/confirm', { email: 'mitglied@example.org', code: code === '111111' ? '222222' : '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CodeMismatchException' });
  });

  test('resend within a minute → 429 LimitExceededException; later a new code', async () => {
    const soon = await post('signup/code', { email: 'mitglied@example.org' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'LimitExceededException' });
    expect((await post('signup/code', { email: 'niemand@example.org' })).statusCode).toBe(404);
    advance(61_000);
    const old = await lastCodeTo(t, 'mitglied@example.org');
    const res = await post('signup/code', { email: 'mitglied@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'mitglied@example.org' });
    const fresh = await lastCodeTo(t, 'mitglied@example.org');
    if (fresh !== old) {
      expect((await post('signup/confirm', { email: 'mitglied@example.org', code: old })).json()).toMatchObject({
        code: 'CodeMismatchException',
      });
    }
  });

  test('the right code confirms (200); again → 400 {code and message NotAuthorizedException}', async () => {
    const code = await lastCodeTo(t, 'mitglied@example.org');
    const res = await post('signup/confirm', { email: 'MITGLIED@example.org', code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'mitglied@example.org' });
    const again = await post('signup/confirm', { email: 'mitglied@example.org', code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'NotAuthorizedException', message: 'NotAuthorizedException', requestId: expect.any(String) });
    const resend = await post('signup/code', { email: 'mitglied@example.org' });
    expect(resend.statusCode).toBe(400);
    expect(resend.json()).toEqual({ code: 'NotAuthorizedException', message: 'NotAuthorizedException', requestId: expect.any(String) });
  });

  test('a confirmed address registering again → 409 EmailExists', async () => {
    const res = await register(registration({ fields: { club: { id: 'club-1003-m', linkType: 'Object', type: 'Link' } } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'EmailExists', message: 'Die E-Mail-Adresse ist bereits vergeben.', requestId: expect.any(String) });
  });

  test('5 wrong codes kill the code (400 LimitExceededException)', async () => {
    await registerAndConfirm('schnell@example.org', 'club-1003-w');
    expect(
      (
        await register(
          registration({ email: 'tipper@example.org', fields: { club: { id: 'club-1004-m', linkType: 'Object', type: 'Link' } } }),
        )
      ).statusCode,
    ).toBe(201);
    const code = await lastCodeTo(t, 'tipper@example.org');
    const wrong = code === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('signup/confirm', { email: 'tipper@example.org', code: wrong })).json().code).toBe('CodeMismatchException');
    const dead = await post('signup/confirm', { email: 'tipper@example.org', code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('LimitExceededException');
  });

  test('an account never confirmed within 7 days frees its address and club entry', async () => {
    advance(7 * 86_400_000 + 1000);
    const club = await register(
      registration({ email: 'nachfolger@example.org', fields: { club: { id: 'club-1004-m', linkType: 'Object', type: 'Link' } } }),
    );
    expect(club.statusCode).toBe(201);
    expect(await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, 'tipper@example.org'))).toEqual([]);
  });
});

describe('forgotten password', () => {
  test('the same answer for known and unknown addresses; a second request within the minute → 429 for both', async () => {
    const before = (await readOutbox(t)).length;
    const unknown = await post('forgot-password', { email: 'niemand@example.org' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ email: 'niemand@example.org' });
    const known = await post('forgot-password', { email: 'mitglied@example.org' });
    expect(known.statusCode).toBe(200);
    expect(await readOutbox(t)).toHaveLength(before + 1);
    expect((await lastMailTo(t, 'mitglied@example.org')).text).toContain('60 Minuten');
    expect((await lastMailTo(t, 'mitglied@example.org')).text).toMatch(/^Hallo Erika,$/m);
    for (const email of ['niemand@example.org', 'mitglied@example.org']) {
      const res = await post('forgot-password', { email });
      expect([email, res.statusCode, res.json().code]).toEqual([email, 429, 'LimitExceededException']);
    }
    expect((await post('forgot-password', { email: 'x' })).statusCode).toBe(400);
  });

  test('confirm: 404 unknown, 400 wrong code, 400 InvalidPasswordException, then 200 and the new password works', async () => {
    const code = await lastCodeTo(t, 'mitglied@example.org');
    expect(
      (await post('forgot-password/confirm', { email: 'niemand@example.org', code: '123456', password: 'Neu!Passwort1' })).statusCode,
    ).toBe(404);
    const wrong = await post('forgot-password/confirm', {
      email: 'mitglied@example.org',
      code: code === '111111' ? '222222' : '111111',
      password: 'Neu!Passwort1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CodeMismatchException');
    const weak = await post('forgot-password/confirm', { email: 'mitglied@example.org', code, password: 'schwach' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('InvalidPasswordException');
    const ok = await post('forgot-password/confirm', { email: 'mitglied@example.org', code, password: 'Neu!Passwort1' });
    expect(ok.statusCode).toBe(200);
    expect((await srpLogin(t.app, 'mitglied@example.org', PASSWORD, now)).type).toBe('NotAuthorizedException');
    expect((await srpLogin(t.app, 'mitglied@example.org', 'Neu!Passwort1', now)).status).toBe(200);
    const again = await post('forgot-password/confirm', { email: 'mitglied@example.org', code, password: 'Neu!Passwort2' });
    expect(again.json().code).toBe('ExpiredCodeException');
  });
});

describe('/api/me and /api/profile', () => {
  let token = '';
  let me: MeDto;

  beforeAll(async () => {
    advance(61_000);
    await registerAndConfirm('profil@example.org', 'club-1005-m');
    token = await accessToken('profil@example.org');
  });

  test('401 without a valid token; 403 without the anti-forgery header', async () => {
    expect((await t.app.inject({ url: '/api/me' })).json()).toMatchObject({ code: 'Unauthorized' });
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', payload: {} })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/profile',
          headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });

  test('GET /api/me: the profile, the e-mail, the resolved club; the ID token names the club', async () => {
    const res = await t.app.inject({ url: '/api/me', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    me = res.json();
    expect(me).toMatchObject({
      email: 'profil@example.org',
      fields: {
        firstname: 'Erika',
        lastname: 'Musterfrau',
        street: 'Hauptstraße 1',
        city: '80331 München',
        phone: '+49 89 123456',
        club: { id: 'club-1005-m', linkType: 'Object', type: 'Link' },
      },
      club: { sys: { id: 'club-1005-m', objectTypeId: 'bfv-erd-club' }, fields: { clubnumber: '1005', team: 'm' } },
      updatedAt: now.toISOString().replace(/\.\d+Z$/, (m) => m),
    });
    const login = await srpLogin(t.app, 'profil@example.org', PASSWORD, now);
    expect(jwtPayload(login.body.AuthenticationResult!.IdToken)).toMatchObject({
      'custom:club': 'club-1005-m',
      email_verified: true,
      sub: me.sub,
    });
  });

  const put = (body: unknown, tok = token) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(tok), payload: body as Record<string, unknown> });

  test('PUT validates like the form', async () => {
    const res = await put({
      fields: { firstname: '', lastname: 'M', street: 'S', city: 'C', phone: 'abc' },
      updatedAt: me.updatedAt,
      password: 'kurz',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', user: ['firstname', 'phone', 'password'] });
    expect((await put({ fields: me.fields, updatedAt: 'gestern' })).json().user).toEqual(['updatedAt']);
  });

  test('PUT changes the fields (not the club) and answers the new updatedAt; an empty password changes nothing', async () => {
    advance(1000);
    const res = await put({
      fields: { firstname: ' Erika ', lastname: 'Mustermann', street: 'Nebenweg 2', city: '90402 Nürnberg', phone: '' },
      updatedAt: me.updatedAt,
      password: '',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({
      firstname: 'Erika',
      lastname: 'Mustermann',
      street: 'Nebenweg 2',
      city: '90402 Nürnberg',
      club: { id: 'club-1005-m', linkType: 'Object', type: 'Link' },
    });
    expect(body.updatedAt).toBe(now.toISOString());
    expect((await srpLogin(t.app, 'profil@example.org', PASSWORD, now)).status).toBe(200);
    me = { ...me, ...body };
  });

  test('a stale updatedAt → 409 Conflict and nothing changes', async () => {
    const stale = new Date(new Date(me.updatedAt).getTime() - 1000).toISOString();
    const res = await put({ fields: { ...me.fields, lastname: 'Überschrieben' }, updatedAt: stale });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Conflict' });
    const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.sub, me.sub));
    expect(row!.lastname).toBe('Mustermann');
  });

  test('two saves of the same form within one millisecond: the second is stale', async () => {
    const first = await put({ fields: { ...me.fields, city: 'Erlangen' }, updatedAt: me.updatedAt });
    const second = await put({ fields: { ...me.fields, city: 'Fürth' }, updatedAt: me.updatedAt });
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
    me = { ...me, ...first.json() };
    expect(me.updatedAt > new Date(now).toISOString()).toBe(true);
  });

  test('a password in PUT changes the identity password (new salt and verifier)', async () => {
    const [before] = await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, me.sub));
    const res = await put({ fields: me.fields, updatedAt: me.updatedAt, password: 'Neues!Pw2026' });
    expect(res.statusCode).toBe(200);
    me = { ...me, ...res.json() };
    const [after] = await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, me.sub));
    expect(after!.salt).not.toBe(before!.salt);
    expect((await srpLogin(t.app, 'profil@example.org', PASSWORD, now)).type).toBe('NotAuthorizedException');
    token = await accessToken('profil@example.org', 'Neues!Pw2026');
  });

  test('DELETE removes identity user, profile, sessions and codes at once; the club entry is free again', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: auth(token) });
    expect(res.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, me.sub))).toEqual([]);
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.sub, me.sub))).toEqual([]);
    expect(await t.ctx.db.select().from(identitySessions).where(eq(identitySessions.sub, me.sub))).toEqual([]);
    expect(await t.ctx.db.select().from(identityCodes).where(eq(identityCodes.sub, me.sub))).toEqual([]);
    expect((await t.app.inject({ url: '/api/me', headers: auth(token) })).statusCode).toBe(401);
    expect((await srpLogin(t.app, 'profil@example.org', 'Neues!Pw2026', now)).type).toBe('NotAuthorizedException');
    advance(61_000);
    await registerAndConfirm('neu-im-verein@example.org', 'club-1005-m');
    // The address may register again too.
    await registerAndConfirm('profil@example.org', 'club-1006-m');
  });
});

describe("identity DeleteUser (the library's deleteUser)", () => {
  test('removes the profile with the identity user; the club entry is free again', async () => {
    advance(61_000);
    await registerAndConfirm('selbst-geloescht@example.org', 'club-1007-m');
    const token = await accessToken('selbst-geloescht@example.org');
    const res = await identityCall(t.app, 'DeleteUser', { AccessToken: token });
    expect(res.status).toBe(200);
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.clubId, 'club-1007-m'))).toEqual([]);
    await registerAndConfirm('nachruecker@example.org', 'club-1007-m');
  });
});

describe('refused bodies are answered as before the schemas (issue 27)', () => {
  test('an unknown space is 404 before the body is looked at', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/content/public/spaces/other/frontend-users/signup', payload: { email: 'x' } });
    expect(res.statusCode).toBe(404);
  });

  test('fields that are no object name fields and club; a body that is no object is "body must be object"', async () => {
    const res = await register({ email: 'ok@example.org', password: PASSWORD, fields: 'x' });
    expect(res.json()).toEqual({
      code: 'ValidationError',
      message: 'Bitte überprüfe deine Eingaben.',
      user: ['fields', 'club'],
      requestId: expect.any(String),
    });
    const none = await post('signup/code', []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'ValidationError', message: 'body must be object', requestId: expect.any(String) });
  });

  test('forgot-password/confirm names a bad address or code first; a weak password alone is InvalidPasswordException', async () => {
    const both = await post('forgot-password/confirm', { email: 'kein-at', code: '123456', password: 'schwach' });
    expect(both.json()).toEqual({
      code: 'ValidationError',
      message: 'Bitte überprüfe deine Eingaben.',
      user: ['email'],
      requestId: expect.any(String),
    });
    const weak = await post('forgot-password/confirm', { email: 'niemand@example.org', code: '123456' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      code: 'InvalidPasswordException',
      message: 'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
      requestId: expect.any(String),
    });
  });
});

describe('rate limits', () => {
  test('registrations per IP are limited (429 LimitExceededException)', async () => {
    await t.rebuild({ PUBLIC_URL: 'https://punktejagd.example.org', RATE_LIMIT_SCALE: '0.1' });
    try {
      const from = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: `${BASE}/signup`,
          remoteAddress: '203.0.113.50',
          payload: registration({
            email: `limit${i}@example.org`,
            fields: { club: { id: `club-100${8 + (i % 2)}-w`, linkType: 'Object', type: 'Link' } },
          }),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await from(i)).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await t.rebuild();
    }
  });
});
