import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queueToClub, type TriggerCtx } from './common.js';

/**
 * The mails about a club's own entry (issue 25, kind 'entries'), queued in the transaction of the
 * change that causes them, to the club's account. Each occasion names the entry (and, for removed
 * votes, the removal), so a trigger that runs again (a retried transaction, a second click) queues
 * nothing more.
 */

interface EntryRef {
  id: string;
  challengeId: string;
  clubId: string;
}

/** A mail about the club's entry that says nothing more than which it is, queued once per entry and template. */
function notifyAboutEntry(ctx: TriggerCtx, db: Db, entry: EntryRef, template: 'entry-received' | 'entry-published'): Promise<number> {
  return queueToClub(ctx, db, {
    occasion: `${template}:${entry.id}`,
    kind: 'entries',
    template,
    params: { challengeId: entry.challengeId, participationId: entry.id },
    clubId: entry.clubId,
  });
}

/** A club saved its entry for the first time (a later change of an estimate keeps the entry's id: no second mail). */
export function notifyEntryReceived(ctx: TriggerCtx, db: Db, entry: EntryRef): Promise<number> {
  return notifyAboutEntry(ctx, db, entry, 'entry-received');
}

/** An operator published the club's slogan or picture. */
export function notifyEntryPublished(ctx: TriggerCtx, db: Db, entry: EntryRef): Promise<number> {
  return notifyAboutEntry(ctx, db, entry, 'entry-published');
}

/**
 * An operator rejected the club's entry (or withdrew a published one): the entry is deleted, so
 * the mail carries what it says (the reason, the slogan as sent).
 */
export function notifyEntryRejected(
  ctx: TriggerCtx,
  db: Db,
  entry: EntryRef & { reason: string | null; slogan?: string | null; withdrawn?: boolean },
): Promise<number> {
  return queueToClub(ctx, db, {
    occasion: `entry-rejected:${entry.id}`,
    kind: 'entries',
    template: 'entry-rejected',
    params: {
      challengeId: entry.challengeId,
      participationId: entry.id,
      reason: entry.reason?.trim() || null,
      ...(entry.slogan ? { slogan: entry.slogan } : {}),
      ...(entry.withdrawn ? { withdrawn: true } : {}),
    },
    clubId: entry.clubId,
  });
}

/**
 * An operator removed votes from the club's entry. `voteIds`: the votes this removal took out (a
 * vote is removed once, so its smallest id names the removal).
 */
export function notifyVotesRemoved(
  ctx: TriggerCtx,
  db: Db,
  input: { participationId: string; challengeId: string; voteIds: readonly number[]; reason: string; votesAfter: number },
): Promise<number> {
  if (!input.voteIds.length) return Promise.resolve(0);
  const first = input.voteIds.reduce((min, id) => (id < min ? id : min), input.voteIds[0]!);
  return queueToClub(ctx, db, {
    occasion: `votes-removed:${input.participationId}:${first}`,
    kind: 'entries',
    template: 'votes-removed',
    params: {
      challengeId: input.challengeId,
      participationId: input.participationId,
      reason: input.reason,
      removed: input.voteIds.length,
      votesAfter: input.votesAfter,
    },
    clubId: sql`(SELECT club_id FROM participations WHERE id = ${input.participationId})`,
  });
}
