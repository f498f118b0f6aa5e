import { eq } from 'drizzle-orm';
import { identityLoginFailures } from '../../db/schema/identity-login-failures.js';
import { moderationLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { operatorCall, operatorLogin } from '../../test-support/operators.js';
import { OPERATOR_COOKIE } from './access.js';
import { cliActor } from '../audit/service.js';
import { addOperator, findOperatorId, updateOperator } from './service.js';

/**
 * The failed-login lock of operators (the members' lock, modules/login-lock): 5 wrong passwords for
 * an address lock it for 15 minutes whatever IP addresses they come from; while it holds the right
 * password gets the answer a wrong one gets; an address without an operator answers exactly alike;
 * the lock of an operator is in the audit log. Parallel wrong passwords never get more than 5
 * comparisons (on PGlite here and on PostgreSQL with DATABASE_URL).
 */

let t: TestApp;
let now = new Date('2026-06-15T10:00:00Z');
const MINUTE = 60_000;
const PASSWORD = 'Vorstand!Sitzung2026';
const WRONG = 'Falsch!Geraten2026';
let ip = 0;

beforeAll(async () => {
  // The per-IP limit stays as configured: every request below comes from an address of its own.
  t = await createTestApp({ now });
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

async function operator(email: string, role: 'admin' | 'moderator' = 'moderator'): Promise<string> {
  await addOperator({ ctx: t.ctx, input: { email, password: PASSWORD, role } });
  return findOperatorId({ ctx: t.ctx, input: { email } });
}

/** A sign-in from a new IP address each time (an attacker with many addresses). */
function login(email: string, password: string) {
  ip += 1;
  return operatorLogin(t.app, { email, password }, { remoteAddress: `198.51.${Math.floor(ip / 250)}.${(ip % 250) + 1}` });
}

/** What the caller learns: status and body without the request id, and whether a session came. */
async function seen(answer: ReturnType<typeof login>) {
  const res = await answer;
  const { requestId: _requestId, ...body } = res.json<Record<string, unknown>>();
  return { status: res.statusCode, body, session: res.cookies.some((c) => c.name === OPERATOR_COOKIE && c.value !== '') };
}

const WRONG_ANSWER = { status: 401, body: { code: 'InvalidCredentials', message: 'E-Mail-Adresse oder Passwort falsch.' }, session: false };
const LOCKED_ANSWER = {
  status: 429,
  body: {
    code: 'LoginLocked',
    message: 'Zu viele falsche Anmeldeversuche mit dieser E-Mail-Adresse. Bitte versuche es in 15 Minuten noch einmal.',
  },
  session: false,
};
const locks = async (operatorId: string) =>
  (await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'operator-lock'))).filter(
    (row) => row.subjectId === operatorId,
  );

describe('sign-in', () => {
  test('40 wrong passwords from 40 addresses, then the right one: locked, no session; after 15 minutes the right one works', async () => {
    const id = await operator('vierzig@example.org', 'admin');
    const start = now;
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await seen(login('vierzig@example.org', WRONG)));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(WRONG_ANSWER));
    expect(answers.slice(5)).toEqual(Array(35).fill(LOCKED_ANSWER));
    // The right password while the lock holds: the answer a wrong one gets, in any spelling of the address.
    expect(await seen(login('vierzig@example.org', PASSWORD))).toEqual(LOCKED_ANSWER);
    expect(await seen(login(' Vierzig@Example.ORG ', PASSWORD))).toEqual(LOCKED_ANSWER);
    advance(15 * MINUTE - 1000);
    expect(await seen(login('vierzig@example.org', PASSWORD))).toEqual(LOCKED_ANSWER);
    advance(1000);
    const res = await login('vierzig@example.org', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === OPERATOR_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // One audit row for the lock: who, until when; never a password. The 35 refused tries wrote nothing.
    const rows = await locks(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'operator-lock',
      operatorId: null,
      actor: 'login-lock',
      subjectType: 'operator',
      subjectId: id,
      details: { email: 'vierzig@example.org', failures: 5, lockedUntil: new Date(start.getTime() + 15 * MINUTE).toISOString() },
    });
    expect(JSON.stringify(rows)).not.toContain(WRONG);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  test('an address without an operator answers exactly like one with an operator, and its lock is not audited', async () => {
    await operator('bekannt@example.org');
    const before = (await t.ctx.db.select().from(moderationLog)).length;
    const trace = async (email: string) => {
      const seq = [];
      for (let i = 0; i < 7; i++) seq.push(await seen(login(email, i === 6 ? PASSWORD : WRONG)));
      return seq;
    };
    const known = await trace('bekannt@example.org');
    const unknown = await trace('unbekannt@example.org');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A disabled operator (whose right password is refused anyway) is counted and locked alike.
    const disabledId = await operator('gesperrt@example.org');
    await updateOperator({ ctx: t.ctx, input: { id: disabledId, body: { disabled: true }, actor: cliActor(), reasonRequired: false } });
    const before2 = (await t.ctx.db.select().from(moderationLog)).length;
    expect(await trace('gesperrt@example.org')).toEqual(known);
    const after = await t.ctx.db.select().from(moderationLog);
    expect(after.slice(before, before + 1).map((row) => [row.action, row.details.email])).toEqual([
      ['operator-lock', 'bekannt@example.org'],
    ]);
    expect(after.slice(before2).map((row) => [row.action, row.subjectId])).toEqual([['operator-lock', disabledId]]);
    // The lock table holds no address, only a keyed hash in the operators' namespace.
    const stored = JSON.stringify(await t.ctx.db.select().from(identityLoginFailures));
    expect(stored).not.toContain('bekannt');
    expect(stored).not.toContain('unbekannt');
    expect(
      (await t.ctx.db.select().from(identityLoginFailures)).filter((r) => r.sub.startsWith('operator:')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  test('a right password clears the count (4 wrong, right, 4 wrong is no lock); failures 15 minutes apart are forgotten', async () => {
    await operator('vergesslich@example.org');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect(await seen(login('vergesslich@example.org', WRONG))).toEqual(WRONG_ANSWER);
      expect((await login('vergesslich@example.org', PASSWORD)).statusCode).toBe(200);
    }
    // Failures more than 15 minutes apart are forgotten.
    for (let i = 0; i < 4; i++) expect(await seen(login('vergesslich@example.org', WRONG))).toEqual(WRONG_ANSWER);
    advance(15 * MINUTE);
    expect(await seen(login('vergesslich@example.org', WRONG))).toEqual(WRONG_ANSWER);
    expect((await login('vergesslich@example.org', PASSWORD)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  test('5 wrong current passwords lock the address for the sign-in too (audited); the right one is refused meanwhile', async () => {
    const id = await operator('wechsel@example.org');
    const signIn = await login('wechsel@example.org', PASSWORD);
    const session = signIn.cookies.find((c) => c.name === OPERATOR_COOKIE)!.value;
    const change = (currentPassword: string) =>
      operatorCall(t.app, 'POST', '/api/operator/password', session, { currentPassword, newPassword: 'Neues!Passwort2026' });
    for (let i = 0; i < 5; i++) expect([(await change(WRONG)).json().code]).toEqual(['WrongPassword']);
    const refused = await change(PASSWORD);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'LoginLocked']);
    expect(await seen(login('wechsel@example.org', PASSWORD))).toEqual(LOCKED_ANSWER);
    expect(await locks(id)).toHaveLength(1);
    advance(15 * MINUTE);
    expect((await change(PASSWORD)).statusCode).toBe(204);
    expect((await login('wechsel@example.org', 'Neues!Passwort2026')).statusCode).toBe(200);
  });
});

describe('parallel wrong passwords (a race on PostgreSQL)', () => {
  test('of 20 at once at most 5 are compared; the lock is audited once; then the right password is refused like a wrong one', async () => {
    const id = await operator('parallel@example.org');
    const answers = await Promise.all(Array.from({ length: 20 }, () => seen(login('parallel@example.org', WRONG))));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    for (const a of answers) expect([WRONG_ANSWER, LOCKED_ANSWER]).toContainEqual(a);
    expect(await locks(id)).toHaveLength(1);
    const tries = await Promise.all([login('parallel@example.org', PASSWORD), login('parallel@example.org', WRONG)].map(seen));
    expect(tries).toEqual([LOCKED_ANSWER, LOCKED_ANSWER]);
  });

  test('the right password racing 20 wrong ones never gets a session once the lock is set', async () => {
    await operator('rennen@example.org');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => seen(login('rennen@example.org', WRONG))),
      seen(login('rennen@example.org', PASSWORD)),
    ]);
    // Either the right password was checked before the lock (then it cleared the count and got a
    // session, and the wrong ones after it started a new count) or after it (then it got the
    // locked answer, and exactly 5 wrong ones were compared).
    const right = answers.at(-1)!;
    const wrong = answers.slice(0, -1);
    if (right.status === 200) expect(wrong.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    else {
      expect(right).toEqual(LOCKED_ANSWER);
      expect(wrong.filter((a) => a.status === 401)).toHaveLength(5);
    }
  });
});
