import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns.js';
import { bytea } from './bytes.js';

/**
 * Season media with PostgreSQL (modules/media/store.ts, docs/decisions/0011): challenge images, club
 * logos and the like under their content-hashed name (`teaser.0123456789abcdef.webp`), served at
 * `/media/<name>` by every instance. Written once per name, never changed.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAtColumn(),
});
