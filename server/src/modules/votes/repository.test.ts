import { eq, sql } from 'drizzle-orm';
import { participations, rateLimitCounters, usedVoteProofs, votes } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { JUNE_VOTE_DATES, seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { CHANGES_CHANNEL, changeNotification, createChangeFeed, topics } from '../cache/changes.js';
import { acceptVote, acceptVotes, admitVotes, type NewVote, type VoteToAccept } from './repository.js';

/**
 * The group-commit statements of votes (PGlite, and PostgreSQL with DATABASE_URL): several votes
 * in one statement get the outcomes they would have had one after the other — exact counts, used
 * proofs, second votes, per-IP counts — and a vote at fault fails alone.
 */

let database: TestDatabase;
const NOW = new Date('2026-06-15T10:00:00Z');
const EXPIRES = new Date('2026-06-15T10:05:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await seedYear(db);
  await seedClubs(db, 10);
  await seedChallenge(db, { id: 'text-vote', type: 'bfv-erd-text-vote', dates: JUNE_VOTE_DATES });
  for (let i = 0; i < 5; i++)
    await seedParticipation(db, {
      id: `p-${i}`,
      challengeId: 'text-vote',
      clubId: `club-${1000 + Math.floor(i / 2)}-${i % 2 ? 'w' : 'm'}`,
    });
  await seedParticipation(db, { id: 'p-pending', challengeId: 'text-vote', clubId: 'club-1003-w', state: 'pending' });
});
afterAll(() => database.destroy());

const countOf = async (id: string) => (await database.db.select().from(participations).where(eq(participations.id, id)))[0]!.votes;
const recordsOf = async (id: string) => (await database.db.select().from(votes).where(eq(votes.participationId, id))).length;

let serial = 0;
function anonymous(participationId: string, voterId = `voter-${++serial}`, signature: string | null = `sig-${++serial}`): VoteToAccept {
  const vote: NewVote = {
    participationId,
    challengeId: 'text-vote',
    voterId,
    accountKey: null,
    accountSub: null,
    ipHash: 'ip',
    userAgent: 'Firefox',
    createdAt: NOW,
  };
  return { vote, proof: signature ? { signature, expiresAt: EXPIRES } : null };
}

function member(participationId: string, accountKey: string): VoteToAccept {
  const item = anonymous(participationId, `voter-${++serial}`, null);
  return { ...item, vote: { ...item.vote, accountKey, accountSub: accountKey } };
}

test('votes of one statement: each entry counts its votes in order, used proofs and second votes are refused', async () => {
  const db = database.db;
  // Earlier, one at a time: a vote on p-1 by "voter-old", and a used proof.
  expect(await acceptVote(db, anonymous('p-1', 'voter-old').vote, { signature: 'sig-used', expiresAt: EXPIRES })).toEqual({
    kind: 'accepted',
    votes: 1,
  });
  expect(await acceptVote(db, member('p-2', 'club:club-1004-m').vote, null)).toEqual({ kind: 'accepted', votes: 1 });

  const outcomes = await acceptVotes(
    db,
    [
      anonymous('p-0'),
      anonymous('p-1'),
      anonymous('p-0'),
      anonymous('p-1', 'voter-old'), // voted for p-1 before: its proof is used up, nothing counted
      anonymous('p-0', undefined, 'sig-used'), // a used proof
      member('p-2', 'club:club-1004-m'), // the account voted for p-2 before
      member('p-2', 'club:club-1004-w'),
      anonymous('p-0'),
    ],
    null,
  );
  expect(outcomes).toEqual([
    { kind: 'accepted', votes: 1 },
    { kind: 'accepted', votes: 2 },
    { kind: 'accepted', votes: 2 },
    { kind: 'already-voted' },
    { kind: 'proof-used' },
    { kind: 'already-voted' },
    { kind: 'accepted', votes: 2 },
    { kind: 'accepted', votes: 3 },
  ]);
  expect([await countOf('p-0'), await countOf('p-1'), await countOf('p-2')]).toEqual([3, 2, 2]);
  expect([await recordsOf('p-0'), await recordsOf('p-1'), await recordsOf('p-2')]).toEqual([3, 2, 2]);
  // The proof of the refused second vote is used, as a used proof is used.
  const used = await db.select().from(usedVoteProofs);
  expect(used.length).toBe(1 + 5);
});

test('a vote that PostgreSQL refuses (its entry is gone) fails alone; the others of its statement count', async () => {
  const db = database.db;
  const before = await countOf('p-3');
  const outcomes = await acceptVotes(db, [anonymous('p-3'), anonymous('p-gone'), anonymous('p-3')], null);
  expect(outcomes[0]).toEqual({ kind: 'accepted', votes: before + 1 });
  expect(outcomes[1]).toBeInstanceOf(Error);
  expect(outcomes[2]).toEqual({ kind: 'accepted', votes: before + 2 });
  expect(await countOf('p-3')).toBe(before + 2);
  expect(await recordsOf('p-gone')).toBe(0);
});

test('concurrent statements on the same entries (in other orders) neither deadlock nor lose a vote', async () => {
  const db = database.db;
  const entries = ['p-0', 'p-1', 'p-2', 'p-3', 'p-4'];
  const before = await Promise.all(entries.map(countOf));
  const batches = Array.from({ length: 8 }, (_, b) =>
    Array.from({ length: 10 }, (_, i) => anonymous(entries[(b * 3 + i * (b % 2 ? 1 : 4)) % 5]!)),
  );
  const outcomes = (await Promise.all(batches.map((batch) => acceptVotes(db, batch, null)))).flat();
  expect(outcomes.every((o) => !(o instanceof Error) && o.kind === 'accepted')).toBe(true);
  const after = await Promise.all(entries.map(countOf));
  const perEntry = new Map<string, number[]>();
  batches.flat().forEach((item, i) => {
    const list = perEntry.get(item.vote.participationId) ?? [];
    list.push((outcomes[i] as { votes: number }).votes);
    perEntry.set(item.vote.participationId, list);
  });
  entries.forEach((id, i) => {
    const answered = perEntry.get(id) ?? [];
    expect(after[i]).toBe(before[i]! + answered.length);
    // The counts answered are exactly the counts after the earlier ones: before+1 … after.
    expect([...answered].sort((x, y) => x - y)).toEqual(Array.from({ length: answered.length }, (_, k) => before[i]! + k + 1));
  });
});

test('the notification goes out with the commit when a vote was recorded, and not otherwise', async () => {
  const db = database.db;
  const listener = createChangeFeed(database);
  await listener.start();
  try {
    const topic = [topics.entries('text-vote')];
    const sender = { db, changes: createChangeFeed(database) };
    const quiet = listener.changedAt(topic);
    // Nothing recorded (a used proof, a second vote): no notification.
    const none = changeNotification(sender, topic)!;
    expect(none.channel).toBe(CHANGES_CHANNEL);
    expect(await acceptVotes(db, [anonymous('p-4', undefined, 'sig-used'), anonymous('p-1', 'voter-old')], none)).toEqual([
      { kind: 'proof-used' },
      { kind: 'already-voted' },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(listener.changedAt(topic)).toBe(quiet);
    // Recorded: the listener learns of it.
    const note = changeNotification(sender, topic)!;
    await acceptVotes(db, [anonymous('p-4'), anonymous('p-4')], note);
    for (const started = Date.now(); listener.changedAt(topic) === quiet;) {
      if (Date.now() - started > 5000) throw new Error('no notification within 5 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await listener.stop();
  }
});

test('admission of several requests: per-IP counts in order, counters of other addresses apart, entries read', async () => {
  const db = database.db;
  const slot = (key: string) => ({ key, windowStart: new Date('2026-06-15T10:00:00Z'), expiresAt: new Date('2026-06-15T11:00:00Z') });
  await db
    .insert(rateLimitCounters)
    .values({ key: 'vote:a', windowStart: new Date('2026-06-15T10:00:00Z'), count: 5, expiresAt: new Date('2026-06-15T11:00:00Z') });
  const outcomes = await admitVotes(db, [
    { participationId: 'p-0', slot: slot('vote:a') },
    { participationId: 'p-pending', slot: slot('vote:b') },
    { participationId: 'p-1', slot: slot('vote:a') },
    { participationId: 'p-nothing', slot: slot('vote:a') },
    { participationId: 'p-2', slot: null },
  ]);
  expect(outcomes.map((o) => (o instanceof Error ? o.message : [o.hits, o.entry?.challengeId ?? null]))).toEqual([
    [6, 'text-vote'],
    [1, null],
    [7, 'text-vote'],
    [8, null],
    [null, 'text-vote'],
  ]);
  expect(outcomes[0]).toMatchObject({
    entry: { clubId: 'club-1000-m', challengeType: 'bfv-erd-text-vote', votingFrom: '2026-06-11', votingTo: '2026-06-30' },
  });
  const counters = (await db.execute(sql`select key, count from rate_limit_counters order by key`)) as unknown as { rows: unknown[] };
  expect(counters.rows).toEqual([
    { key: 'vote:a', count: 8 },
    { key: 'vote:b', count: 1 },
  ]);
});
