import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { Team } from '@erd/shared-contracts/wire';

/**
 * A club entry: club number plus team (decisions §3). Id `club-{clubnumber}-{team}`.
 * `search` is the club name lowercased without accents plus the club number (for club search and a
 * locale-independent sort order).
 */
export const clubs = pgTable(
  'clubs',
  {
    id: text('id').primaryKey(),
    clubnumber: text('clubnumber').notNull(),
    clubname: text('clubname').notNull(),
    team: text('team').$type<Team>().notNull(),
    logourl: text('logourl'),
    linkurl: text('linkurl'),
    search: text('search').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('clubs_clubnumber_team_idx').on(t.clubnumber, t.team),
    index('clubs_search_idx').on(t.search),
    check('clubs_team_check', sql`${t.team} in ('m', 'w')`),
  ],
);

export type ClubRow = typeof clubs.$inferSelect;
export type NewClubRow = typeof clubs.$inferInsert;
