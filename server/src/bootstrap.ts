import fs from 'node:fs';
import { appClock } from './clock.js';
import { dataPaths, type ServerConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { acquireLock, LockedError } from './db/lock.js';
import type { Logger } from './logger.js';
import { appRoleProblems, DatabaseRoleError, grantAppRole } from './db/roles.js';
import { prepareJobQueues } from './modules/jobs/queue.js';
import { createMediaStore } from './modules/media/store.js';
import { importSeasonIfEmpty, isSeasonEmpty } from './modules/season/service.js';

/** Start-up steps shared by the server and the CLI. */

export interface OpenedDatabase {
  database: Database;
  /** Closes the database and releases the lock. */
  close(): Promise<void>;
}

/**
 * Opens the configured database and applies the migrations. For the embedded PGlite this takes
 * `${DATA_DIR}/server.lock` first and throws `LockedError` while another live process holds it.
 */
export async function openConfiguredDatabase(config: ServerConfig, role: 'server' | 'cli'): Promise<OpenedDatabase> {
  const paths = dataPaths(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  let release: () => void = () => undefined;
  if (!config.databaseUrl) release = acquireLock(paths.lockFile, role);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: paths.pglite,
      pgliteSharedBuffers: config.pgliteSharedBuffers,
      pgliteTemplate: { serverRoot: config.serverRoot },
    });
  } catch (error) {
    release();
    throw error;
  }
  try {
    await database.migrate(config.migrationsDir);
  } catch (error) {
    await database.close().catch(() => undefined);
    release();
    throw error;
  }
  return {
    database,
    close: async () => {
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}

export interface MigrationReport {
  database: Database['kind'];
  /** The role that migrated (PGlite: its only one). */
  user: string;
  /** The app role granted its rights; null = none (one role for both, or none named). */
  appRole: string | null;
}

/** The user part of a connection string (null when the URL has none: then `--app-role` names it). */
export function userOf(connectionString: string): string | null {
  const user = decodeURIComponent(new URL(connectionString).username);
  return user || null;
}

/**
 * `cli.js migrate`: as the owner of the schema (`DATABASE_MIGRATION_URL`, else `DATABASE_URL`)
 * applies the migrations under the instances' lock, creates or migrates pg-boss's schema and our
 * queues, and grants the app role (`appRole`, else the user of `DATABASE_URL` when that differs
 * from the owner's connection) its rights again; fails when that role could still rewrite the
 * audit log (db/roles.ts). Without a URL: the embedded database, migrated as on every start.
 */
export async function migrateAsOwner(config: ServerConfig, options: { appRole?: string | null } = {}): Promise<MigrationReport> {
  const named = options.appRole ?? (config.databaseMigrationUrl && config.databaseUrl ? userOf(config.databaseUrl) : null);
  if (config.databaseMigrationUrl && !named) {
    throw new DatabaseRoleError(
      'DATABASE_URL nennt keinen Benutzer: die App-Rolle mit --app-role <Name> angeben. / DATABASE_URL names no user: give the app role with --app-role <name>.',
    );
  }
  const ownerUrl = config.databaseMigrationUrl ?? config.databaseUrl;
  const opened: OpenedDatabase = ownerUrl ? await openOwner(ownerUrl) : await openConfiguredDatabase(config, 'cli');
  const { database } = opened;
  try {
    const role = await database.role();
    if (!role.canMigrate) {
      throw new DatabaseRoleError(
        `Die Rolle "${role.user}" von ${config.databaseMigrationUrl ? 'DATABASE_MIGRATION_URL' : 'DATABASE_URL'} besitzt das Schema nicht (Eigentümer "${role.owner}") und darf nicht migrieren. / ` +
          `The role "${role.user}" of ${config.databaseMigrationUrl ? 'DATABASE_MIGRATION_URL' : 'DATABASE_URL'} does not own the schema (owner "${role.owner}") and may not migrate.`,
      );
    }
    await database.migrate(config.migrationsDir);
    await prepareJobQueues(database, config.mailDelivery);
    const appRole = database.kind === 'postgres' && named && named !== role.user ? named : null;
    if (appRole) {
      await grantAppRole(database.db, appRole).catch((error: unknown) => {
        // drizzle wraps the driver's error (its SQLSTATE is on `cause`).
        if ((error as { cause?: { code?: unknown } }).cause?.code !== '42704') throw error;
        throw new DatabaseRoleError(
          `Die App-Rolle "${appRole}" gibt es nicht / the app role "${appRole}" does not exist: CREATE ROLE "${appRole}" LOGIN PASSWORD '…' (docs/deployment.md).`,
        );
      });
      const problems = await appRoleProblems(database.db, appRole);
      if (problems.length) {
        throw new DatabaseRoleError(
          `Die App-Rolle könnte das Audit-Log ändern oder Objekte anlegen / the app role could rewrite the audit log or create objects: ${problems.join('; ')}. ` +
            'Use a role that owns nothing and belongs to no owner role (docs/deployment.md).',
        );
      }
    }
    return { database: database.kind, user: role.user, appRole };
  } finally {
    await opened.close();
  }
}

async function openOwner(databaseUrl: string): Promise<OpenedDatabase> {
  const database = await openDatabase({ databaseUrl });
  return { database, close: () => database.close() };
}

/** The message a CLI command prints when the server holds the embedded database. */
export function lockedMessage(config: ServerConfig, error: LockedError): string {
  return (
    `The embedded database in ${dataPaths(config).pglite} is in use by a running ${error.holder.role} (pid ${error.holder.pid}). ` +
    'PGlite allows only one process: stop the server first (Ctrl+C or kill ' +
    `${error.holder.pid}), run this command, then start the server again — or use DATABASE_URL (PostgreSQL).`
  );
}

/**
 * First start: an empty database gets the season from SEASON_DIR (embedded default: the demo
 * season in server/season/demo). With PostgreSQL this happens only when SEASON_DIR is set.
 */
export async function importSeasonOnFirstStart(
  config: ServerConfig,
  database: Database,
  log: Logger,
  now: () => Date = appClock(config),
): Promise<boolean> {
  if (config.databaseUrl && !config.seasonDirFromEnv) return false;
  const ctx: Pick<AppContext, 'db' | 'media' | 'log' | 'now'> = {
    db: database.db,
    media: createMediaStore(config, database),
    log,
    now,
  };
  if (!(await isSeasonEmpty(ctx))) return false;
  if (!fs.existsSync(config.seasonDir)) {
    log.warn(`No season imported yet and ${config.seasonDir} does not exist: the site has no content until "import-season" runs.`);
    return false;
  }
  log.info(`Empty database: importing the season from ${config.seasonDir}`);
  // Another instance starting at the same time may have imported it meanwhile.
  return (await importSeasonIfEmpty({ ctx, input: { dir: config.seasonDir } })) !== null;
}

export { DatabaseRoleError, LockedError };
