import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test-support/db.js';
import { isRetryableConflict, retryOnConflict, sqlStateOf } from './retry.js';

/**
 * `retryOnConflict`: a transaction PostgreSQL rolled back for a deadlock or a serialization failure
 * runs again (also when drizzle wrapped the error); any other error is thrown at once. On
 * PostgreSQL, two transactions made to deadlock both commit in the end.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
});

afterAll(async () => {
  await database.destroy();
});

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

test('deadlocks and serialization failures run again, also wrapped; other errors and the last attempt are thrown', async () => {
  expect(sqlStateOf(new Error('query failed', { cause: failure('40P01') }))).toBe('40P01');
  expect(isRetryableConflict(failure('40001'))).toBe(true);
  expect(isRetryableConflict(failure('23505'))).toBe(false);
  expect(isRetryableConflict(new Error('no code'))).toBe(false);

  let calls = 0;
  await expect(
    retryOnConflict(async () => {
      calls++;
      if (calls < 3) throw new Error('query failed', { cause: failure(calls === 1 ? '40P01' : '40001') });
      return 'done';
    }),
  ).resolves.toBe('done');
  expect(calls).toBe(3);

  calls = 0;
  await expect(
    retryOnConflict(async () => {
      calls++;
      throw failure('23505');
    }),
  ).rejects.toThrow('23505');
  expect(calls).toBe(1);

  calls = 0;
  await expect(
    retryOnConflict(async () => {
      calls++;
      throw failure('40P01');
    }, 3),
  ).rejects.toThrow('40P01');
  expect(calls).toBe(3);
});

test('two transactions that deadlock both commit (PostgreSQL)', async () => {
  if (database.kind !== 'postgres') return; // one PGlite connection: transactions take turns, no deadlock to provoke
  const db = database.db;
  let attempts = 0;
  let bothHoldOne: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    let count = 0;
    bothHoldOne = () => {
      if (++count === 2) resolve();
    };
  });
  // Each locks its own row, waits until the other holds its row, then wants the other's: on the
  // first attempt PostgreSQL rolls one of them back (40P01); run again, it commits.
  const crossing = (first: number, second: number) =>
    retryOnConflict(() =>
      db.transaction(async (tx) => {
        attempts++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        bothHoldOne();
        await held;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      }),
    );
  await Promise.all([crossing(1, 2), crossing(2, 1)]);
  expect(attempts).toBe(3);
  const { rows } = (await db.execute(sql`select id, n from retry_probe order by id`)) as unknown as { rows: { id: number; n: number }[] };
  expect(rows).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
});
