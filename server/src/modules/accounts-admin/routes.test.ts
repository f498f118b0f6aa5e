import { eq } from 'drizzle-orm';
import type { AccountAdminDto, AccountAdminPageDto } from '@erd/shared-contracts/backoffice';
import { clubs, identityCodes, identitySessions, identityUsers, moderationLog, participations, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { CLIENT_ID, identityCall, srpLogin } from '../../test-support/identity.js';
import { readOutbox } from '../../test-support/mail.js';
import { createMember, MEMBER_PASSWORD, memberHeaders, type Member } from '../../test-support/members.js';
import {
  ADMIN,
  operatorCall,
  operatorHeaders,
  operatorSession,
  operatorSessions,
  type OperatorMethod,
} from '../../test-support/operators.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';

/**
 * Club accounts in the back office: both roles find accounts (e-mail prefix, club name or number)
 * and read them; admins resend the sign-up code (unconfirmed only), block and unblock (reason;
 * a blocked member cannot sign in, its sessions end at once, its entries stay) and delete (the
 * member's own deletion). Every write is audited; a moderator is 403 and changes nothing.
 */

let t: TestApp;
let admin: string;
let moderator: string;
let anna: Member;
let bertSub: string;
const NOW = new Date('2026-06-15T10:00:00Z');
const BERT = 'bert@verein.example';

const call = (method: OperatorMethod, url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

const auditOf = (sub: string) => t.ctx.db.select().from(moderationLog).where(eq(moderationLog.subjectId, sub));
const userRow = async (sub: string) => (await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, sub)))[0];

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 10);
  await seedChallenge(t.ctx.db, { id: 'slogans', dates: { startDateSubmission: '2026-06-01', endDateSubmission: '2026-06-30' } });
  anna = await createMember(t, 'club-1000-m', 'anna@verein.example');
  await seedParticipation(t.ctx.db, {
    id: 'p-anna',
    challengeId: 'slogans',
    clubId: 'club-1000-m',
    slogan: 'Wir sind dabei',
    state: 'published',
  });
  const signup = await t.app.inject({
    method: 'POST',
    url: `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/frontend-users/signup`,
    payload: {
      email: BERT,
      password: MEMBER_PASSWORD,
      fields: {
        firstname: 'Bert',
        lastname: 'Beispiel',
        street: 'Weg 2',
        city: '80331 München',
        club: { id: 'club-1001-m', linkType: 'Object', type: 'Link' },
      },
    },
  });
  expect(signup.statusCode).toBe(201);
  bertSub = (await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, BERT)))[0]!.sub;
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t.close();
});

describe('finding accounts', () => {
  test('both roles list accounts with e-mail, club, state, created and blocked; nothing of the password', async () => {
    for (const session of [admin, moderator]) {
      const res = await call('GET', '/api/operator/accounts', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json<AccountAdminPageDto>();
      expect(page.total).toBe(2);
      expect(page.items[0]).toEqual({
        sub: anna.sub,
        email: 'anna@verein.example',
        club: { id: 'club-1000-m', clubnumber: '1000', clubname: 'Verein 0000', team: 'm' },
        state: 'CONFIRMED',
        createdAt: expect.any(String),
        confirmedAt: expect.any(String),
        blocked: false,
        blockedAt: null,
        blockedReason: null,
      });
      expect(page.items[1]).toMatchObject({ email: BERT, state: 'UNCONFIRMED', confirmedAt: null });
      expect(res.body).not.toMatch(/salt|verifier|Musterfrau|Hauptstraße/);
    }
  });

  test('by e-mail prefix, club name (accents and case ignored) or club number; paged', async () => {
    const emails = async (query: string) =>
      (await call('GET', `/api/operator/accounts?query=${encodeURIComponent(query)}`, moderator))
        .json<AccountAdminPageDto>()
        .items.map((i) => i.email);
    expect(await emails('ANNA@')).toEqual(['anna@verein.example']);
    expect(await emails('verein.example')).toEqual([]);
    expect(await emails('vérein 0000')).toEqual(['anna@verein.example']);
    expect(await emails('1001')).toEqual([BERT]);
    expect(await emails('%')).toEqual([]);
    const paged = (await call('GET', '/api/operator/accounts?from=1&size=1', moderator)).json<AccountAdminPageDto>();
    expect(paged).toMatchObject({ total: 2, from: 1, size: 1, items: [{ email: BERT }] });
    expect((await call('GET', '/api/operator/accounts?size=101', moderator)).statusCode).toBe(400);
    expect((await call('GET', '/api/operator/accounts', null)).statusCode).toBe(401);
  });

  test('sorted on the server by address, registration or club, either way', async () => {
    await t.ctx.db
      .update(identityUsers)
      .set({ createdAt: new Date('2026-06-10T08:00:00Z') })
      .where(eq(identityUsers.sub, bertSub));
    await t.ctx.db
      .update(identityUsers)
      .set({ createdAt: new Date('2026-06-12T08:00:00Z') })
      .where(eq(identityUsers.sub, anna.sub));
    const clubOf = async (sub: string) => (await t.ctx.db.select().from(profiles).where(eq(profiles.sub, sub)))[0]!.clubId;
    const clubNames = Object.fromEntries(
      await Promise.all(
        [anna.sub, bertSub].map(
          async (sub) =>
            [
              sub,
              (
                await t.ctx.db
                  .select()
                  .from(clubs)
                  .where(eq(clubs.id, (await clubOf(sub))!))
              )[0]!.clubname,
            ] as const,
        ),
      ),
    );
    const emails = async (sort: string) =>
      (await call('GET', `/api/operator/accounts?sort=${sort}`, moderator)).json<AccountAdminPageDto>().items.map((i) => i.email);
    expect(await emails('email')).toEqual(['anna@verein.example', BERT]);
    expect(await emails('-email')).toEqual([BERT, 'anna@verein.example']);
    expect(await emails('created')).toEqual([BERT, 'anna@verein.example']);
    expect(await emails('-created')).toEqual(['anna@verein.example', BERT]);
    const byClub = [['anna@verein.example', clubNames[anna.sub]!] as const, [BERT, clubNames[bertSub]!] as const]
      .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
      .map(([email]) => email);
    expect(await emails('club')).toEqual(byClub);
    expect(await emails('-club')).toEqual([...byClub].reverse());
    expect((await call('GET', '/api/operator/accounts?sort=zufall', moderator)).statusCode).toBe(400);
  });

  test('one account by its sub; an unknown one is a German 404', async () => {
    const res = await call('GET', `/api/operator/accounts/${anna.sub}`, moderator);
    expect(res.json<AccountAdminDto>()).toMatchObject({ sub: anna.sub, state: 'CONFIRMED' });
    const missing = await call('GET', '/api/operator/accounts/unbekannt', moderator);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NotFound', message: 'Dieses Konto gibt es nicht.', requestId: expect.any(String) });
  });
});

describe('resending the code', () => {
  test('unconfirmed only, once a minute, admin only; mailed like the member’s own resend and audited', async () => {
    expect((await call('POST', `/api/operator/accounts/${bertSub}/resend-code`, moderator)).statusCode).toBe(403);
    const tooSoon = await call('POST', `/api/operator/accounts/${bertSub}/resend-code`, admin);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ message: 'Ein Code wurde gerade erst gesendet. Bitte warte eine Minute.' });
    expect(await auditOf(bertSub)).toHaveLength(0);

    await t.ctx.db
      .update(identityCodes)
      .set({ sentAt: new Date(NOW.getTime() - 120_000) })
      .where(eq(identityCodes.sub, bertSub));
    const before = (await readOutbox(t)).filter((m) => m.to === BERT).length;
    const res = await call('POST', `/api/operator/accounts/${bertSub}/resend-code`, admin);
    expect(res.statusCode).toBe(200);
    const after = (await readOutbox(t)).filter((m) => m.to === BERT);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.text).toMatch(/\b\d{6}\b/);
    expect(await auditOf(bertSub)).toEqual([
      expect.objectContaining({ action: 'account-resend-code', actor: ADMIN.email, subjectType: 'account' }),
    ]);

    const confirmed = await call('POST', `/api/operator/accounts/${anna.sub}/resend-code`, admin);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ message: 'Dieses Konto ist schon bestätigt; ein Code wird nicht mehr gebraucht.' });
  });
});

describe('blocking', () => {
  let refreshToken: string;
  let accessToken: string;

  beforeAll(async () => {
    const fresh = await srpLogin(t.app, anna.email, MEMBER_PASSWORD, t.ctx.now());
    const result = (fresh.body as { AuthenticationResult: { RefreshToken: string; AccessToken: string } }).AuthenticationResult;
    refreshToken = result.RefreshToken;
    accessToken = result.AccessToken;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: memberHeaders({ ...anna, accessToken }) })).statusCode).toBe(200);
  });

  test('needs a reason and an admin: otherwise nothing changes', async () => {
    for (const payload of [{}, { reason: '  ' }, { reason: 'ab' }]) {
      const res = await call('POST', `/api/operator/accounts/${anna.sub}/block`, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ValidationError', message: 'Gib einen Grund an (3 bis 500 Zeichen).' });
    }
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/block`, moderator, { reason: 'Beleidigungen' })).statusCode).toBe(403);
    expect((await userRow(anna.sub))!.blockedAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: memberHeaders({ ...anna, accessToken }) })).statusCode).toBe(200);
  });

  test('a blocked member cannot sign in, its tokens stop at once, its entries stay; audited', async () => {
    const res = await call('POST', `/api/operator/accounts/${anna.sub}/block`, admin, { reason: 'Beleidigungen im Spruch' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountAdminDto>()).toMatchObject({
      blocked: true,
      blockedAt: NOW.toISOString(),
      blockedReason: 'Beleidigungen im Spruch',
    });

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: memberHeaders({ ...anna, accessToken }) })).statusCode).toBe(401);
    const refreshed = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    expect(refreshed.type).toBe('NotAuthorizedException');
    const sessions = await t.ctx.db.select().from(identitySessions).where(eq(identitySessions.sub, anna.sub));
    expect(sessions.every((s) => s.revokedAt)).toBe(true);

    const srp = await srpLogin(t.app, anna.email, MEMBER_PASSWORD, t.ctx.now());
    expect(srp.type).toBe('NotAuthorizedException');
    expect((srp.body as { message?: string }).message).toBe('User is disabled.');
    const plain = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: anna.email, PASSWORD: MEMBER_PASSWORD },
    });
    expect(plain.type).toBe('NotAuthorizedException');
    expect((plain.body as { message?: string }).message).toBe('User is disabled.');
    // Without the password nobody learns that the account is blocked.
    const wrong = await srpLogin(t.app, anna.email, 'Falsch!2026x', t.ctx.now());
    expect((wrong.body as { message?: string }).message).toBe('Incorrect username or password.');

    expect(await t.ctx.db.select().from(participations).where(eq(participations.id, 'p-anna'))).toHaveLength(1);
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.sub, anna.sub))).toHaveLength(1);
    const audit = (await auditOf(anna.sub)).filter((r) => r.action === ('account-block' as string));
    expect(audit).toEqual([
      expect.objectContaining({
        actor: ADMIN.email,
        reason: 'Beleidigungen im Spruch',
        details: {
          before: { email: anna.email, state: 'CONFIRMED', clubId: 'club-1000-m', blocked: false },
          after: { email: anna.email, state: 'CONFIRMED', clubId: 'club-1000-m', blocked: true },
        },
      }),
    ]);
    const again = await call('POST', `/api/operator/accounts/${anna.sub}/block`, admin, { reason: 'Nochmal' });
    expect(again.statusCode).toBe(409);
  });

  test('unblocking (reason, admin) lets the member sign in again; audited', async () => {
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/unblock`, admin, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/unblock`, moderator, { reason: 'Geklärt' })).statusCode).toBe(403);
    const res = await call('POST', `/api/operator/accounts/${anna.sub}/unblock`, admin, { reason: 'Mit dem Verein geklärt' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountAdminDto>()).toMatchObject({ blocked: false, blockedAt: null, blockedReason: null });
    const srp = await srpLogin(t.app, anna.email, MEMBER_PASSWORD, t.ctx.now());
    expect((srp.body as { AuthenticationResult?: unknown }).AuthenticationResult).toBeDefined();
    const audit = (await auditOf(anna.sub)).filter((r) => r.action === ('account-unblock' as string));
    expect(audit).toEqual([
      expect.objectContaining({
        reason: 'Mit dem Verein geklärt',
        details: expect.objectContaining({ before: expect.objectContaining({ blocked: true, blockedReason: 'Beleidigungen im Spruch' }) }),
      }),
    ]);
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/unblock`, admin, { reason: 'Nochmal' })).statusCode).toBe(409);
  });
});

describe('deleting', () => {
  test('needs a reason and an admin; then the member’s own deletion: person gone, entries stay, club free; audited without password data', async () => {
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/delete`, admin, { reason: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/delete`, moderator, { reason: 'Auf Wunsch' })).statusCode).toBe(403);
    expect(await userRow(anna.sub)).toBeDefined();

    const res = await call('POST', `/api/operator/accounts/${anna.sub}/delete`, admin, { reason: 'Auf Wunsch per Brief' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: anna.sub, deleted: true });
    expect(await userRow(anna.sub)).toBeUndefined();
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.sub, anna.sub))).toHaveLength(0);
    expect(await t.ctx.db.select().from(identitySessions).where(eq(identitySessions.sub, anna.sub))).toHaveLength(0);
    expect(await t.ctx.db.select().from(participations).where(eq(participations.id, 'p-anna'))).toHaveLength(1);
    const audit = (await auditOf(anna.sub)).filter((r) => r.action === ('account-delete' as string));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      reason: 'Auf Wunsch per Brief',
      details: { deleted: expect.objectContaining({ email: anna.email, clubId: 'club-1000-m', state: 'CONFIRMED', profileDeleted: true }) },
    });
    expect(JSON.stringify(audit[0]!.details)).not.toMatch(/salt|verifier|Musterfrau|Hauptstraße/);
    expect((await call('POST', `/api/operator/accounts/${anna.sub}/delete`, admin, { reason: 'Auf Wunsch per Brief' })).statusCode).toBe(
      404,
    );
    // The club entry is free: the club may register again.
    await createMember(t, 'club-1000-m', 'neu@verein.example');
  });
});

describe('with Cognito', () => {
  let cognito: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    cognito = await createTestApp({
      env: {
        IDENTITY_PROVIDER: 'cognito',
        IDENTITY_ENDPOINT: 'http://127.0.0.1:9/',
        IDENTITY_USER_POOL_ID: 'eu-central-1_Fake1',
        IDENTITY_CLIENT_ID: 'fakeclient',
        IDENTITY_ISSUER: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Fake1',
        IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
      },
    });
    headers = operatorHeaders(await operatorSession(cognito, { role: 'admin' }), 'POST');
  });
  afterAll(async () => {
    await cognito.close();
  });

  test('every account call answers a clear German 501', async () => {
    for (const [method, url] of [
      ['GET', '/api/operator/accounts'],
      ['GET', '/api/operator/accounts/abc'],
      ['POST', '/api/operator/accounts/abc/resend-code'],
      ['POST', '/api/operator/accounts/abc/block'],
      ['POST', '/api/operator/accounts/abc/delete'],
    ] as const) {
      const res = await cognito.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { reason: 'Grund genug' } } : {}) });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({
        code: 'NotAvailableWithCognito',
        message: 'Mit Cognito als Identitätsdienst können Konten nicht im Backoffice verwaltet werden. Bitte nutze dafür die AWS-Konsole.',
        requestId: expect.any(String),
      });
    }
  });

  test('with Cognito, a write without a reason is 501 too (the service answers before the reason is looked at)', async () => {
    for (const url of ['/api/operator/accounts/abc/block', '/api/operator/accounts/abc/unblock', '/api/operator/accounts/abc/delete']) {
      const res = await cognito.app.inject({ method: 'POST', url, headers, payload: {} });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 501, 'NotAvailableWithCognito']);
    }
  });
});
