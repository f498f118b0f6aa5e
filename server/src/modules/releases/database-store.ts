import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ServedRemoteName } from '../../config.js';
import type { Db } from '../../db/client.js';
import { remoteLiveReleases, remoteReleaseFiles, remoteReleases } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { contentTypeOf } from '../../lib/content-type.js';
import { announce, topics, type ChangeContext } from '../cache/changes.js';
import {
  checkBuild,
  hashDir,
  listFiles,
  MANIFEST,
  RELEASE_ID,
  releaseEntry,
  timestampId,
  type ReleaseInfo,
  type ReleasePointer,
  type ReleaseStore,
} from './service.js';

/**
 * Releases in PostgreSQL (docs/decisions/0011-stateless-instances.md): a release's files (path,
 * bytes, content type) and the remote's live pointer are written in ONE transaction, so no
 * instance ever sees half a release, and the pointer switch is atomic; a rollback only moves the
 * pointer. After the commit the `releases` topic is announced on the change feed: every instance
 * reloads its pointers (modules/releases/reader.ts) and /config.json names the new release at the
 * next page load. Release rows are never changed or deleted, so a release id's files are immutable.
 */

/** Rows per INSERT, and bytes: a remote's build is a few MB, sent in a few statements. */
const BATCH_ROWS = 200;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface DatabaseReleaseStoreOptions {
  ctx: ChangeContext;
  /** Reads a build file (tests make it fail half-way). */
  readFile?: (file: string) => Promise<Buffer>;
}

/** The live releases and every release id, as one read (modules/releases/reader.ts keeps it). */
export interface ReleaseIndex {
  live: Map<ServedRemoteName, ReleasePointer>;
  /** `<name>/<id>` of every release. */
  releases: Set<string>;
}

export interface StoredReleaseFile {
  path: string;
  contentType: string;
  data: Buffer;
}

export interface DatabaseReleaseStore extends ReleaseStore {
  readonly kind: 'database';
  index(): Promise<ReleaseIndex>;
  /** The paths of a release's files with their sizes; null when there is no such release. */
  paths(name: ServedRemoteName, id: string): Promise<Map<string, number> | null>;
  /** The named files of a release (those that exist). */
  files(name: ServedRemoteName, id: string, paths: readonly string[]): Promise<StoredReleaseFile[]>;
  /** When the release was made (the Last-Modified of its files). */
  createdAt(name: ServedRemoteName, id: string): Promise<Date | null>;
}

function pointerOf(name: ServedRemoteName, id: string, publishedAt: Date): ReleasePointer {
  return { release: id, entry: releaseEntry(name, id), publishedAt: publishedAt.toISOString() };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createDatabaseReleaseStore(options: DatabaseReleaseStoreOptions): DatabaseReleaseStore {
  const { ctx } = options;
  const db: Db = ctx.db;
  const readFile = options.readFile ?? ((file: string) => fs.readFile(file));

  async function setLive(tx: Db, name: ServedRemoteName, id: string, at: Date): Promise<ReleasePointer> {
    await tx
      .insert(remoteLiveReleases)
      .values({ remote: name, releaseId: id, publishedAt: at })
      .onConflictDoUpdate({ target: remoteLiveReleases.remote, set: { releaseId: id, publishedAt: at } });
    return pointerOf(name, id, at);
  }

  return {
    kind: 'database',

    async create(input) {
      const now = input.now ?? new Date();
      const distDir = await checkBuild(input.distDir, input.name);
      const files = await listFiles(distDir);
      const id = input.id ?? `${timestampId(now)}-${(await hashDir(distDir)).slice(0, 8)}`;
      if (!RELEASE_ID.test(id)) throw new ValidationError(`Invalid release id "${id}"`);
      const exists = async () =>
        (
          await db
            .select({ id: remoteReleases.id })
            .from(remoteReleases)
            .where(and(eq(remoteReleases.remote, input.name), eq(remoteReleases.id, id)))
        ).length > 0;
      const conflict = () => new ConflictError(`Release "${id}" of ${input.name} already exists`);
      if (await exists()) throw conflict();
      let pointer: ReleasePointer;
      try {
        pointer = await db.transaction(async (txn) => {
          const tx = txn as unknown as Db;
          await tx.insert(remoteReleases).values({ remote: input.name, id, files: files.length, bytes: 0, createdAt: now });
          let bytes = 0;
          let batch: (typeof remoteReleaseFiles.$inferInsert)[] = [];
          let batchBytes = 0;
          const flush = async () => {
            if (batch.length) await tx.insert(remoteReleaseFiles).values(batch);
            batch = [];
            batchBytes = 0;
          };
          for (const rel of files) {
            const data = await readFile(path.join(distDir, rel));
            batch.push({ remote: input.name, releaseId: id, path: rel, contentType: contentTypeOf(rel), data });
            batchBytes += data.length;
            bytes += data.length;
            if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
          }
          await flush();
          await tx
            .update(remoteReleases)
            .set({ bytes })
            .where(and(eq(remoteReleases.remote, input.name), eq(remoteReleases.id, id)));
          return setLive(tx, input.name, id, now);
        });
      } catch (error) {
        // Two releases with the same id at once: the second one's insert waits for the first, then fails.
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
      await announce(ctx, [topics.releases]);
      return { id, files: files.length, pointer };
    },

    async list(name) {
      const [rows, live] = await Promise.all([
        db
          .select({ id: remoteReleases.id, createdAt: remoteReleases.createdAt })
          .from(remoteReleases)
          .where(eq(remoteReleases.remote, name))
          .orderBy(asc(remoteReleases.createdAt), asc(remoteReleases.id)),
        db.select({ releaseId: remoteLiveReleases.releaseId }).from(remoteLiveReleases).where(eq(remoteLiveReleases.remote, name)),
      ]);
      const current = live[0]?.releaseId;
      return rows.map((r): ReleaseInfo => ({ id: r.id, createdAt: r.createdAt.toISOString(), current: r.id === current }));
    },

    async rollback(input) {
      const now = input.now ?? new Date();
      const pointer = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const where = and(eq(remoteReleases.remote, input.name), eq(remoteReleases.id, input.id));
        const found = RELEASE_ID.test(input.id) ? await tx.select({ id: remoteReleases.id }).from(remoteReleases).where(where) : [];
        if (!found.length) throw new NotFoundError(`Release "${input.id}" of ${input.name} not found`);
        const manifest = await tx
          .select({ path: remoteReleaseFiles.path })
          .from(remoteReleaseFiles)
          .where(
            and(
              eq(remoteReleaseFiles.remote, input.name),
              eq(remoteReleaseFiles.releaseId, input.id),
              eq(remoteReleaseFiles.path, MANIFEST),
            ),
          );
        if (!manifest.length) throw new NotFoundError(`Release "${input.id}" of ${input.name} has no ${MANIFEST}`);
        return setLive(tx, input.name, input.id, now);
      });
      await announce(ctx, [topics.releases]);
      return pointer;
    },

    async index() {
      const [live, all] = await Promise.all([
        db.select().from(remoteLiveReleases),
        db.select({ remote: remoteReleases.remote, id: remoteReleases.id }).from(remoteReleases),
      ]);
      return {
        live: new Map(live.map((r) => [r.remote as ServedRemoteName, pointerOf(r.remote as ServedRemoteName, r.releaseId, r.publishedAt)])),
        releases: new Set(all.map((r) => `${r.remote}/${r.id}`)),
      };
    },

    async paths(name, id) {
      const rows = await db
        .select({ path: remoteReleaseFiles.path, size: sql<number>`octet_length(${remoteReleaseFiles.data})`.mapWith(Number) })
        .from(remoteReleaseFiles)
        .where(and(eq(remoteReleaseFiles.remote, name), eq(remoteReleaseFiles.releaseId, id)));
      if (!rows.length) return null;
      return new Map(rows.map((r) => [r.path, r.size]));
    },

    async files(name, id, paths) {
      if (!paths.length) return [];
      return db
        .select({ path: remoteReleaseFiles.path, contentType: remoteReleaseFiles.contentType, data: remoteReleaseFiles.data })
        .from(remoteReleaseFiles)
        .where(
          and(eq(remoteReleaseFiles.remote, name), eq(remoteReleaseFiles.releaseId, id), inArray(remoteReleaseFiles.path, [...paths])),
        );
    },

    async createdAt(name, id) {
      const rows = await db
        .select({ createdAt: remoteReleases.createdAt })
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, name), eq(remoteReleases.id, id)));
      return rows[0]?.createdAt ?? null;
    },
  };
}
