import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { dataPaths, type ServerConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { mediaFiles } from '../../db/schema/index.js';
import { contentTypeOf } from '../../lib/content-type.js';
import { sha256Hex } from '../../lib/hash.js';
import { slugify } from '../../lib/text.js';

/**
 * Media storage (season images, challenge pictures, club logos): files are stored under a
 * content-hashed name (`<slug>.<hash16>.<ext>`) and served at `/media/<name>` with immutable
 * caching. Storing the same bytes twice gives the same name and writes nothing. Where they are
 * kept (docs/decisions/0011-stateless-instances.md):
 * - PostgreSQL: the `media_files` table, so every instance serves what any of them stored;
 * - the embedded default (PGlite, one process): `${DATA_DIR}/media/`.
 */
export interface StoredMedia {
  name: string;
  url: string;
  created: boolean;
}

export interface MediaFile {
  data: Buffer;
  contentType: string;
  createdAt: Date;
}

export interface MediaStore {
  readonly kind: 'folder' | 'database';
  put(data: Buffer, originalName: string): Promise<StoredMedia>;
  /** A stored file by its name; null when there is none. */
  get(name: string): Promise<MediaFile | null>;
}

export const MEDIA_URL_PREFIX = '/media';

/** `teaser.0123456789abcdef.svg`: what `put` produces and the media route accepts. */
export const MEDIA_NAME = /^[a-z0-9-]{1,40}\.[0-9a-f]{16}\.[a-z0-9]{1,8}$/;

/** The stored name of `data` (uploaded as `originalName`). */
export function mediaName(data: Buffer, originalName: string): string {
  const ext = (path.extname(originalName).slice(1).toLowerCase() || 'bin').replace(/[^a-z0-9]/g, '').slice(0, 8);
  const base = slugify(path.basename(originalName, path.extname(originalName)));
  return `${base}.${sha256Hex(data).slice(0, 16)}.${ext || 'bin'}`;
}

export function createLocalMediaStore(dir: string): MediaStore & { readonly dir: string } {
  return {
    kind: 'folder',
    dir,
    async put(data, originalName) {
      const name = mediaName(data, originalName);
      const target = path.join(dir, name);
      const url = `${MEDIA_URL_PREFIX}/${name}`;
      try {
        await fs.access(target);
        return { name, url, created: false };
      } catch {
        // not stored yet
      }
      await fs.mkdir(dir, { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
      return { name, url, created: true };
    },
    async get(name) {
      if (!MEDIA_NAME.test(name)) return null;
      const file = path.join(dir, name);
      try {
        const [data, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
        return { data, contentType: contentTypeOf(name), createdAt: stat.mtime };
      } catch {
        return null;
      }
    },
  };
}

export function createDatabaseMediaStore(db: Db): MediaStore {
  return {
    kind: 'database',
    async put(data, originalName) {
      const name = mediaName(data, originalName);
      const inserted = await db
        .insert(mediaFiles)
        .values({ name, contentType: contentTypeOf(name), data })
        .onConflictDoNothing({ target: mediaFiles.name })
        .returning({ name: mediaFiles.name });
      return { name, url: `${MEDIA_URL_PREFIX}/${name}`, created: inserted.length > 0 };
    },
    async get(name) {
      if (!MEDIA_NAME.test(name)) return null;
      const rows = await db
        .select({ data: mediaFiles.data, contentType: mediaFiles.contentType, createdAt: mediaFiles.createdAt })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, name));
      return rows[0] ?? null;
    },
  };
}

/** The media store of this database: PostgreSQL keeps media in the database, PGlite in DATA_DIR/media. */
export function createMediaStore(config: Pick<ServerConfig, 'dataDir'>, database: Pick<Database, 'db' | 'kind'>): MediaStore {
  return database.kind === 'postgres' ? createDatabaseMediaStore(database.db) : createLocalMediaStore(dataPaths(config).media);
}
