import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { ReachChannel } from '@erd/shared-contracts/schemas';
import { challenges } from './challenges.js';
import { clubs } from './clubs.js';
import { participations } from './participations.js';

/**
 * What sharing brings (issue 23, modules/reach): aggregated counts only, no personal data. One row
 * per Europe/Berlin day, target (a published entry, or a club's page) and channel (`via` of the
 * link; `direct` for a crawler fetch of a link without it), with three counters: crawler preview
 * fetches, visits through a `via` link, and the votes that followed such a visit. An entry's row
 * names its challenge, entry and (resolved from the entry) club; a club page's row only the club.
 *
 * The unique index over the key, with `''` for a club page's missing challenge and entry, is the
 * target of the one atomic `insert … on conflict do update set x = x + n` every count is. The rows
 * go with their entry, challenge or club (cascade): a rejected entry is deleted, and its counts
 * with it.
 */
export const reachCounts = pgTable(
  'reach_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'entry' | 'club'>().notNull(),
    challengeId: text('challenge_id').references(() => challenges.id, { onDelete: 'cascade' }),
    participationId: text('participation_id').references(() => participations.id, { onDelete: 'cascade' }),
    clubId: reference('club_id', () => clubs.id, 'cascade'),
    channel: text('channel').$type<ReachChannel>().notNull(),
    previews: integer('previews').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    votes: integer('votes').notNull().default(0),
  },
  (t) => [
    uniqueIndex('reach_counts_key_idx').on(
      t.day,
      t.kind,
      sql`coalesce(${t.challengeId}, '')`,
      sql`coalesce(${t.participationId}, '')`,
      t.clubId,
      t.channel,
    ),
    // The club's own figures of its entry, and deleting an entry (cascade).
    index('reach_counts_participation_idx').on(t.participationId),
    // The report of one challenge over a range of days.
    index('reach_counts_challenge_day_idx').on(t.challengeId, t.day),
    // The report of one club, and deleting a club (cascade).
    index('reach_counts_club_idx').on(t.clubId),
    check('reach_counts_kind_check', sql`${t.kind} in ('entry', 'club')`),
    check(
      'reach_counts_target_check',
      sql`(${t.kind} = 'entry' and ${t.challengeId} is not null and ${t.participationId} is not null) or (${t.kind} = 'club' and ${t.challengeId} is null and ${t.participationId} is null)`,
    ),
    check('reach_counts_channel_check', sql`${t.channel} in ('whatsapp', 'qr', 'story', 'copy', 'share', 'direct')`),
    check('reach_counts_counts_check', sql`${t.previews} >= 0 and ${t.visits} >= 0 and ${t.votes} >= 0`),
  ],
);

export type ReachCountRow = typeof reachCounts.$inferSelect;
