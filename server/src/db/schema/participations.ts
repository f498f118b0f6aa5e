import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, timestamps, reference } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { ImageDto, ParticipationObjectTypeId } from '@erd/shared-contracts/wire';
import { challenges } from './challenges.js';
import { clubs } from './clubs.js';

export type ParticipationState = 'pending' | 'published' | 'rejected';

/**
 * An entry of a club in a challenge (spec §3 participation). Only `published` ones are public.
 * One per club and challenge (unique index: it decides between concurrent submissions). A rejected
 * entry is deleted (decisions §4: it disappears and the club may submit again; the moderation log
 * keeps a copy), so `rejected` only remains for rows written before that rule.
 */
export const participations = pgTable(
  'participations',
  {
    id: text('id').primaryKey(),
    challengeId: reference('challenge_id', () => challenges.id, 'restrict'),
    clubId: reference('club_id', () => clubs.id, 'restrict'),
    objectTypeId: text('object_type_id').$type<ParticipationObjectTypeId>().notNull(),
    slogan: text('slogan'),
    image: jsonb('image').$type<ImageDto>(),
    estimate: integer('estimate'),
    votes: integer('votes').notNull().default(0),
    state: text('state').$type<ParticipationState>().notNull().default('pending'),
    ...timestamps(),
    publishedAt: timestamptz('published_at'),
  },
  (t) => [
    index('participations_challenge_created_idx').on(t.challengeId, t.state, t.createdAt),
    index('participations_challenge_votes_idx').on(t.challengeId, t.state, t.votes),
    index('participations_club_idx').on(t.clubId),
    uniqueIndex('participations_challenge_club_idx').on(t.challengeId, t.clubId),
    check('participations_state_check', sql`${t.state} in ('pending', 'published', 'rejected')`),
    check(
      'participations_object_type_check',
      sql`${t.objectTypeId} in ('bfv-erd-text-participation', 'bfv-erd-picture-participation', 'bfv-erd-estimate-participation')`,
    ),
    check('participations_votes_check', sql`${t.votes} >= 0`),
  ],
);

export type ParticipationRow = typeof participations.$inferSelect;
export type NewParticipationRow = typeof participations.$inferInsert;
