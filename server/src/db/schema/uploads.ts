import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn, reference } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { ImageDto } from '@erd/shared-contracts/wire';
import { challenges } from './challenges.js';
import { clubs } from './clubs.js';

export type UploadState = 'issued' | 'receiving' | 'ready' | 'failed';

/**
 * A picture upload (spec §3 presigned upload, decisions §4). Created by createpresignedpost
 * (`issued`: the key is bound to the club and challenge); `receiving` while one upload of it runs
 * (a key is uploaded once); `ready` once the file passed processing (content check, re-encoding,
 * renditions) with `image` set, or `failed`; `participation_id` once a PUT `{ picture }` used it
 * (a key makes at most one entry). A `receiving` claim older than any live upload can be (the
 * server was killed during it) may be claimed again: `claimed_at`, `attempts`.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    clubId: reference('club_id', () => clubs.id, 'cascade'),
    challengeId: reference('challenge_id', () => challenges.id, 'cascade'),
    /** The account that asked for the upload. */
    sub: text('sub').notNull(),
    originalName: text('original_name').notNull(),
    declaredContentType: text('declared_content_type').notNull(),
    state: text('state').$type<UploadState>().notNull().default('issued'),
    /** Bytes received (the original as uploaded). */
    bytes: bigint('bytes', { mode: 'number' }),
    /** The detected format (jpeg, png, gif, webp). */
    format: text('format'),
    width: integer('width'),
    height: integer('height'),
    image: jsonb('image').$type<ImageDto>(),
    /** Names of the stored files (original and renditions), for removal. */
    files: jsonb('files').$type<string[]>(),
    participationId: text('participation_id'),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    processedAt: timestamptz('processed_at'),
    claimedAt: timestamptz('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('uploads_club_challenge_idx').on(t.clubId, t.challengeId),
    index('uploads_participation_idx').on(t.participationId),
    check('uploads_state_check', sql`${t.state} in ('issued', 'receiving', 'ready', 'failed')`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
