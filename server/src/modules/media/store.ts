import fs from 'node:fs/promises';
import path from 'node:path';
import { sha256Hex } from '../../lib/hash.js';
import { slugify } from '../../lib/text.js';

/**
 * Local media storage: files are stored under a content-hashed name (`<slug>.<hash16>.<ext>`) in
 * `${DATA_DIR}/media/` and served at `/media/<name>` with immutable caching. Storing the same bytes
 * twice gives the same name and writes nothing.
 */
export interface StoredMedia {
  name: string;
  url: string;
  created: boolean;
}

export interface MediaStore {
  readonly dir: string;
  put(data: Buffer, originalName: string): Promise<StoredMedia>;
}

export const MEDIA_URL_PREFIX = '/media';

/** `teaser.0123456789abcdef.svg`: what `put` produces and the media route accepts. */
export const MEDIA_NAME = /^[a-z0-9-]{1,40}\.[0-9a-f]{16}\.[a-z0-9]{1,8}$/;

export function createLocalMediaStore(dir: string): MediaStore {
  return {
    dir,
    async put(data, originalName) {
      const ext = (path.extname(originalName).slice(1).toLowerCase() || 'bin').replace(/[^a-z0-9]/g, '').slice(0, 8);
      const base = slugify(path.basename(originalName, path.extname(originalName)));
      const name = `${base}.${sha256Hex(data).slice(0, 16)}.${ext || 'bin'}`;
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
  };
}
