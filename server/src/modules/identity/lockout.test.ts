import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { identityLoginFailures } from '../../db/schema/identity-login-failures.js';
import { identityUsers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  CLIENT_ID,
  SrpClient,
  answerSrp,
  challengeAnswer,
  confirmForgotPassword,
  confirmedIdentityUser,
  identityCall,
  srpLogin,
  srpTimestamp,
  startSrp,
  type ChallengeParameters,
} from '../../test-support/identity.js';
import { lastCodeTo } from '../../test-support/mail.js';
import { open } from './sealing.js';

/**
 * The failed-login lock as an attacker probes it: an address without an account must answer
 * exactly like one with an account (challenge, SECRET_BLOCK, lock, its end), and parallel wrong
 * answers must not get more than 5 password checks (on PGlite and, in CI, on PostgreSQL).
 */

let t: TestApp;
let now = new Date('2026-03-05T10:00:00Z');
const PASSWORD = 'Torjaeger!9';
const WRONG = 'Falsch!123x';
const BAD = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const LOCKED = { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' };

beforeAll(async () => {
  // Per-IP limits off: this file sends far more login steps from one address than they allow.
  t = await createTestApp({ now, env: { RATE_LIMIT_SCALE: '0' } });
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

const confirmedUser = (email: string) => confirmedIdentityUser(t, email, PASSWORD);

const passwordLogin = (username: string, password: string) =>
  identityCall(t.app, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });

/** What the attacker sees of an answer: status, error type and message, or the challenge's shape. */
async function seen(answer: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await answer;
  if (status !== 200) return { status, body };
  const params = body.ChallengeParameters as Record<string, string> | undefined;
  return { status, keys: Object.keys(body).sort(), params: params ? Object.keys(params).sort() : null };
}

async function challenge(username: string, client = new SrpClient()) {
  const started = await startSrp(t.app, username, client.srpA);
  expect(started.status).toBe(200);
  return { client, params: started.body.ChallengeParameters };
}

function answer({ client, params }: { client: SrpClient; params: ChallengeParameters }, password: string) {
  return answerSrp(t.app, challengeAnswer(client, params, password, srpTimestamp(now)));
}

function openBlock(block: string): Record<string, unknown> {
  const raw = open(t.ctx.identity.key('secret-block'), block, `secret-block:${CLIENT_ID}`);
  expect(raw).not.toBeNull();
  return JSON.parse(raw!.toString('utf8')) as Record<string, unknown>;
}

describe('an address without an account looks like one with an account', () => {
  test('the SECRET_BLOCK has the same length and the same fields (no marker of a made-up challenge)', async () => {
    await confirmedUser('laenge@example.org');
    const client = new SrpClient();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      const real = await challenge('laenge@example.org', client);
      const fake = await challenge(`niemand-${i}@example.org`, client);
      known.push(real.params.SECRET_BLOCK.length);
      unknown.push(fake.params.SECRET_BLOCK.length);
      expect(Object.keys(openBlock(fake.params.SECRET_BLOCK))).toEqual(Object.keys(openBlock(real.params.SECRET_BLOCK)));
      expect(fake.params.SALT).toMatch(/^[0-9a-f]{32}$/);
      expect(real.params.SALT).toMatch(/^[0-9a-f]{32}$/);
    }
    // With the same SRP_A the length is the same every time, whoever is asked.
    expect(new Set([...known, ...unknown]).size).toBe(1);
  });

  test('made-up subs are version 4 UUIDs with all four variants; a sub asked for comes back as it was', async () => {
    const subs: string[] = [];
    for (let i = 0; i < 40; i++) subs.push((await challenge(`variante-${i}@example.org`)).params.USER_ID_FOR_SRP);
    for (const sub of subs) expect(sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(subs.map((sub) => sub[19])).size).toBe(4);
    const realSub = await confirmedUser('als-sub@example.org');
    const unknownSub = randomUUID();
    expect((await challenge(realSub)).params.USER_ID_FOR_SRP).toBe(realSub);
    expect((await challenge(unknownSub.toUpperCase())).params.USER_ID_FOR_SRP).toBe(unknownSub);
    // The same address gets the same made-up values every time, as an account would.
    const again = await challenge('VARIANTE-0@example.org');
    expect(again.params.USER_ID_FOR_SRP).toBe(subs[0]);
  });

  test('5 failed SRP answers lock an unknown address exactly as they lock an account, for 15 minutes', async () => {
    await confirmedUser('konto@example.org');
    const addresses = ['konto@example.org', 'kein-konto@example.org'] as const;
    const trace = new Map<string, unknown[]>(addresses.map((a) => [a, []]));
    const record = async (step: string, run: (address: string) => Promise<{ status: number; body: Record<string, unknown> }>) => {
      for (const address of addresses) trace.get(address)!.push([step, await seen(run(address))]);
    };
    const pending = new Map<string, Awaited<ReturnType<typeof challenge>>>();
    for (let i = 0; i < 4; i++) await record(`wrong ${i + 1}`, (a) => srpLogin(t.app, a, `${WRONG}${i}`, now));
    for (const address of addresses) pending.set(address, await challenge(address));
    await record('wrong 5', (a) => srpLogin(t.app, a, WRONG, now));
    await record('right password, SRP', (a) => srpLogin(t.app, a, PASSWORD, now));
    await record('right password, plain', (a) => passwordLogin(a, PASSWORD));
    await record('challenge taken before the lock, answered after it', (a) => answer(pending.get(a)!, PASSWORD));
    advance(14 * 60_000);
    await record('after 14 minutes', (a) => startSrp(t.app, a, new SrpClient().srpA));
    advance(60_000 + 1000);
    await record('after 15 minutes: a challenge', (a) => startSrp(t.app, a, new SrpClient().srpA));
    await record('after 15 minutes: a wrong answer', (a) => srpLogin(t.app, a, WRONG, now));

    const [known, unknown] = addresses.map((a) => trace.get(a));
    expect(unknown).toEqual(known);
    expect(known).toEqual([
      ['wrong 1', { status: 400, body: BAD }],
      ['wrong 2', { status: 400, body: BAD }],
      ['wrong 3', { status: 400, body: BAD }],
      ['wrong 4', { status: 400, body: BAD }],
      ['wrong 5', { status: 400, body: BAD }],
      ['right password, SRP', { status: 400, body: LOCKED }],
      ['right password, plain', { status: 400, body: LOCKED }],
      ['challenge taken before the lock, answered after it', { status: 400, body: LOCKED }],
      ['after 14 minutes', { status: 400, body: LOCKED }],
      [
        'after 15 minutes: a challenge',
        {
          status: 200,
          keys: ['ChallengeName', 'ChallengeParameters'],
          params: ['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP'],
        },
      ],
      ['after 15 minutes: a wrong answer', { status: 400, body: BAD }],
    ]);
    expect((await srpLogin(t.app, 'konto@example.org', PASSWORD, now)).status).toBe(200);
  });

  test('USER_PASSWORD_AUTH: the same count and lock for an unknown address as for an account', async () => {
    await confirmedUser('klartext@example.org');
    for (const address of ['klartext@example.org', 'klartext-niemand@example.org']) {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await passwordLogin(address, `${WRONG}${i}`)).body);
      answers.push((await passwordLogin(address.toUpperCase(), PASSWORD)).body);
      answers.push((await startSrp(t.app, address, new SrpClient().srpA)).body);
      expect([address, answers]).toEqual([address, [BAD, BAD, BAD, BAD, BAD, LOCKED, LOCKED]]);
    }
    advance(15 * 60_000 + 1000);
  });

  test('failures are forgotten 15 minutes after the last one, for both', async () => {
    await confirmedUser('vergesslich@example.org');
    for (const address of ['vergesslich@example.org', 'vergesslich-niemand@example.org']) {
      for (let i = 0; i < 4; i++) expect((await passwordLogin(address, WRONG)).body).toEqual(BAD);
      advance(15 * 60_000 + 1000);
      for (let i = 0; i < 4; i++) expect((await passwordLogin(address, WRONG)).body).toEqual(BAD);
      expect([address, (await passwordLogin(address, WRONG)).body]).toEqual([address, BAD]);
      expect([address, (await passwordLogin(address, WRONG)).body]).toEqual([address, LOCKED]);
    }
    advance(15 * 60_000 + 1000);
  });

  test('the count of an unknown address is kept under its made-up sub: no address is stored', async () => {
    const address = 'geheim.adresse@example.org';
    const { params } = await challenge(address);
    expect((await passwordLogin(address, WRONG)).body).toEqual(BAD);
    const rows = await t.ctx.db.select().from(identityLoginFailures).where(eq(identityLoginFailures.sub, params.USER_ID_FOR_SRP));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.failures).toBe(1);
    const all = JSON.stringify(await t.ctx.db.select().from(identityLoginFailures));
    expect(all).not.toContain('geheim');
    expect(all).not.toContain('example.org');
  });
});

describe('parallel wrong answers: at most 5 password checks, then the lock holds', () => {
  const types = (answers: Array<{ body: Record<string, unknown> }>) => {
    const count = new Map<string, number>();
    for (const { body } of answers) count.set(String(body.message), (count.get(String(body.message)) ?? 0) + 1);
    return Object.fromEntries(count);
  };

  test('20 parallel SRP answers with a wrong password: 5 are checked, 15 refused unchecked; the right password afterwards is refused', async () => {
    const sub = await confirmedUser('parallel-srp@example.org');
    const challenges = [];
    for (let i = 0; i < 20; i++) challenges.push(await challenge('parallel-srp@example.org'));
    const answers = await Promise.all(challenges.map((c, i) => answer(c, `${WRONG}${i}`)));
    expect(types(answers)).toEqual({ [BAD.message]: 5, [LOCKED.message]: 15 });
    expect((await srpLogin(t.app, 'parallel-srp@example.org', PASSWORD, now)).body).toEqual(LOCKED);
    expect((await passwordLogin('parallel-srp@example.org', PASSWORD)).body).toEqual(LOCKED);
    const [row] = await t.ctx.db.select().from(identityLoginFailures).where(eq(identityLoginFailures.sub, sub));
    expect(row).toMatchObject({ failures: 5, lockedUntil: new Date(now.getTime() + 15 * 60_000) });
  });

  test('20 parallel USER_PASSWORD_AUTH logins, for an account and for an unknown address alike', async () => {
    await confirmedUser('parallel-plain@example.org');
    for (const address of ['parallel-plain@example.org', 'parallel-niemand@example.org']) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => passwordLogin(address, `${WRONG}${i}`)));
      expect([address, types(answers)]).toEqual([address, { [BAD.message]: 5, [LOCKED.message]: 15 }]);
      expect((await passwordLogin(address, PASSWORD)).body).toEqual(LOCKED);
    }
  });

  test('20 parallel ChangePassword calls with a wrong previous password: 5 are checked', async () => {
    await confirmedUser('parallel-wechsel@example.org');
    const login = await srpLogin(t.app, 'parallel-wechsel@example.org', PASSWORD, now);
    const token = login.body.AuthenticationResult!.AccessToken;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        identityCall(t.app, 'ChangePassword', { AccessToken: token, PreviousPassword: `${WRONG}${i}`, ProposedPassword: 'Neu!Passwort1' }),
      ),
    );
    expect(types(answers)).toEqual({ [BAD.message]: 5, [LOCKED.message]: 15 });
    const right = await identityCall(t.app, 'ChangePassword', {
      AccessToken: token,
      PreviousPassword: PASSWORD,
      ProposedPassword: 'Neu!Passwort1',
    });
    expect(right.body).toEqual(LOCKED);
  });

  test('a right password clears the count; a reset code lifts a lock', async () => {
    const sub = await confirmedUser('zuruecksetzen@example.org');
    for (let i = 0; i < 4; i++) expect((await passwordLogin('zuruecksetzen@example.org', WRONG)).body).toEqual(BAD);
    expect((await passwordLogin('zuruecksetzen@example.org', PASSWORD)).status).toBe(200);
    expect(await t.ctx.db.select().from(identityLoginFailures).where(eq(identityLoginFailures.sub, sub))).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await passwordLogin('zuruecksetzen@example.org', WRONG)).body).toEqual(BAD);
    expect((await passwordLogin('zuruecksetzen@example.org', PASSWORD)).body).toEqual(LOCKED);
    expect((await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'zuruecksetzen@example.org' })).status).toBe(200);
    const code = await lastCodeTo(t, 'zuruecksetzen@example.org');
    const reset = await confirmForgotPassword(t.app, 'zuruecksetzen@example.org', code, 'Neu!Passwort1');
    expect(reset.status).toBe(200);
    expect((await passwordLogin('zuruecksetzen@example.org', 'Neu!Passwort1')).status).toBe(200);
    const [user] = await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, sub));
    expect(user!.status).toBe('CONFIRMED');
  });
});
