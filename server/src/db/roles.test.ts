import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { importSeasonOnFirstStart, migrateAsOwner } from '../bootstrap.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { silentLogger } from '../logger.js';
import { insertEntry } from '../modules/audit/repository.js';
import { createJobQueue, type JobHandlers } from '../modules/jobs/queue.js';
import { FIXTURE_SEASON, SERVER_ROOT } from '../test-support/app.js';
import { MIGRATIONS_DIR } from '../test-support/db.js';
import { openDatabase, type Database } from './client.js';
import { appRoleProblems, DatabaseRoleError, MIGRATION_LOCK_KEY } from './roles.js';

/**
 * The deployment with two roles (docs/deployment.md, "An app role that owns no table"): an owner
 * that migrates (`cli.js migrate`) and an app role for the instances that owns nothing, may not
 * migrate, and may read and append to the audit log but not change it, also not with the
 * maintenance switch of migration 0011 or by disabling its trigger. PostgreSQL only: PGlite has
 * one role (the embedded default is unchanged, see the last test).
 */

const ADMIN_URL = process.env.DATABASE_URL;
const suffix = randomBytes(5).toString('hex');
const names = { db: `erd_roles_${suffix}`, owner: `erd_owner_${suffix}`, app: `erd_app_${suffix}` };
const passwords = { owner: randomBytes(12).toString('hex'), app: randomBytes(12).toString('hex') };

function urlFor(role: 'owner' | 'app'): string {
  const url = new URL(ADMIN_URL!);
  url.username = names[role];
  url.password = passwords[role];
  url.pathname = `/${names.db}`;
  return url.toString();
}

async function asAdmin(statements: string[], database?: string): Promise<void> {
  const url = new URL(ADMIN_URL!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One connection as `role`; `run` gets it and it is closed afterwards. */
async function connected<T>(role: 'owner' | 'app', run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(role) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with (null: it did not fail). */
async function failure(client: pg.Client, statement: string): Promise<string | null> {
  try {
    await client.query(statement);
    return null;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

const PERMISSION_DENIED = '42501';

(ADMIN_URL ? describe : describe.skip)('PostgreSQL (DATABASE_URL): an app role that owns no table', () => {
  let dataDir: string;
  let config: ServerConfig;
  let app: Database;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-roles-'));
    await asAdmin([
      `create role ${names.owner} login password '${passwords.owner}'`,
      `create role ${names.app} login password '${passwords.app}'`,
      `create database ${names.db} owner ${names.owner}`,
    ]);
    config = loadConfig(
      { DATA_DIR: dataDir, DATABASE_URL: urlFor('app'), DATABASE_MIGRATION_URL: urlFor('owner'), SEASON_DIR: FIXTURE_SEASON },
      { serverRoot: SERVER_ROOT, cwd: dataDir },
    );
    app = await openDatabase({ databaseUrl: urlFor('app') });
  });

  afterAll(async () => {
    await app?.close();
    await asAdmin([
      `drop database if exists ${names.db} with (force)`,
      `drop role if exists ${names.app}`,
      `drop role if exists ${names.owner}`,
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('on the empty database the app role does not migrate and says what the owner has to run', async () => {
    const start = app.migrate(MIGRATIONS_DIR);
    await expect(start).rejects.toBeInstanceOf(DatabaseRoleError);
    await expect(start).rejects.toThrow(/kein Schema.*cli\.js migrate.*no schema yet.*cli\.js migrate/);
    expect((await app.role()).canMigrate).toBe(false);
    const schemas = await connected('owner', (c) => c.query(`select nspname from pg_namespace where nspname in ('drizzle', 'pgboss')`));
    expect(schemas.rows).toEqual([]);
  });

  test('two owners migrating at once (the instances’ lock) set up the schema and the job queues and grant the app role', async () => {
    const reports = await Promise.all([migrateAsOwner(config), migrateAsOwner(config)]);
    expect(reports).toEqual([
      { database: 'postgres', user: names.owner, appRole: names.app },
      { database: 'postgres', user: names.owner, appRole: names.app },
    ]);
    // The app role's start: nothing pending, nothing to do.
    await expect(app.migrate(MIGRATIONS_DIR)).resolves.toBeUndefined();
    expect(await app.role()).toEqual({ user: names.app, owner: names.owner, canMigrate: false });
    expect(await appRoleProblems(app.db, names.app)).toEqual([]);
  });

  test('as the app role the audit log is read and append only: no UPDATE, DELETE, TRUNCATE, maintenance switch or DISABLE TRIGGER', async () => {
    await insertEntry(app.db, {
      action: 'operator-add',
      operatorId: null,
      actor: 'Tester',
      subjectType: 'operator',
      subjectId: 'tester@example.org',
      reason: null,
      details: {},
      at: new Date(),
    });
    await connected('app', async (c) => {
      const before = (await c.query('select count(*)::int as n from moderation_log')).rows[0].n as number;
      expect(before).toBeGreaterThan(0);
      expect(await failure(c, `update moderation_log set reason = 'umgeschrieben'`)).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'delete from moderation_log')).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'truncate moderation_log')).toBe(PERMISSION_DENIED);
      for (const statement of [`update moderation_log set reason = 'umgeschrieben'`, 'delete from moderation_log']) {
        await c.query('begin');
        await c.query(`set local erd.audit_maintenance = 'on'`);
        expect(await failure(c, statement)).toBe(PERMISSION_DENIED);
        await c.query('rollback');
      }
      expect(await failure(c, 'alter table moderation_log disable trigger moderation_log_append_only')).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'alter table moderation_log disable trigger all')).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'drop trigger moderation_log_append_only on moderation_log')).toBe(PERMISSION_DENIED);
      expect(
        await failure(
          c,
          'create or replace function moderation_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$',
        ),
      ).toBe(PERMISSION_DENIED);
      // Nor may it put objects of its own where the owner's migrations would find them.
      expect(await failure(c, 'create table public.mine (id int)')).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'create table pgboss.mine (id int)')).toBe(PERMISSION_DENIED);
      expect(await failure(c, 'create schema mine')).toBe(PERMISSION_DENIED);
      expect((await c.query('select count(*)::int as n from moderation_log')).rows[0].n).toBe(before);
    });
    // The maintenance switch is the owner's: a deliberate job runs with the owner's connection.
    await connected('owner', async (c) => {
      await c.query('begin');
      await c.query(`set local erd.audit_maintenance = 'on'`);
      expect(await failure(c, `update moderation_log set reason = 'Wartung'`)).toBeNull();
      await c.query('rollback');
    });
  });

  test('the product writes as the app role: a season import on first start, a job queue that sends and runs jobs', async () => {
    expect(await importSeasonOnFirstStart(config, app, silentLogger)).toBe(true);
    const ran: string[] = [];
    const handlers: JobHandlers = {
      mail: async (message) => void ran.push(`mail:${message.to}`),
      cleanup: async () => void ran.push('cleanup'),
      notify: async ({ id }) => void ran.push(`notify:${id}`),
      'notify-schedule': async () => void ran.push('notify-schedule'),
    };
    const queue = createJobQueue({ database: app, secret: 'x'.repeat(32), mailDelivery: config.mailDelivery, log: silentLogger });
    await queue.start(handlers);
    try {
      await queue.enqueue(app.db, 'mail', { to: 'verein@example.org', subject: 'Test', text: 'Hallo', html: '<p>Hallo</p>' });
      await queue.enqueue(app.db, 'cleanup', {});
      await queue.drain('mail');
      await queue.drain('cleanup');
      // The notification planner runs once at every start (as the app role too).
      await queue.drain('notify-schedule');
    } finally {
      await queue.stop();
    }
    expect(ran.sort()).toEqual(['cleanup', 'mail:verein@example.org', 'notify-schedule']);
  });

  test('a later migration: the app role waits for the owner under the lock, refuses to start before it, and gets the new table by default privileges', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-migrations-'));
    fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
      entries: Array<Record<string, unknown> & { idx: number; when: number }>;
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_probe' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(folder, '9999_probe.sql'), 'CREATE TABLE "probe" ("id" serial PRIMARY KEY NOT NULL, "note" text);');
    try {
      await expect(app.migrate(folder)).rejects.toThrow(
        /1 Migration\(en\) stehen aus \(9999_probe\).*1 migration\(s\) are pending \(9999_probe\)/,
      );

      // While the owner holds the migration lock, the app role's start waits for it.
      const owner = await openDatabase({ databaseUrl: urlFor('owner') });
      try {
        await connected('owner', async (lock) => {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          let settled = false;
          const waiting = app.migrate(folder).then(
            () => (settled = true),
            () => (settled = true),
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(settled).toBe(false);
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          await waiting;
        });
        // Only the migration, without `cli.js migrate`'s grants: the default privileges cover it.
        await owner.migrate(folder);
      } finally {
        await owner.close();
      }
      await expect(app.migrate(folder)).resolves.toBeUndefined();
      await connected('app', async (c) => {
        await c.query(`insert into probe (note) values ('neu')`);
        expect((await c.query('select note from probe')).rows).toEqual([{ note: 'neu' }]);
      });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test('cli.js migrate takes back a right the app role must not have, and refuses an app role that is missing or may act as the owner', async () => {
    await connected('owner', (c) => c.query(`grant update, delete on moderation_log to ${names.app}`));
    expect(await appRoleProblems(app.db, names.app)).toEqual([`"${names.app}" has UPDATE, DELETE on moderation_log`]);
    await migrateAsOwner(config);
    expect(await appRoleProblems(app.db, names.app)).toEqual([]);

    await expect(migrateAsOwner(config, { appRole: `${names.app}_missing` })).rejects.toThrow(/does not exist: CREATE ROLE/);
    await asAdmin([`grant ${names.owner} to ${names.app}`]);
    try {
      await expect(migrateAsOwner(config)).rejects.toThrow(/may act as the owner/);
    } finally {
      await asAdmin([`revoke ${names.owner} from ${names.app}`]);
    }
  });
});

test('PGlite (the embedded default): one role, which owns the schema and migrates as before', async () => {
  const database = await openDatabase({});
  try {
    await database.migrate(MIGRATIONS_DIR);
    expect((await database.role()).canMigrate).toBe(true);
  } finally {
    await database.close();
  }
});
