import { eq, sql } from 'drizzle-orm';
import { participations, reachCounts } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedParticipation, seedYear } from '../../test-support/seed.js';
import { addCounts, channelTotals, entryTotals, reportRows, type ReachIncrement } from './repository.js';

/**
 * The reach counts' statement (PGlite, and PostgreSQL with DATABASE_URL): one atomic upsert per
 * key, exact under parallel statements (on PostgreSQL they run on the pool's separate connections),
 * only public targets counted, the club of an entry taken from the entry, counts of one key in one
 * statement summed; the report's queries.
 */

let database: TestDatabase;
const DAY = '2026-06-15';

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await seedYear(db);
  await seedClubs(db, 6);
  await seedChallenge(db, { id: 'text-vote', type: 'bfv-erd-text-vote', position: 1 });
  await seedChallenge(db, { id: 'estimate', type: 'bfv-erd-estimate', position: 2 });
  await seedParticipation(db, { id: 'p-a', challengeId: 'text-vote', clubId: 'club-1000-m' });
  await seedParticipation(db, { id: 'p-b', challengeId: 'text-vote', clubId: 'club-1000-w' });
  await seedParticipation(db, { id: 'p-pending', challengeId: 'text-vote', clubId: 'club-1001-m', state: 'pending' });
  await seedEstimateEntry(db, { id: 'p-estimate', challengeId: 'estimate', clubId: 'club-1001-m', estimate: 3 });
});
afterAll(() => database.destroy());

beforeEach(async () => {
  await database.db.delete(reachCounts);
});

const entry = (participationId: string, challengeId = 'text-vote') => ({ kind: 'entry' as const, challengeId, participationId });
const club = (clubId: string) => ({ kind: 'club' as const, clubId });
const inc = (
  target: ReachIncrement['target'],
  counter: ReachIncrement['counter'] = 'visits',
  channel: ReachIncrement['channel'] = 'whatsapp',
  day = DAY,
): ReachIncrement => ({
  day,
  target,
  channel,
  counter,
});
const all = () =>
  database.db.select().from(reachCounts).orderBy(reachCounts.day, reachCounts.kind, reachCounts.clubId, reachCounts.channel);

test('50 parallel increments of one key are exactly 50 (one atomic upsert each)', async () => {
  const results = await Promise.all(Array.from({ length: 50 }, () => addCounts(database.db, [inc(entry('p-a'))])));
  expect(results.flat()).toEqual(Array(50).fill(true));
  expect(await all()).toEqual([
    {
      day: DAY,
      kind: 'entry',
      challengeId: 'text-vote',
      participationId: 'p-a',
      clubId: 'club-1000-m',
      channel: 'whatsapp',
      previews: 0,
      visits: 50,
      votes: 0,
    },
  ]);
});

test('parallel increments of a club page (null challenge and entry in the key) are exact too, one row', async () => {
  await Promise.all(
    Array.from({ length: 30 }, (_, i) => addCounts(database.db, [inc(club('club-1002-m'), i % 3 === 0 ? 'previews' : 'visits', 'qr')])),
  );
  expect(await all()).toEqual([
    {
      day: DAY,
      kind: 'club',
      challengeId: null,
      participationId: null,
      clubId: 'club-1002-m',
      channel: 'qr',
      previews: 10,
      visits: 20,
      votes: 0,
    },
  ]);
});

test('one statement: keys summed, counters apart, channels and days apart; each item answers whether it counted', async () => {
  const items = [
    inc(entry('p-a'), 'previews', 'direct'),
    inc(entry('p-a'), 'previews', 'direct'),
    inc(entry('p-a'), 'visits', 'whatsapp'),
    inc(entry('p-a'), 'votes', 'whatsapp'),
    inc(entry('p-a'), 'votes', 'whatsapp', '2026-06-16'),
    inc(entry('p-b'), 'visits', 'story'),
    inc(club('club-1000-m'), 'visits', 'copy'),
    inc(entry('p-pending')),
    inc(entry('p-estimate', 'estimate')),
    inc(entry('p-a', 'estimate')),
    inc(entry('p-unknown')),
    inc(club('club-unknown')),
  ];
  expect(await addCounts(database.db, items)).toEqual([true, true, true, true, true, true, true, false, false, false, false, false]);
  const rows = (await all()).map((r) => [r.day, r.kind, r.participationId ?? r.clubId, r.channel, r.previews, r.visits, r.votes]);
  expect(rows).toEqual([
    [DAY, 'club', 'club-1000-m', 'copy', 0, 1, 0],
    [DAY, 'entry', 'p-a', 'direct', 2, 0, 0],
    [DAY, 'entry', 'p-a', 'whatsapp', 0, 1, 1],
    [DAY, 'entry', 'p-b', 'story', 0, 1, 0],
    ['2026-06-16', 'entry', 'p-a', 'whatsapp', 0, 0, 1],
  ]);
  // The second statement adds to the same rows.
  await addCounts(database.db, [inc(entry('p-a'), 'visits', 'whatsapp'), inc(club('club-1000-m'), 'visits', 'copy')]);
  const again = await all();
  expect(again.find((r) => r.participationId === 'p-a' && r.channel === 'whatsapp' && r.day === DAY)).toMatchObject({
    visits: 2,
    votes: 1,
  });
  expect(again.find((r) => r.kind === 'club')).toMatchObject({ visits: 2 });
});

test('a parallel mix over several keys: every key exact, no deadlock', async () => {
  const keys = [entry('p-a'), entry('p-b'), club('club-1000-m'), club('club-1002-w')];
  const batches = Array.from({ length: 40 }, (_, i) => {
    // Batches name the keys in different orders; the statement writes them in key order.
    const order = i % 2 ? [...keys].reverse() : keys;
    return order.map((target) => inc(target, 'visits', 'share'));
  });
  await Promise.all(batches.map((items) => addCounts(database.db, items)));
  const rows = await all();
  expect(rows).toHaveLength(4);
  expect(rows.map((r) => r.visits)).toEqual([40, 40, 40, 40]);
});

test('the rows go with their entry (a rejected entry is deleted)', async () => {
  await seedParticipation(database.db, { id: 'p-gone', challengeId: 'text-vote', clubId: 'club-1002-m' });
  await addCounts(database.db, [inc(entry('p-gone'))]);
  expect(await all()).toHaveLength(1);
  await database.db.delete(participations).where(eq(participations.id, 'p-gone'));
  expect(await all()).toEqual([]);
});

test('the table refuses rows that break its rules', async () => {
  const insert = (values: string) =>
    database.db.execute(
      sql.raw(`insert into reach_counts (day, kind, challenge_id, participation_id, club_id, channel, visits) values ${values}`),
    );
  await expect(insert(`('${DAY}', 'club', 'text-vote', null, 'club-1000-m', 'qr', 1)`)).rejects.toThrow();
  await expect(insert(`('${DAY}', 'entry', 'text-vote', null, 'club-1000-m', 'qr', 1)`)).rejects.toThrow();
  await expect(insert(`('${DAY}', 'club', null, null, 'club-1000-m', 'telegram', 1)`)).rejects.toThrow();
  await expect(insert(`('${DAY}', 'club', null, null, 'club-1000-m', 'qr', -1)`)).rejects.toThrow();
  await insert(`('${DAY}', 'club', null, null, 'club-1000-m', 'qr', 1)`);
  // The unique key treats the missing challenge and entry as '' (NULLs would all be distinct).
  await expect(insert(`('${DAY}', 'club', null, null, 'club-1000-m', 'qr', 1)`)).rejects.toThrow();
});

test('report rows, totals per channel, and an entry’s totals', async () => {
  await addCounts(database.db, [
    inc(entry('p-a'), 'previews', 'direct', '2026-06-14'),
    inc(entry('p-a'), 'visits', 'whatsapp', '2026-06-14'),
    inc(entry('p-a'), 'votes', 'whatsapp', '2026-06-15'),
    inc(entry('p-b'), 'visits', 'qr', '2026-06-15'),
    inc(club('club-1000-m'), 'visits', 'qr', '2026-06-16'),
  ]);
  const rows = await reportRows(database.db, {}, 100);
  expect(rows.map((r) => [r.day, r.challengeTitle, r.participationId, r.clubName, r.team, r.channel])).toEqual([
    ['2026-06-16', null, null, 'Verein 0000', 'm', 'qr'],
    ['2026-06-15', 'text-vote', 'p-a', 'Verein 0000', 'm', 'whatsapp'],
    ['2026-06-15', 'text-vote', 'p-b', 'Verein 0000', 'w', 'qr'],
    ['2026-06-14', 'text-vote', 'p-a', 'Verein 0000', 'm', 'direct'],
    ['2026-06-14', 'text-vote', 'p-a', 'Verein 0000', 'm', 'whatsapp'],
  ]);
  expect(await reportRows(database.db, {}, 2)).toHaveLength(2);
  expect(
    (await reportRows(database.db, { challengeId: 'text-vote', from: '2026-06-15', to: '2026-06-15' }, 100)).map((r) => r.participationId),
  ).toEqual(['p-a', 'p-b']);
  expect((await reportRows(database.db, { clubId: 'club-1000-m' }, 100)).map((r) => r.day)).toEqual([
    '2026-06-16',
    '2026-06-15',
    '2026-06-14',
    '2026-06-14',
  ]);

  const totals = await channelTotals(database.db, { to: '2026-06-15' });
  expect(totals.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
    { channel: 'direct', previews: 1, visits: 0, votes: 0, rows: 1 },
    { channel: 'qr', previews: 0, visits: 1, votes: 0, rows: 1 },
    { channel: 'whatsapp', previews: 0, visits: 1, votes: 1, rows: 2 },
  ]);
  expect(await entryTotals(database.db, 'club-1000-m', 'text-vote')).toEqual({ visits: 1, votes: 1 });
  expect(await entryTotals(database.db, 'club-1005-w', 'text-vote')).toEqual({ visits: 0, votes: 0 });
});
