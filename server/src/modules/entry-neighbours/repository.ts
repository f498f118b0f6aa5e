import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubs, participations } from '../../db/schema/index.js';

/**
 * Read query of the entry page's neighbours. The order is the browse list's search
 * (content/repository.ts `searchPublishedParticipations`): newest = createdAt desc, id desc; likes =
 * votes desc, createdAt desc, id desc, over the same published slogans and pictures joined with their
 * club. In a descending list the entry before has the next greater key, the entry after the next
 * smaller one: row comparisons on the whole key, so ties on votes or time neither skip nor repeat.
 */

export type NeighbourSort = 'newest' | 'likes';

const PUBLIC_TYPES = sql`('bfv-erd-text-participation', 'bfv-erd-picture-participation')`;

export interface NeighbourRow {
  previous: string | null;
  next: string | null;
  position: number;
  total: number;
}

export async function findNeighbours(
  db: Db,
  input: { challengeId: string; participationId: string; sort: NeighbourSort },
): Promise<NeighbourRow | undefined> {
  const key = (table: string): SQL =>
    input.sort === 'likes' ? sql.raw(`(${table}.votes, ${table}.created_at, ${table}.id)`) : sql.raw(`(${table}.created_at, ${table}.id)`);
  const asc = input.sort === 'likes' ? sql.raw('pub.votes asc, pub.created_at asc, pub.id asc') : sql.raw('pub.created_at asc, pub.id asc');
  const desc =
    input.sort === 'likes' ? sql.raw('pub.votes desc, pub.created_at desc, pub.id desc') : sql.raw('pub.created_at desc, pub.id desc');
  const query = sql`
    with pub as (
      select p.id, p.votes, p.created_at
      from ${participations} p
      join ${clubs} c on c.id = p.club_id
      where p.challenge_id = ${input.challengeId} and p.state = 'published' and p.object_type_id in ${PUBLIC_TYPES}
    ), cur as (select id, votes, created_at from pub where id = ${input.participationId})
    -- The subqueries read the one row of cur (correlated).
    select
      (select pub.id from pub where ${key('pub')} > ${key('cur')} order by ${asc} limit 1) as "previous",
      (select pub.id from pub where ${key('pub')} < ${key('cur')} order by ${desc} limit 1) as "next",
      (select count(*)::int + 1 from pub where ${key('pub')} > ${key('cur')}) as "position",
      (select count(*)::int from pub) as "total"
    from cur`;
  const { rows } = (await db.execute(query)) as unknown as { rows: NeighbourRow[] };
  return rows[0];
}
