import { sql } from 'drizzle-orm';
import {
  identityCodes,
  identityLoginFailures,
  identitySessions,
  identityUsedSecretBlocks,
  identityUsers,
  operatorSessions,
  operators,
  profiles,
  rateLimitCounters,
  usedVoteProofs,
} from '../../db/schema/index.js';
import type { Logger } from '../../logger.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedClubs } from '../../test-support/seed.js';
import { CLEANUP_TASKS, runCleanup, type CleanupCtx } from './cleanup.js';
import { CLEANUP_CRON } from './queues.js';

/**
 * The periodic clean-up: each task removes what has expired (including the boundary, "expires at
 * now") and keeps what is current; one failing task does not stop the others and makes the run
 * throw (so the job is retried); the job is scheduled in pg-boss and runs the tasks through the
 * worker. On PGlite and PostgreSQL.
 */

const NOW = new Date('2026-03-14T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

let t: TestApp;

/** What is in the tables the clean-up works on, as sorted keys per table. */
async function snapshot(): Promise<Record<string, string[]>> {
  const db = t.ctx.db;
  const sorted = (keys: string[]) => [...keys].sort();
  return {
    usedSecretBlocks: sorted((await db.select().from(identityUsedSecretBlocks)).map((r) => r.id)),
    loginFailures: sorted((await db.select().from(identityLoginFailures)).map((r) => r.sub)),
    identitySessions: sorted((await db.select().from(identitySessions)).map((r) => r.originJti)),
    identityCodes: sorted((await db.select().from(identityCodes)).map((r) => `${r.sub}/${r.purpose}`)),
    users: sorted((await db.select().from(identityUsers)).map((r) => r.sub)),
    profiles: sorted((await db.select().from(profiles)).map((r) => r.sub)),
    operatorSessions: sorted((await db.select().from(operatorSessions)).map((r) => r.tokenHash)),
    voteProofs: sorted((await db.select().from(usedVoteProofs)).map((r) => r.signature)),
    rateLimitCounters: sorted((await db.select().from(rateLimitCounters)).map((r) => r.key)),
  };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/**
 * Per task: the rows it must remove (table → keys). Every row of the fixture not listed under the
 * task that runs must stay. Times are relative to NOW (the app clock and the identity clock).
 */
const REMOVED: Record<string, Partial<Snapshot>> = {
  identity: {
    usedSecretBlocks: ['block-expired', 'block-expires-now'],
    loginFailures: ['failure-forgotten', 'failure-lock-over'],
    identitySessions: ['session-ended', 'session-ends-now'],
    identityCodes: ['user-confirmed/signup'],
  },
  'unconfirmed-accounts': {
    users: ['user-stale'],
    profiles: ['user-stale'],
  },
  'operator-sessions': { operatorSessions: ['op-token-expired', 'op-token-expires-now'] },
  'vote-proofs': { voteProofs: ['proof-expired', 'proof-expires-now'] },
  'rate-limit-counters': { rateLimitCounters: ['counter-expired', 'counter-expires-now'] },
};

const user = (sub: string, status: 'UNCONFIRMED' | 'CONFIRMED', createdAt: Date) => ({
  sub,
  email: `${sub}@example.org`,
  status,
  salt: 'aa',
  verifier: 'bb',
  createdAt,
  updatedAt: createdAt,
  confirmedAt: status === 'CONFIRMED' ? createdAt : null,
});
const profile = (sub: string, clubId: string) => ({
  sub,
  clubId,
  firstname: 'Erika',
  lastname: 'Musterfrau',
  street: 'Hauptstraße 1',
  city: '80331 München',
});

/** Empties the tables and writes the fixture: for each task rows just expired, expiring now, and current. */
async function seedFixture(): Promise<void> {
  const db = t.ctx.db;
  const tables = [
    profiles,
    identityCodes,
    identitySessions,
    identityUsers,
    identityUsedSecretBlocks,
    identityLoginFailures,
    operatorSessions,
    operators,
  ];
  for (const table of [...tables, usedVoteProofs, rateLimitCounters]) await db.delete(table);

  // identity: answered SECRET_BLOCKs past their expiry, forgotten failures, ended sessions, codes a day past expiry.
  await db.insert(identityUsedSecretBlocks).values([
    { id: 'block-expired', expiresAt: at(-SECOND) },
    { id: 'block-expires-now', expiresAt: NOW },
    { id: 'block-live', expiresAt: at(SECOND) },
  ]);
  await db.insert(identityLoginFailures).values([
    // Older than the 15-minute window, no lock: forgotten.
    { sub: 'failure-forgotten', failures: 3, lockedUntil: null, lastFailureAt: at(-15 * MINUTE - SECOND) },
    // Old, and its lock is over: forgotten.
    { sub: 'failure-lock-over', failures: 5, lockedUntil: at(-SECOND), lastFailureAt: at(-20 * MINUTE) },
    // Within the window: counts.
    { sub: 'failure-recent', failures: 2, lockedUntil: null, lastFailureAt: at(-14 * MINUTE) },
    // Old, but the lock still holds: stays.
    { sub: 'failure-still-locked', failures: 5, lockedUntil: at(5 * MINUTE), lastFailureAt: at(-20 * MINUTE) },
  ]);

  // Accounts: unconfirmed for more than 7 days go (with their profile); younger ones and confirmed ones stay.
  await db
    .insert(identityUsers)
    .values([
      user('user-stale', 'UNCONFIRMED', at(-7 * DAY - SECOND)),
      user('user-seven-days', 'UNCONFIRMED', at(-7 * DAY)),
      user('user-fresh', 'UNCONFIRMED', at(-6 * DAY)),
      user('user-confirmed', 'CONFIRMED', at(-30 * DAY)),
    ]);
  await db
    .insert(profiles)
    .values([
      profile('user-stale', 'club-1000-m'),
      profile('user-seven-days', 'club-1000-w'),
      profile('user-fresh', 'club-1001-m'),
      profile('user-confirmed', 'club-1001-w'),
    ]);
  const session = (originJti: string, expiresAt: Date) => ({
    originJti,
    sub: 'user-confirmed',
    clientId: 'erdlocalclient',
    refreshTokenHash: `hash-${originJti}`,
    authTime: at(-HOUR),
    expiresAt,
  });
  await db
    .insert(identitySessions)
    .values([session('session-ended', at(-SECOND)), session('session-ends-now', NOW), session('session-live', at(HOUR))]);
  await db.insert(identityCodes).values([
    // Expired more than a day ago: goes.
    { sub: 'user-confirmed', purpose: 'signup', codeHash: 'h1', expiresAt: at(-DAY - SECOND), sentAt: at(-2 * DAY) },
    // Expired less than a day ago: kept a little longer.
    { sub: 'user-confirmed', purpose: 'reset', codeHash: 'h2', expiresAt: at(-23 * HOUR), sentAt: at(-24 * HOUR) },
    { sub: 'user-fresh', purpose: 'signup', codeHash: 'h3', expiresAt: at(18 * HOUR), sentAt: at(-6 * HOUR) },
  ]);

  await db.insert(operators).values({ id: 'op-1', email: 'operator@example.org', passwordHash: 'scrypt$x' });
  await db.insert(operatorSessions).values([
    { tokenHash: 'op-token-expired', operatorId: 'op-1', expiresAt: at(-SECOND) },
    { tokenHash: 'op-token-expires-now', operatorId: 'op-1', expiresAt: NOW },
    { tokenHash: 'op-token-live', operatorId: 'op-1', expiresAt: at(HOUR) },
  ]);

  await db.insert(usedVoteProofs).values([
    { signature: 'proof-expired', expiresAt: at(-SECOND) },
    { signature: 'proof-expires-now', expiresAt: NOW },
    { signature: 'proof-live', expiresAt: at(SECOND) },
  ]);

  await db.insert(rateLimitCounters).values([
    { key: 'counter-expired', windowStart: at(-2 * MINUTE), count: 3, expiresAt: at(-SECOND) },
    { key: 'counter-expires-now', windowStart: at(-MINUTE), count: 1, expiresAt: NOW },
    { key: 'counter-live', windowStart: NOW, count: 9, expiresAt: at(MINUTE) },
  ]);
}

/** The fixture without what the named tasks remove. */
function expectedAfter(full: Snapshot, tasks: string[]): Snapshot {
  const out = structuredClone(full);
  for (const task of tasks) {
    for (const [table, keys] of Object.entries(REMOVED[task] ?? {}) as Array<[keyof Snapshot, string[]]>) {
      out[table] = out[table].filter((key) => !keys.includes(key));
    }
  }
  return out;
}

const taskNames = CLEANUP_TASKS.map(([name]) => name);

function recordingLogger(): Logger & { calls: Array<{ level: string; fields: unknown; msg: unknown }> } {
  const calls: Array<{ level: string; fields: unknown; msg: unknown }> = [];
  const at = (level: string) => (fields: unknown, msg?: unknown) => void calls.push({ level, fields, msg });
  return { calls, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedClubs(t.ctx.db, 4);
});
afterAll(async () => {
  await t.close();
});

describe('through the job queue', () => {
  test('the cleanup and notification planner schedules exist after start (every 10 and 5 minutes, UTC), once, also after a restart', async () => {
    const schedules = async () =>
      ((await t.ctx.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`)) as unknown as { rows: unknown[] })
        .rows;
    expect(CLEANUP_CRON).toBe('*/10 * * * *');
    const expected = [
      { name: 'cleanup', cron: '*/10 * * * *', timezone: 'UTC' },
      { name: 'notify-schedule', cron: '*/5 * * * *', timezone: 'UTC' },
    ];
    expect(await schedules()).toEqual(expected);
    await t.rebuild();
    expect(await schedules()).toEqual(expected);
  });

  test('a cleanup job runs every task through the worker (app clock) and is completed', async () => {
    await seedFixture();
    const full = await snapshot();
    const id = await t.app.jobs.boss.send('cleanup', {});
    expect(id).toBeTruthy();
    await t.app.jobs.drain('cleanup', 15_000);
    expect(await snapshot()).toEqual(expectedAfter(full, taskNames));
    const job = await t.app.jobs.boss.getJobById('cleanup', id!);
    expect(job?.state).toBe('completed');
  });
});

describe('runCleanup', () => {
  beforeAll(async () => {
    // No scheduled clean-up may run in between: these tests run single tasks and compare tables.
    await t.app.jobs.stop();
    expect(t.app.jobs.isRunning()).toBe(false);
  });
  beforeEach(seedFixture);

  test('the fixture covers every task (a new task needs its rows here)', () => {
    expect(taskNames).toEqual(['identity', 'unconfirmed-accounts', 'operator-sessions', 'vote-proofs', 'rate-limit-counters']);
    expect(Object.keys(REMOVED).sort()).toEqual([...taskNames].sort());
  });

  test.each(taskNames)('task %s removes its expired rows (also those expiring right now) and nothing else', async (name) => {
    const full = await snapshot();
    const task = CLEANUP_TASKS.find(([n]) => n === name)![1];
    await task(t.ctx);
    const after = await snapshot();
    expect(after).toEqual(expectedAfter(full, [name]));
    // The fixture has something current in every table the task works on.
    for (const table of Object.keys(REMOVED[name]!) as Array<keyof Snapshot>) expect(after[table].length).toBeGreaterThan(0);
    // Idempotent: a second run changes nothing.
    await task(t.ctx);
    expect(await snapshot()).toEqual(after);
  });

  test('runCleanup runs every task and logs that it is done', async () => {
    const full = await snapshot();
    const log = recordingLogger();
    await runCleanup({ ctx: { ...t.ctx, log } });
    expect(await snapshot()).toEqual(expectedAfter(full, taskNames));
    expect(log.calls).toEqual([{ level: 'info', fields: { ms: expect.any(Number) }, msg: 'clean-up done' }]);
  });

  test('the identity task works with the identity clock, the others with the app clock', async () => {
    const full = await snapshot();
    // The app clock two days ahead (CLOCK_OFFSET_DAYS), the identity clock at NOW.
    const ctx: CleanupCtx = { ...t.ctx, now: () => at(2 * DAY) };
    await CLEANUP_TASKS.find(([n]) => n === 'identity')![1](ctx);
    expect(await snapshot()).toEqual(expectedAfter(full, ['identity']));
    await CLEANUP_TASKS.find(([n]) => n === 'vote-proofs')![1](ctx);
    expect((await snapshot()).voteProofs).toEqual([]);
  });

  test('one failing task does not stop the others, and the run throws naming it', async () => {
    const full = await snapshot();
    const log = recordingLogger();
    // The operator sessions' table is away (a real database error in the middle of the run).
    await t.ctx.db.execute(sql.raw('alter table operator_sessions rename to operator_sessions_away'));
    try {
      await expect(runCleanup({ ctx: { ...t.ctx, log } })).rejects.toThrow(/^clean-up failed: operator-sessions$/);
    } finally {
      await t.ctx.db.execute(sql.raw('alter table operator_sessions_away rename to operator_sessions'));
    }
    expect(await snapshot()).toEqual(
      expectedAfter(
        full,
        taskNames.filter((name) => name !== 'operator-sessions'),
      ),
    );
    expect(log.calls).toEqual([
      { level: 'warn', fields: { err: expect.any(Error), task: 'operator-sessions' }, msg: 'clean-up task failed' },
    ]);
  });

  test('the first and the last task failing: the tasks between run, the error names both', async () => {
    const full = await snapshot();
    const log = recordingLogger();
    const ctx: CleanupCtx = {
      ...t.ctx,
      log,
      identity: {
        ...t.ctx.identity,
        realNow: () => {
          throw new Error('identity clock unavailable');
        },
      },
    };
    await t.ctx.db.execute(sql.raw('alter table rate_limit_counters rename to rate_limit_counters_away'));
    try {
      await expect(runCleanup({ ctx })).rejects.toThrow(/^clean-up failed: identity, rate-limit-counters$/);
    } finally {
      await t.ctx.db.execute(sql.raw('alter table rate_limit_counters_away rename to rate_limit_counters'));
    }
    expect(await snapshot()).toEqual(expectedAfter(full, ['unconfirmed-accounts', 'operator-sessions', 'vote-proofs']));
    expect(log.calls.map((call) => [call.level, (call.fields as { task?: string }).task, call.msg])).toEqual([
      ['warn', 'identity', 'clean-up task failed'],
      ['warn', 'rate-limit-counters', 'clean-up task failed'],
    ]);
  });
});
