import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RemoveVotesResultDto } from '@erd/shared-contracts/wire';
import type { RemoveEntryVotesResultDto } from '@erd/shared-contracts/backoffice';
import { moderationLog, participations, votes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { JUNE_VOTE_DATES, seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { operatorCall, operatorSessions } from '../../test-support/operators.js';
import { acceptVotes, type VoteToAccept } from '../votes/repository.js';

/**
 * Every path that takes votes out of a count or puts them in — the vote review's removal, the
 * moderation's `/api/operator/votes/remove` (one vote list over several entries), the acceptance of
 * new votes and the withdrawal of an entry — run side by side over the same entries and the same
 * votes, many rounds: on PostgreSQL they used to deadlock (40P01: 500, the removal lost). Each
 * round: no 500, every vote asked for is removed, each removal counted once (answers and audit
 * rows), every count exact. The same on PGlite (one connection: the paths take turns).
 */

let t: TestApp;
let admin: string;
let moderator: string;
const NOW = new Date('2026-06-15T10:00:20Z');
const ENTRIES = ['p-a', 'p-b', 'p-c'] as const;
const PER_ENTRY = 12;
const ROUNDS = 12;

const post = (url: string, session: string, payload: Record<string, unknown>) => operatorCall(t.app, 'POST', url, session, payload);

/** `PER_ENTRY` counted votes per entry (address hashes h0, h1, h2 in turn), the counts in step; their ids per entry in order. */
async function addVotes(round: number, entries: readonly string[]): Promise<Record<string, number[]>> {
  const ids: Record<string, number[]> = {};
  for (const entry of entries) {
    const rows = await t.ctx.db
      .insert(votes)
      .values(
        Array.from({ length: PER_ENTRY }, (_, i) => ({
          participationId: entry,
          challengeId: 'text-vote',
          voterId: `r${round}-${entry}-${i}`,
          ipHash: `h${i % 3}`,
          createdAt: NOW,
        })),
      )
      .returning({ id: votes.id });
    ids[entry] = rows.map((r) => r.id).sort((a, b) => a - b);
    await t.ctx.db
      .update(participations)
      .set({ votes: sql`${participations.votes} + ${PER_ENTRY}` })
      .where(eq(participations.id, entry));
  }
  return ids;
}

function newVote(round: number, entry: string, i: number): VoteToAccept {
  return {
    vote: {
      participationId: entry,
      challengeId: 'text-vote',
      voterId: `r${round}-new-${entry}-${i}`,
      accountKey: null,
      accountSub: null,
      ipHash: 'fresh',
      userAgent: null,
      createdAt: NOW,
    },
    proof: {
      signature: `sig-${round}-${entry}-${i}`,
      expiresAt: new Date(NOW.getTime() + 3_600_000),
    },
  };
}

/** Each entry's count against its counted vote records. */
async function countsAndRecords(entries: readonly string[]): Promise<{ id: string; votes: number; counted: number }[]> {
  const rows = (await t.ctx.db.execute(
    sql`select p.id, p.votes, (select count(*)::int from votes v where v.participation_id = p.id and v.removed_at is null) as counted
        from participations p where p.id in (${sql.join(
          entries.map((e) => sql`${e}`),
          sql`, `,
        )}) order by p.id`,
  )) as unknown as { rows: { id: string; votes: number; counted: number }[] };
  return rows.rows.map((r) => ({
    id: r.id,
    votes: Number(r.votes),
    counted: Number(r.counted),
  }));
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 6);
  await seedChallenge(db, { id: 'text-vote', position: 1, dates: JUNE_VOTE_DATES });
  await seedParticipation(db, { id: 'p-a', challengeId: 'text-vote', clubId: 'club-1000-m' });
  await seedParticipation(db, { id: 'p-b', challengeId: 'text-vote', clubId: 'club-1000-w' });
  await seedParticipation(db, { id: 'p-c', challengeId: 'text-vote', clubId: 'club-1001-m' });
  ({ admin, moderator } = await operatorSessions(t));
}, 120_000);

afterAll(async () => {
  await t.close();
});

test(`both removal endpoints, new votes and a withdrawal over the same votes, ${ROUNDS} rounds: no 500, nothing lost, counts exact`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    // A fourth entry per round, withdrawn (its votes go with it) while its votes are being removed.
    const doomed = `p-w${round}`;
    await seedParticipation(t.ctx.db, { id: doomed, challengeId: 'text-vote', clubId: 'club-1001-w' });
    const ids = await addVotes(round, [...ENTRIES, doomed]);
    const [a, b, c, w] = [ids['p-a']!, ids['p-b']!, ids['p-c']!, ids[doomed]!];
    const [{ lastLog }] = await t.ctx.db
      .select({
        lastLog: sql<number>`coalesce(max(${moderationLog.id}), 0)`.mapWith(Number),
      })
      .from(moderationLog);
    const review = (entry: string, session: string, selection: Record<string, unknown>) =>
      post(`/api/operator/vote-review/entries/${entry}/remove`, session, {
        ...selection,
        reason: `Runde ${round}`,
      });
    const bulk = (session: string, list: number[]) =>
      post('/api/operator/votes/remove', session, {
        ids: list,
        reason: `Runde ${round} (Liste)`,
      });
    // Overlapping selections, the lists in different entry orders.
    const requests = [
      review('p-a', admin, { ids: a.slice(0, 6) }),
      review('p-b', moderator, { ipHash: 'h0' }),
      bulk(admin, [...c.slice(2, 8), ...b.slice(0, 6), ...a.slice(3, 9), ...w.slice(0, 4)]),
      review('p-c', moderator, { ids: c.slice(0, 4) }),
      bulk(moderator, [...a.slice(8), ...w.slice(4, 8), ...b.slice(6)]),
      review('p-a', moderator, { ipHash: 'h1' }),
      bulk(admin, [...b.slice(3, 9), ...c.slice(6)].reverse()),
      review(doomed, admin, { ipHash: 'h2' }),
      post('/api/operator/moderation/decisions', admin, {
        decision: 'withdraw',
        ids: [doomed],
        checklist: {
          minors: true,
          traffic: true,
          performance: true,
          excess: false,
        },
        reason: `Runde ${round}: zurückgezogen`,
      }),
    ];
    const accepted = Promise.all([
      acceptVotes(t.ctx.db, [newVote(round, 'p-c', 0), newVote(round, 'p-a', 0), newVote(round, 'p-b', 0)], null),
      acceptVotes(t.ctx.db, [newVote(round, 'p-b', 1), newVote(round, 'p-c', 1), newVote(round, 'p-a', 1)], null),
    ]);
    const answers = await Promise.all(requests);
    // The withdrawn entry's review may come after the withdrawal: then there is nothing to review (404).
    answers.forEach((res, i) =>
      expect([res.statusCode, res.statusCode === 200 || (i === 7 && res.statusCode === 404) ? '' : res.body]).toEqual([
        i === 7 && res.statusCode === 404 ? 404 : 200,
        '',
      ]),
    );
    expect(answers[8]!.json()).toMatchObject({
      items: [{ id: doomed, outcome: 'withdrawn' }],
    });
    const outcomes = (await accepted).flat();
    expect(outcomes.every((o) => !(o instanceof Error) && o.kind === 'accepted')).toBe(true);

    // Every vote asked for is removed (the withdrawn entry's are gone with it).
    const asked = [...a, ...b, ...c];
    const stillCounted = await t.ctx.db
      .select({ id: votes.id })
      .from(votes)
      .where(and(inArray(votes.id, asked), isNull(votes.removedAt)));
    expect(stillCounted).toEqual([]);
    // Each removal counted once: in the answers and in the audit log, exactly the votes removed this round.
    const removedNow = (
      await t.ctx.db
        .select({ id: votes.id })
        .from(votes)
        .where(and(inArray(votes.id, [...a, ...b, ...c]), sql`${votes.removedAt} is not null`))
    ).length;
    const newLogRows = await t.ctx.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'remove-votes'), gt(moderationLog.id, lastLog!), ne(moderationLog.participationId, doomed)));
    const logged = newLogRows.reduce((sum, row) => sum + Number((row.details as { removed: number }).removed), 0);
    expect(logged).toBe(removedNow);
    // The review's answers (the withdrawn entry's aside) and the list removal's audit rows add up to the same.
    const reviewed = [0, 1, 3, 5].reduce((sum, i) => sum + answers[i]!.json<RemoveEntryVotesResultDto>().removed, 0);
    const listed = newLogRows
      .filter((row) => (row.reason ?? '').includes('(Liste)'))
      .reduce((sum, row) => sum + Number((row.details as { removed: number }).removed), 0);
    expect(reviewed + listed).toBe(removedNow);
    const listAnswers = [2, 4, 6].map((i) => answers[i]!.json<RemoveVotesResultDto>());
    expect(listAnswers.reduce((sum, res) => sum + res.participations.filter((p) => p.id !== doomed).length, 0)).toBe(
      newLogRows.filter((row) => (row.reason ?? '').includes('(Liste)')).length,
    );
    // Every count is exact: the counted records, new votes included.
    for (const row of await countsAndRecords(ENTRIES))
      expect(row).toEqual({
        id: row.id,
        votes: row.counted,
        counted: row.counted,
      });
    expect((await t.ctx.db.select().from(participations).where(eq(participations.id, doomed))).length).toBe(0);
  }
}, 300_000);
