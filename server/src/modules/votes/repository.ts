import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statement } from '../../db/statement.js';
import { participations, usedVoteProofs } from '../../db/schema/index.js';

/**
 * Queries of the votes. The two statements of a vote (`admitVote`, `acceptVote`) are written as
 * SQL and sent as they are (db/statement.ts): on PostgreSQL as named prepared statements (parsed
 * and planned once per connection), on PGlite as plain queries. Through drizzle's query builder
 * they cost the server more CPU per vote than the database spent on them (`npm run bench:votes`).
 */

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

/** The per-IP count with this request (null: limits off), and the entry. */
export type Admitted = { hits: number | null; entry: VotableEntry | undefined };

type AdmitRow = {
  hits: number | null;
  challenge_id: string | null;
  club_id: string;
  challenge_type: string;
  voting_from: string;
  voting_to: string;
};

/**
 * The first statement of a vote: counts the request under the per-IP limit (`slot`; null = limits
 * off) and reads the entry (undefined: none, not published, or not a text/picture entry).
 */
export async function admitVote(
  db: Db,
  participationId: string,
  slot: { key: string; windowStart: Date; expiresAt: Date } | null,
): Promise<Admitted> {
  const [row] = slot
    ? await statement<AdmitRow>(db, 'votes_admit_counted', ADMIT_COUNTED, [
        participationId,
        slot.key,
        slot.windowStart.toISOString(),
        slot.expiresAt.toISOString(),
      ])
    : await statement<AdmitRow>(db, 'votes_admit_uncounted', ADMIT_UNCOUNTED, [participationId]);
  if (!row) throw new Error('the admit statement answered no row');
  return admitted(row);
}

function admitted(row: AdmitRow): Admitted {
  const entry = row.challenge_id
    ? {
        challengeId: row.challenge_id,
        clubId: row.club_id,
        challengeType: row.challenge_type,
        votingFrom: row.voting_from,
        votingTo: row.voting_to,
      }
    : undefined;
  return { hits: row.hits === null ? null : Number(row.hits), entry };
}

/** A vote request on its way to `admitVotes`: its entry and its per-IP counter (null = limits off). */
export interface VoteToAdmit {
  participationId: string;
  slot: { key: string; windowStart: Date; expiresAt: Date } | null;
}

/**
 * The first statement of several votes (a group commit, modules/votes/service.ts) in one statement
 * and one commit: each request counted under its per-IP limit as if they had come one after the
 * other in the given order (n requests of one counter answer the n counts after the earlier ones),
 * and each one's entry read. Counters are written in key order, so concurrent calls cannot
 * deadlock. When PostgreSQL refuses the statement, each request goes again alone (`admitVote`).
 */
export async function admitVotes(db: Db, items: readonly VoteToAdmit[]): Promise<(Admitted | Error)[]> {
  if (items.length === 1) {
    try {
      return [await admitVote(db, items[0]!.participationId, items[0]!.slot)];
    } catch (error) {
      return [error instanceof Error ? error : new Error(String(error))];
    }
  }
  let rows: (AdmitRow & { n: string | number })[];
  try {
    rows = await statement(db, 'votes_admit_many', ADMIT_MANY, [
      items.map((i) => i.participationId),
      items.map((i) => i.slot?.key ?? null),
      items.map((i) => i.slot?.windowStart.toISOString() ?? null),
      items.map((i) => i.slot?.expiresAt.toISOString() ?? null),
    ]);
  } catch (error) {
    if (!isStatementError(error)) throw error;
    return oneByOne(items, (item) => admitVote(db, item.participationId, item.slot));
  }
  const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
  return items.map((_, i) => {
    const row = byIndex.get(i + 1);
    return row ? admitted(row) : new Error('the admit statement answered no row for a vote');
  });
}

/** After PostgreSQL refused a batch's statement: the votes one by one, so only the one at fault fails. */
async function oneByOne<I, O>(items: readonly I[], run: (item: I) => Promise<O>): Promise<(O | Error)[]> {
  const outcomes: (O | Error)[] = [];
  for (const item of items) {
    try {
      outcomes.push(await run(item));
    } catch (single) {
      outcomes.push(single instanceof Error ? single : new Error(String(single)));
    }
  }
  return outcomes;
}

const ADMIT_MANY = `with input as (
  select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[]) with ordinality as i(participation_id, key, window_start, expires_at, n)
), per_key as (
  select key, window_start, max(expires_at) as expires_at, count(*)::int as k from input where key is not null group by key, window_start
), hit as (
  insert into rate_limit_counters (key, window_start, count, expires_at)
  select key, window_start, k, expires_at from per_key order by key, window_start
  on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
  returning key, window_start, count
), entry as (
  select p.id, p.challenge_id, p.club_id, c.object_type_id as challenge_type,
         coalesce(c.start_date_voting, c.start_date)::text as voting_from, coalesce(c.end_date_voting, c.end_date)::text as voting_to
  from participations p join challenges c on c.id = p.challenge_id
  where p.id in (select participation_id from input) and p.state = 'published'
    and p.object_type_id in ('bfv-erd-text-participation', 'bfv-erd-picture-participation')
)
select i.n,
       case when h.count is null then null
            else h.count - pk.k + row_number() over (partition by i.key, i.window_start order by i.n)::int end as hits,
       entry.challenge_id, entry.club_id, entry.challenge_type, entry.voting_from, entry.voting_to
from input i
left join hit h on h.key = i.key and h.window_start = i.window_start
left join per_key pk on pk.key = i.key and pk.window_start = i.window_start
left join entry on entry.id = i.participation_id`;

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
export async function acceptVote(
  db: Db,
  vote: NewVote,
  proof: { signature: string; expiresAt: Date } | null,
  notify: { channel: string; payload: string } | null = null,
): Promise<AcceptOutcome> {
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
    notify?.channel ?? null,
    notify?.payload ?? null,
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
), notified as (
  select pg_notify($11::text, $12::text) where $12::text is not null and exists (select from recorded)
)
select $1::text is not null and not exists (select from proof) as proof_used, (select votes from counted) as votes,
       (select count(*) from notified) as sent`;

/** A vote on its way to `acceptVotes`: the vote, its proof (null for a member's vote). */
export interface VoteToAccept {
  vote: NewVote;
  proof: { signature: string; expiresAt: Date } | null;
}

/** Errors that PostgreSQL answered for a statement (it rolled back), as against a lost connection. */
function isStatementError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);
}

/**
 * The accept path of several votes (a group commit, modules/votes/service.ts) in ONE statement and
 * one commit, with `acceptVote`'s outcome for each vote as if they had been sent one after the
 * other in the given order. The caller sends no two votes in one call that share a proof, or an
 * entry with a voter or an account (they wait for the next call), so each vote meets only earlier
 * commits. Locks are taken in one order (proofs by signature, votes by entry and voter, entries by
 * id), so concurrent calls — also of other instances — wait for each other but cannot deadlock.
 * An entry counted k times answers its k votes the k counts that include them, in the given order.
 *
 * `notify` (modules/cache: `changeNotification`) goes out with the commit when a vote was recorded.
 *
 * When PostgreSQL refuses the statement (say, an entry deleted meanwhile: its vote breaks the
 * foreign key), nothing of it happened, and each vote goes again alone (`acceptVote`), so only the
 * vote at fault fails. A lost connection fails them all (whether it committed is unknown, as for one).
 */
export async function acceptVotes(
  db: Db,
  items: readonly VoteToAccept[],
  notify: { channel: string; payload: string } | null,
): Promise<(AcceptOutcome | Error)[]> {
  if (items.length === 1) {
    try {
      return [await acceptVote(db, items[0]!.vote, items[0]!.proof, notify)];
    } catch (error) {
      return [error instanceof Error ? error : new Error(String(error))];
    }
  }
  const column = <T>(read: (item: VoteToAccept) => T) => items.map(read);
  let rows: { n: string | number; proof_used: boolean; votes: number | null }[];
  try {
    rows = await statement(db, 'votes_accept_many', ACCEPT_MANY, [
      column((i) => i.proof?.signature ?? null),
      column((i) => (i.proof ? i.proof.expiresAt.toISOString() : null)),
      column((i) => i.vote.participationId),
      column((i) => i.vote.challengeId),
      column((i) => i.vote.voterId),
      column((i) => i.vote.accountKey),
      column((i) => i.vote.accountSub),
      column((i) => i.vote.ipHash),
      column((i) => i.vote.userAgent),
      column((i) => i.vote.createdAt.toISOString()),
      notify?.channel ?? null,
      notify?.payload ?? null,
    ]);
  } catch (error) {
    if (!isStatementError(error)) throw error;
    return oneByOne(items, (item) => acceptVote(db, item.vote, item.proof, notify));
  }
  const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
  return items.map((_, i) => {
    const row = byIndex.get(i + 1);
    if (!row) return new Error('the accept statement answered no row for a vote');
    if (row.proof_used) return { kind: 'proof-used' };
    if (row.votes === null || row.votes === undefined) return { kind: 'already-voted' };
    return { kind: 'accepted', votes: Number(row.votes) };
  });
}

const ACCEPT_MANY = `with input as (
  select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
    with ordinality as i(signature, expires_at, participation_id, challenge_id, voter_id, account_key, account_sub, ip_hash, user_agent, created_at, n)
), proof as (
  insert into used_vote_proofs (signature, expires_at)
  select signature, expires_at from input where signature is not null order by signature
  on conflict do nothing
  returning signature
), recorded as (
  insert into votes (participation_id, challenge_id, voter_id, account_key, account_sub, ip_hash, user_agent, created_at)
  select participation_id, challenge_id, voter_id, account_key, account_sub, ip_hash, user_agent, created_at from input
  where signature is null or signature in (select signature from proof)
  order by participation_id, voter_id
  on conflict do nothing
  returning participation_id, voter_id
), per_entry as (
  select participation_id, count(*)::int as k from recorded group by participation_id
), locked as (
  select p.id, e.k from participations p join per_entry e on e.participation_id = p.id order by p.id for no key update of p
), counted as (
  update participations p set votes = p.votes + l.k from locked l where p.id = l.id returning p.id, p.votes
), notified as (
  select pg_notify($11::text, $12::text) where $12::text is not null and exists (select from recorded)
)
select i.n, (i.signature is not null and i.signature not in (select signature from proof)) as proof_used,
       case when r.voter_id is null then null
            else c.votes - e.k + row_number() over (partition by r.participation_id order by i.n)::int end as votes
from input i
left join recorded r on r.participation_id = i.participation_id and r.voter_id = i.voter_id
left join counted c on c.id = r.participation_id
left join per_entry e on e.participation_id = r.participation_id
cross join (select count(*) from notified) as sent`;

export async function voteCount(db: Db, participationId: string): Promise<number> {
  const [row] = await db.select({ votes: participations.votes }).from(participations).where(eq(participations.id, participationId));
  return row?.votes ?? 0;
}
