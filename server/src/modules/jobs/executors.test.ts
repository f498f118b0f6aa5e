import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { usedVoteProofs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox, readOutboxNow } from '../../test-support/mail.js';
import type { MailMessage } from '../mail/mailer.js';
import { drizzleExecutor, toDrizzleSql } from './executors.js';

/**
 * How pg-boss's statements reach the database: `toDrizzleSql` turns its `$n` text into a drizzle
 * `sql` (checked as drizzle renders it, and run), and `drizzleExecutor` writes a job in the
 * caller's transaction: rolled back, no job; committed, the mail goes out. On PGlite and PostgreSQL.
 */

const dialect = new PgDialect();
const render = (text: string, values?: readonly unknown[]) => dialect.sqlToQuery(toDrizzleSql(text, values));

describe('toDrizzleSql', () => {
  test('splits the text at its placeholders: raw text and parameters in order', () => {
    expect(render('SELECT * FROM t WHERE a = $1 AND b = $2', ['x', 7])).toMatchObject({
      sql: 'SELECT * FROM t WHERE a = $1 AND b = $2',
      params: ['x', 7],
    });
    // Placeholders out of order, at the very start and end, with casts after them.
    expect(render('$2::int + $1::int', [1, 2])).toMatchObject({ sql: '$1::int + $2::int', params: [2, 1] });
  });

  test('a text without placeholders stays as it is (several statements too)', () => {
    expect(render('BEGIN; SELECT 1; COMMIT;')).toMatchObject({ sql: 'BEGIN; SELECT 1; COMMIT;', params: [] });
    // Dollar quoting is not a placeholder.
    expect(render('DO $$ BEGIN PERFORM 1; END $$')).toMatchObject({ sql: 'DO $$ BEGIN PERFORM 1; END $$', params: [] });
  });

  test('a placeholder used twice becomes two parameters of the same value', () => {
    expect(render('SELECT $1, $2, $1', ['a', 'b'])).toMatchObject({ sql: 'SELECT $1, $2, $3', params: ['a', 'b', 'a'] });
  });

  test('$10 is the tenth value, not $1 followed by 0', () => {
    const values = Array.from({ length: 12 }, (_, i) => `v${i + 1}`);
    expect(render('SELECT $1, $10, $11, $12, $1', values)).toMatchObject({
      sql: 'SELECT $1, $2, $3, $4, $5',
      params: ['v1', 'v10', 'v11', 'v12', 'v1'],
    });
  });

  test('an array stays one parameter; undefined becomes null', () => {
    const ids = ['a', 'b', 'c'];
    expect(render('SELECT UNNEST($1::text[]), $2', [ids, undefined])).toMatchObject({
      sql: 'SELECT UNNEST($1::text[]), $2',
      params: [ids, null],
    });
  });

  test('a placeholder without a value throws (none silently becomes null)', () => {
    expect(() => toDrizzleSql('SELECT $3', ['a', 'b'])).toThrow('job queue statement uses $3 but has 2 values');
    expect(() => toDrizzleSql('SELECT $0', ['a'])).toThrow('uses $0 but has 1 values');
    expect(() => toDrizzleSql('SELECT $1')).toThrow('uses $1 but has 0 values');
    // Ten values, $11 named: not read as $1 and a stray 1.
    expect(() => toDrizzleSql('SELECT $11', Array(10).fill(0))).toThrow('uses $11 but has 10 values');
  });
});

describe('drizzleExecutor and enqueue in a transaction', () => {
  let t: TestApp;

  const message = (to: string): MailMessage => ({ to, subject: `Test ${to}`, text: 'Hallo', html: '<p>Hallo</p>' });

  const mailJobCount = async () =>
    Number(
      (
        (await t.ctx.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail'`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n,
    );

  const proofExists = async (signature: string) =>
    (await t.ctx.db.select().from(usedVoteProofs).where(eq(usedVoteProofs.signature, signature))).length === 1;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('runs pg-boss style statements on the database: a placeholder twice, an array as one value', async () => {
    const executor = drizzleExecutor(t.ctx.db);
    const { rows } = await executor.executeSql(
      'SELECT $1::int AS a, $1::int + $2::int AS b, cardinality($3::text[]) AS n, $3::text[] AS ids',
      [2, 3, ['x', 'y', 'z']],
    );
    expect(rows).toEqual([{ a: 2, b: 5, n: 3, ids: ['x', 'y', 'z'] }]);
    // Inside a transaction it sees that transaction's writes.
    const seen = await t.ctx.db.transaction(async (tx) => {
      await tx.insert(usedVoteProofs).values({ signature: 'executor-sees-tx', expiresAt: new Date() });
      return (
        await drizzleExecutor(tx).executeSql('SELECT count(*)::int AS n FROM used_vote_proofs WHERE signature = $1', ['executor-sees-tx'])
      ).rows;
    });
    expect(seen).toEqual([{ n: 1 }]);
  });

  test('a mail queued in a transaction that rolls back leaves no job, like the data written with it', async () => {
    const before = await mailJobCount();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(usedVoteProofs).values({ signature: 'rolled-back', expiresAt: new Date() });
        const id = await t.ctx.jobs.enqueue(tx, 'mail', message('rolled-back@example.org'));
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        // Written in the transaction: visible inside it.
        const inside = await tx.execute(sql`select count(*)::int as n from pgboss.job where id = ${id}`);
        expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
        throw new Error('the request failed after queueing its mail');
      }),
    ).rejects.toThrow('the request failed after queueing its mail');
    t.app.jobs.wakePending();

    expect(await proofExists('rolled-back')).toBe(false);
    expect(await mailJobCount()).toBe(before);
    await t.drainMail();
    expect(readOutboxNow(t.dataDir).filter((mail) => mail.to === 'rolled-back@example.org')).toEqual([]);
  });

  test('a mail queued in a savepoint that rolls back is gone, the outer transaction commits', async () => {
    const before = await mailJobCount();
    await t.ctx.db.transaction(async (tx) => {
      await tx.insert(usedVoteProofs).values({ signature: 'outer-commits', expiresAt: new Date() });
      await expect(
        tx.transaction(async (inner) => {
          await t.ctx.jobs.enqueue(inner, 'mail', message('savepoint@example.org'));
          throw new Error('inner step failed');
        }),
      ).rejects.toThrow('inner step failed');
    });
    t.app.jobs.wakePending();

    expect(await proofExists('outer-commits')).toBe(true);
    expect(await mailJobCount()).toBe(before);
    await t.drainMail();
    expect(readOutboxNow(t.dataDir).filter((mail) => mail.to === 'savepoint@example.org')).toEqual([]);
  });

  test('a mail queued in a transaction that commits is sent once, under its job id', async () => {
    const id = await t.ctx.db.transaction(async (tx) => {
      await tx.insert(usedVoteProofs).values({ signature: 'committed', expiresAt: new Date() });
      return t.ctx.jobs.enqueue(tx, 'mail', message('committed@example.org'));
    });
    t.app.jobs.wakePending();

    expect(await proofExists('committed')).toBe(true);
    const mails = (await readOutbox(t)).filter((mail) => mail.to === 'committed@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Test committed@example.org');
    // The job id names the outbox file and the Message-ID (a repeated job keeps both).
    expect(mails[0]!.file).toContain(`-${id}-`);
    expect(mails[0]!.raw).toMatch(new RegExp(`^Message-ID: <${id}@localhost>$`, 'mi'));
    // A sent mail leaves no job behind.
    expect(await mailJobCount()).toBe(0);
  });
});
