import { dataPaths, type ServerConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ChangeFeed } from '../cache/changes.js';
import { createDatabaseReleaseStore } from './database-store.js';
import { createDatabaseReleaseReader, createFolderReleaseReader, type ReleaseReader } from './reader.js';
import { createFolderReleaseStore, type ReleaseStore } from './service.js';

/**
 * Which release store: the database with PostgreSQL (several instances), the folders under
 * DATA_DIR/remotes with the embedded PGlite (one process, and the CLI cannot open the database
 * while the server runs). docs/decisions/0011-stateless-instances.md.
 */
export type ReleaseStorage = 'folder' | 'database';

export function releaseStorageOf(database: Pick<Database, 'kind'>): ReleaseStorage {
  return database.kind === 'postgres' ? 'database' : 'folder';
}

/** The server's reader of the releases (/config.json, /remotes/…). */
export function createReleaseReader(options: {
  config: Pick<ServerConfig, 'dataDir'>;
  database: Pick<Database, 'db' | 'kind'>;
  feed: ChangeFeed | null;
  storage?: ReleaseStorage;
}): ReleaseReader {
  const { config, database, feed } = options;
  if ((options.storage ?? releaseStorageOf(database)) === 'folder') return createFolderReleaseReader(dataPaths(config).remotes);
  return createDatabaseReleaseReader(createDatabaseReleaseStore({ ctx: { db: database.db, changes: feed } }), feed);
}

/** A writer's store: the folders, or the database (`database` given: announces on `feed`, or by pg_notify without one). */
export function createReleaseStore(options: {
  config: Pick<ServerConfig, 'dataDir'>;
  database?: Pick<Database, 'db'> | null;
  feed?: ChangeFeed | null;
}): ReleaseStore {
  if (!options.database) return createFolderReleaseStore(dataPaths(options.config).remotes);
  return createDatabaseReleaseStore({ ctx: { db: options.database.db, changes: options.feed ?? null } });
}
