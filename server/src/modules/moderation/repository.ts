import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countRows } from '../../db/queries.js';
import {
  clubs,
  moderationLog,
  participations,
  votes,
  type ClubRow,
  type ModerationLogRow,
  type ParticipationRow,
  type VoteRow,
} from '../../db/schema/index.js';

/** Queries of moderation (entries, their audit rows) and the vote records. */

const MODERATED_TYPES = ['bfv-erd-text-participation', 'bfv-erd-picture-participation'] as const;

export interface EntryWithClub {
  participation: ParticipationRow;
  club: ClubRow;
}

export async function listEntries(
  db: Db,
  input: { state: 'pending' | 'published'; challengeId?: string; from: number; size: number },
): Promise<{ rows: EntryWithClub[]; total: number }> {
  const where = and(
    eq(participations.state, input.state),
    inArray(participations.objectTypeId, [...MODERATED_TYPES]),
    input.challengeId ? eq(participations.challengeId, input.challengeId) : undefined,
  );
  const rows = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(where)
    .orderBy(asc(participations.createdAt), asc(participations.id))
    .limit(input.size)
    .offset(input.from);
  return { rows, total: await countRows(db, participations, where) };
}

export async function findEntry(db: Db, id: string): Promise<EntryWithClub | undefined> {
  const [row] = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(and(eq(participations.id, id), inArray(participations.objectTypeId, [...MODERATED_TYPES])));
  return row;
}

export async function publishEntry(db: Db, id: string, now: Date): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .update(participations)
    .set({ state: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(participations.id, id), eq(participations.state, 'pending')))
    .returning();
  return row;
}

/** Deletes the entry (its vote records go with it). */
export async function deleteEntry(db: Db, id: string): Promise<ParticipationRow | undefined> {
  const [row] = await db.delete(participations).where(eq(participations.id, id)).returning();
  return row;
}

export async function listVotes(
  db: Db,
  input: { participationId: string; from: number; size: number },
): Promise<{ rows: VoteRow[]; total: number; counted: number }> {
  const where = eq(votes.participationId, input.participationId);
  const rows = await db
    .select()
    .from(votes)
    .where(where)
    .orderBy(desc(votes.createdAt), desc(votes.id))
    .limit(input.size)
    .offset(input.from);
  const [totals] = await db
    .select({ total: count(), counted: sql<number>`count(*) filter (where ${votes.removedAt} is null)`.mapWith(Number) })
    .from(votes)
    .where(where);
  return { rows, total: totals?.total ?? 0, counted: totals?.counted ?? 0 };
}

/**
 * The one lock order of every path that changes an entry's votes or its count: first the entries,
 * by id, then their vote records. `for no key update` is the strength of the count's own update, so
 * the foreign-key checks of new votes do not wait for it. The acceptance of votes
 * (modules/votes/repository.ts) locks entries by id and touches only new records; a withdrawal or
 * rejection deletes the entry before its records (the cascade). So any two of them wait for each
 * other at the entries and cannot deadlock (as the vote review's removal and `removeVotes` did,
 * locking in opposite orders). Answers the entries found (gone ones are not), by id.
 */
export async function lockEntries(db: Db, ids: readonly string[]): Promise<{ id: string; votes: number; challengeId: string }[]> {
  if (!ids.length) return [];
  const list = sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = (await db.execute(
    sql`select id, votes, challenge_id from participations where id in (${list}) order by id for no key update`,
  )) as unknown as {
    rows: { id: string; votes: number; challenge_id: string }[];
  };
  return rows.map((r) => ({ id: r.id, votes: Number(r.votes), challengeId: r.challenge_id }));
}

/** The entries of the given votes still counted (no lock: `removeVotes` runs after `lockEntries` and checks again). */
export async function entriesOfVotes(db: Db, ids: number[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ participationId: votes.participationId })
    .from(votes)
    .where(and(inArray(votes.id, ids), isNull(votes.removedAt)));
  return rows.map((r) => r.participationId);
}

/** Takes the given votes of the given (locked: `lockEntries`) entries out of the count (they stay as records); answers them with their entries. */
export async function removeVotes(
  db: Db,
  ids: number[],
  lockedEntries: string[],
  by: string,
  reason: string,
  now: Date,
): Promise<{ id: number; participationId: string }[]> {
  if (!lockedEntries.length) return [];
  return db
    .update(votes)
    .set({ removedAt: now, removedBy: by, removalReason: reason })
    .where(and(inArray(votes.id, ids), inArray(votes.participationId, lockedEntries), isNull(votes.removedAt)))
    .returning({ id: votes.id, participationId: votes.participationId });
}

/**
 * Lowers an entry's count by the votes just removed (a decrement, not a recount: concurrent votes
 * that commit meanwhile keep counting).
 */
export async function decrementVotes(
  db: Db,
  participationId: string,
  by: number,
): Promise<{ votes: number; challengeId: string } | undefined> {
  const [row] = await db
    .update(participations)
    .set({ votes: sql`greatest(${participations.votes} - ${by}, 0)` })
    .where(eq(participations.id, participationId))
    .returning({ votes: participations.votes, challengeId: participations.challengeId });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Decisions of the back office (decisions.ts)

/** The entry `id` while it is in `state` and of a moderated type (the condition of every decision's statement). */
const moderatedEntry = (id: string, state: 'pending' | 'published') =>
  and(eq(participations.id, id), eq(participations.state, state), inArray(participations.objectTypeId, [...MODERATED_TYPES]));

/** Publishes the entry only while it waits (a slogan or picture): the row, or nothing when it does not wait (any more). */
export async function publishPendingEntry(db: Db, id: string, now: Date): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .update(participations)
    .set({ state: 'published', publishedAt: now, updatedAt: now })
    .where(moderatedEntry(id, 'pending'))
    .returning();
  return row;
}

/** Deletes the entry only while it waits: the deleted row, or nothing when another decision came first. */
export async function deletePendingEntry(db: Db, id: string): Promise<ParticipationRow | undefined> {
  const [row] = await db.delete(participations).where(moderatedEntry(id, 'pending')).returning();
  return row;
}

/** Deletes the entry only while it is published (withdrawn after a report): the deleted row, or nothing. */
export async function deletePublishedEntry(db: Db, id: string): Promise<ParticipationRow | undefined> {
  const [row] = await db.delete(participations).where(moderatedEntry(id, 'published')).returning();
  return row;
}

/** Every audit row about an entry, oldest first. */
export async function entryHistory(db: Db, id: string): Promise<ModerationLogRow[]> {
  return db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.subjectType, 'participation'), eq(moderationLog.subjectId, id)))
    .orderBy(asc(moderationLog.at), asc(moderationLog.id));
}

/** The latest publish or reject row about an entry. */
export async function lastDecision(db: Db, id: string): Promise<ModerationLogRow | undefined> {
  const [row] = await db
    .select()
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.subjectType, 'participation'),
        eq(moderationLog.subjectId, id),
        inArray(moderationLog.action, ['publish', 'reject']),
      ),
    )
    .orderBy(desc(moderationLog.at), desc(moderationLog.id))
    .limit(1);
  return row;
}
