import { eq, lte, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { participations, usedVoteProofs } from '../../db/schema/index.js';

/**
 * Queries of the votes. The two statements of a vote (`admitVote`, `acceptVote`) are written as
 * SQL and sent as they are: on PostgreSQL as named prepared statements (parsed and planned once
 * per connection), on PGlite as plain queries. Through drizzle's query builder they cost the
 * server more CPU per vote than the database spent on them (`npm run bench:votes`).
 */

type PgliteLike = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

async function statement<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  if (client && typeof (client as PgliteLike).query === 'function') return (await (client as PgliteLike).query(text, values)).rows as T[];
  // Any other Db (a transaction): the same text with its parameters through drizzle.
  const chunks = text.split(/\$(\d+)/);
  const query: SQL = sql.join(
    chunks.map((chunk, i) => (i % 2 ? sql`${values[Number(chunk) - 1]}` : sql.raw(chunk))),
    sql.raw(''),
  );
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The entry as a vote needs it: published text or picture entries only; the voting window with the fallbacks of `toChallengeDto`. */
const ENTRY_CTE = `entry as (
  select p.challenge_id, p.club_id, c.object_type_id as challenge_type,
         coalesce(c.start_date_voting, c.start_date)::text as voting_from, coalesce(c.end_date_voting, c.end_date)::text as voting_to
  from participations p join challenges c on c.id = p.challenge_id
  where p.id = $1 and p.state = 'published' and p.object_type_id in ('bfv-erd-text-participation', 'bfv-erd-picture-participation')
)`;

/** The per-IP count (modules/rate-limit: the same atomic upsert as its `hit`) and the entry, in one statement. */
const ADMIT_COUNTED = `with hit as (
  insert into rate_limit_counters (key, window_start, count, expires_at) values ($2, $3::timestamptz, 1, $4::timestamptz)
  on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
  returning count
), ${ENTRY_CTE}
select hit.count as hits, entry.* from hit left join entry on true`;

/** The same with the limits off (RATE_LIMIT_SCALE=0: nothing counted). */
const ADMIT_UNCOUNTED = `with ${ENTRY_CTE}
select null::int as hits, entry.* from (select 1) as one left join entry on true`;

export interface VotableEntry {
  challengeId: string;
  clubId: string;
  challengeType: string;
  /** Europe/Berlin days, YYYY-MM-DD. */
  votingFrom: string;
  votingTo: string;
}

type AdmitRow = { hits: number | null; challenge_id: string | null; club_id: string; challenge_type: string; voting_from: string; voting_to: string };

/**
 * The first statement of a vote: counts the request under the per-IP limit (`slot`; null = limits
 * off) and reads the entry (undefined: none, not published, or not a text/picture entry).
 */
export async function admitVote(
  db: Db,
  participationId: string,
  slot: { key: string; windowStart: Date; expiresAt: Date } | null,
): Promise<{ hits: number | null; entry: VotableEntry | undefined }> {
  const [row] = slot
    ? await statement<AdmitRow>(db, 'votes_admit_counted', ADMIT_COUNTED, [
        participationId,
        slot.key,
        slot.windowStart.toISOString(),
        slot.expiresAt.toISOString(),
      ])
    : await statement<AdmitRow>(db, 'votes_admit_uncounted', ADMIT_UNCOUNTED, [participationId]);
  if (!row) throw new Error('the admit statement answered no row');
  const entry = row.challenge_id
    ? { challengeId: row.challenge_id, clubId: row.club_id, challengeType: row.challenge_type, votingFrom: row.voting_from, votingTo: row.voting_to }
    : undefined;
  return { hits: row.hits === null ? null : Number(row.hits), entry };
}

export async function deleteExpiredProofs(db: Db, now: Date): Promise<void> {
  await db.delete(usedVoteProofs).where(lte(usedVoteProofs.expiresAt, now));
}

export interface NewVote {
  participationId: string;
  challengeId: string;
  voterId: string;
  accountKey: string | null;
  accountSub: string | null;
  ipHash: string;
  userAgent: string | null;
  createdAt: Date;
}

/** What became of a vote on its accept path. */
export type AcceptOutcome = { kind: 'accepted'; votes: number } | { kind: 'proof-used' } | { kind: 'already-voted' };

/**
 * The accept path of a vote, in ONE statement (one round trip, one transaction, one commit):
 * marks the proof of work as used (anonymous votes; `proof` null for members), records the vote,
 * and counts it. Each step only runs when the one before it did:
 * - the proof's primary key decides between concurrent uses of one proof: a used one records nothing;
 * - the unique indexes (entry + voter cookie, entry + account) decide between concurrent votes of
 *   one voter; a second vote is not recorded (its proof stays used, as a used proof is used);
 * - the entry's count goes up in the same statement: the row lock orders concurrent votes of an
 *   entry, and each one answers the count that includes it (exact, no vote lost or counted twice).
 * The answer is given only after the commit, so an accepted vote is durable.
 */
export async function acceptVote(db: Db, vote: NewVote, proof: { signature: string; expiresAt: Date } | null): Promise<AcceptOutcome> {
  const [row] = await statement<{ proof_used: boolean; votes: number | null }>(db, 'votes_accept', ACCEPT, [
    proof?.signature ?? null,
    proof ? proof.expiresAt.toISOString() : null,
    vote.participationId,
    vote.challengeId,
    vote.voterId,
    vote.accountKey,
    vote.accountSub,
    vote.ipHash,
    vote.userAgent,
    vote.createdAt.toISOString(),
  ]);
  if (!row) throw new Error('the accept statement answered no row');
  if (row.proof_used) return { kind: 'proof-used' };
  if (row.votes === null || row.votes === undefined) return { kind: 'already-voted' };
  return { kind: 'accepted', votes: Number(row.votes) };
}

const ACCEPT = `with proof as (
  insert into used_vote_proofs (signature, expires_at)
  select $1::text, $2::timestamptz where $1::text is not null
  on conflict do nothing
  returning 1
), recorded as (
  insert into votes (participation_id, challenge_id, voter_id, account_key, account_sub, ip_hash, user_agent, created_at)
  select $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::timestamptz
  where $1::text is null or exists (select from proof)
  on conflict do nothing
  returning participation_id
), counted as (
  update participations set votes = votes + 1 where id = (select participation_id from recorded) returning votes
)
select $1::text is not null and not exists (select from proof) as proof_used, (select votes from counted) as votes`;

export async function voteCount(db: Db, participationId: string): Promise<number> {
  const [row] = await db.select({ votes: participations.votes }).from(participations).where(eq(participations.id, participationId));
  return row?.votes ?? 0;
}
