import fs from 'node:fs';
import { count } from 'drizzle-orm';
import { dataPaths } from '../config.js';
import { mediaFiles } from '../db/schema/index.js';
import type { TestApp } from './app.js';

/** How many media files the app's store holds (DATA_DIR/media, or the database with PostgreSQL). */
export async function mediaCount(t: TestApp): Promise<number> {
  if (t.ctx.media.kind === 'database') {
    const [row] = await t.ctx.db.select({ n: count() }).from(mediaFiles);
    return row?.n ?? 0;
  }
  const dir = dataPaths(t.config).media;
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

/** A stored media file's bytes by its URL (`/media/<name>`); null when there is none. */
export async function storedMedia(t: TestApp, url: string): Promise<Buffer | null> {
  return (await t.ctx.media.get(url.slice(url.lastIndexOf('/') + 1)))?.data ?? null;
}
