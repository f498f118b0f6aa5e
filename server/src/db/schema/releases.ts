import { bigint, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn } from '../columns.js';
import { bytea } from './bytes.js';

/**
 * Remote releases with PostgreSQL (modules/releases/database-store.ts, docs/decisions/0011): a
 * release is its files, written once under a new id and never changed; `remote_live_releases`
 * points at the live release of each remote. A release and its pointer are written in one
 * transaction; a rollback only moves the pointer. (The embedded default keeps releases in
 * DATA_DIR/remotes, modules/releases/folder-store.ts.)
 */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    remote: text('remote').notNull(),
    id: text('id').notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'remote_releases_pk', columns: [t.remote, t.id] })],
);

export const remoteReleaseFiles = pgTable(
  'remote_release_files',
  {
    remote: text('remote').notNull(),
    releaseId: text('release_id').notNull(),
    /** Relative to the build folder, `/`-separated (`static/js/1.abcdef12.js`). */
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'remote_release_files_pk', columns: [t.remote, t.releaseId, t.path] }),
    foreignKey({
      name: 'remote_release_files_release_fk',
      columns: [t.remote, t.releaseId],
      foreignColumns: [remoteReleases.remote, remoteReleases.id],
    }).onDelete('cascade'),
  ],
);

export const remoteLiveReleases = pgTable(
  'remote_live_releases',
  {
    remote: text('remote').primaryKey(),
    releaseId: text('release_id').notNull(),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'remote_live_releases_release_fk',
      columns: [t.remote, t.releaseId],
      foreignColumns: [remoteReleases.remote, remoteReleases.id],
    }),
  ],
);
