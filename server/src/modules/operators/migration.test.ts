import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client.js';
import { tempDir } from '../../test-support/app.js';
import { MIGRATIONS_DIR } from '../../test-support/db.js';

/**
 * Migration 0008 on a database that was in use before it: operators keep every right (admin),
 * open sessions get the idle timeout, every audit row gets its subject. PGlite, or PostgreSQL
 * with DATABASE_URL (a database of its own).
 */

let database: Database;
let drop: () => Promise<void> = async () => undefined;

/** The committed migrations up to (without) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = tempDir('erd-migrations-');
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    database = await openDatabase({});
    return;
  }
  const name = `erd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
});
afterAll(async () => {
  await database.close().catch(() => undefined);
  await drop();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

test('operators become admins, sessions get the idle end, audit rows their subject', async () => {
  await database.migrate(migrationsBefore('0008_operator_roles_audit'));
  const soon = new Date(Date.now() + 11 * 60 * 60_000).toISOString();
  await database.db.execute(sql`insert into operators (id, email, password_hash) values ('op-old', 'alt@example.org', 'scrypt$x')`);
  await database.db.execute(sql`insert into operator_sessions (token_hash, operator_id, expires_at) values ('t-old', 'op-old', ${soon})`);
  await database.db.execute(sql`
    insert into moderation_log (action, operator_id, actor, participation_id, challenge_id, reason, details) values
      ('publish', 'op-old', 'alt@example.org', 'p-1', null, null, '{}'),
      ('results-publish', null, 'cli:alt', null, 'c-1', 'Korrektur', '{}')`);

  await database.migrate(MIGRATIONS_DIR);

  expect(await rows(sql`select id, role, disabled_at from operators`)).toEqual([{ id: 'op-old', role: 'admin', disabled_at: null }]);
  const [session] = await rows<{ expires_at: string | Date; last_seen_at: string | Date }>(
    sql`select expires_at, last_seen_at from operator_sessions`,
  );
  const ends = new Date(session!.expires_at).getTime();
  expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 5000);
  expect(ends).toBeGreaterThan(Date.now() + 25 * 60_000);
  expect(await rows(sql`select action, subject_type, subject_id from moderation_log order by id`)).toEqual([
    { action: 'publish', subject_type: 'participation', subject_id: 'p-1' },
    { action: 'results-publish', subject_type: 'challenge', subject_id: 'c-1' },
  ]);
  // New operators start as moderators; other roles are refused.
  await database.db.execute(sql`insert into operators (id, email, password_hash) values ('op-new', 'neu@example.org', 'scrypt$x')`);
  expect(await rows(sql`select role from operators where id = 'op-new'`)).toEqual([{ role: 'moderator' }]);
  await expect(database.db.execute(sql`update operators set role = 'root' where id = 'op-new'`)).rejects.toThrow();
});
