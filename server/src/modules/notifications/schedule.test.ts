import { and, eq, like, sql } from 'drizzle-orm';
import { challenges, clubFans, notifications, participations, publishedResults, resultVersions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox, readOutboxNow, type OutboxMail } from '../../test-support/mail.js';
import { createMember, type Member } from '../../test-support/members.js';
import {
  seedChallenge,
  seedChallenges,
  seedClubs,
  seedParticipation,
  seedPictureEntry,
  seedYear,
  voteDates,
} from '../../test-support/seed.js';
import { accountKey } from './recipients.js';
import {
  berlinAt,
  berlinHour,
  challengeOccasions,
  closingReminderAt,
  isSendingHour,
  planDueNotifications,
  votingEndsReminderAt,
} from './schedule.js';

/**
 * The time-driven notifications (issue 25) against the real app and database (PGlite, and
 * PostgreSQL with DATABASE_URL), along one season's calendar: who gets which mail when, never at
 * night, never late, once (also with two apps planning at the same moment), a moved date moves the
 * mail, a removed challenge cancels it, fans only when confirmed.
 *
 * The app's own `notify-schedule` job runs too (at boot and every 5 minutes, on the same clock):
 * the tests therefore look at the rows and mails, not at which run queued them.
 */

let t: TestApp;
let a: Member; // club-1000-m: a published entry in 'vote'
let b: Member; // club-1000-w: a pending entry in 'vote', published during voting
let c: Member; // club-1001-m: no entry

/** Berlin wall-clock time in June–August 2026 (summer time, UTC+2). */
const berlin = (day: string, time: string) => new Date(`2026-${day}T${time}:00+02:00`);

async function planAt(at: Date): Promise<number> {
  t.setNow(at);
  return planDueNotifications(t.ctx);
}

const rowsOf = (occasion: string) => t.ctx.db.select().from(notifications).where(eq(notifications.occasion, occasion));
const recipientsOf = async (occasion: string) => (await rowsOf(occasion)).map((r) => r.recipient).sort();
const rowsLike = (prefix: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(like(notifications.occasion, `${prefix}%`));

async function mailsTo(email: string, subject: string | RegExp, outbox?: OutboxMail[]): Promise<OutboxMail[]> {
  const all = outbox ?? (await readOutbox(t));
  return all.filter((m) => m.to === email && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
}

/** The plain-text part with its line breaks as spaces (paragraphs are wrapped). */
const flat = (mail: OutboxMail) => mail.text.replace(/\s+/g, ' ');

async function addFan(clubId: string, email: string, status: 'pending' | 'confirmed' | 'unsubscribed', confirmedAt: Date | null) {
  const [row] = await t.ctx.db
    .insert(clubFans)
    .values({
      clubId,
      email,
      status,
      unsubscribeToken: `tok-${email}`,
      consentTextVersion: 'test-1',
      consentedAt: new Date('2026-05-01T10:00:00Z'),
      confirmedAt,
    })
    .returning({ id: clubFans.id });
  return `fan:${row!.id}`;
}

const fans: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-05-20T10:00:00Z') });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 6);
  await seedChallenges(t.ctx.db, [
    { id: 'vote', type: 'bfv-erd-text-vote', position: 1, dates: voteDates(['2026-06-01', '2026-06-14'], ['2026-06-16', '2026-06-25']) },
    { id: 'estimate', type: 'bfv-erd-estimate', position: 2, dates: { startDate: '2026-07-01', endDate: '2026-07-10' } },
    { id: 'goals', type: 'bfv-erd-goals', position: 3, dates: { startDate: '2026-08-01', endDate: '2026-08-20' } },
  ]);
  a = await createMember(t, 'club-1000-m');
  b = await createMember(t, 'club-1000-w');
  c = await createMember(t, 'club-1001-m');
  await seedParticipation(t.ctx.db, {
    id: 'entry-a',
    challengeId: 'vote',
    clubId: 'club-1000-m',
    publishedAt: new Date('2026-06-05T10:00:00Z'),
  });
  await seedParticipation(t.ctx.db, { id: 'entry-b', challengeId: 'vote', clubId: 'club-1000-w', state: 'pending' });
  const confirmed = new Date('2026-05-10T10:00:00Z');
  fans.a1 = await addFan('club-1000-m', 'fan-a1@example.org', 'confirmed', confirmed);
  fans.a2 = await addFan('club-1000-m', 'fan-a2@example.org', 'pending', null);
  fans.a3 = await addFan('club-1000-m', 'fan-a3@example.org', 'unsubscribed', confirmed);
  fans.b1 = await addFan('club-1000-w', 'fan-b1@example.org', 'confirmed', confirmed);
  fans.c1 = await addFan('club-1001-m', 'fan-c1@example.org', 'confirmed', confirmed);
  await readOutbox(t);
}, 60_000);

afterAll(() => t?.close());

describe('times in Europe/Berlin', () => {
  test('berlinAt is the local hour in summer and winter time, across the switch', () => {
    expect(berlinAt('2026-03-28', 9).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(berlinAt('2026-03-29', 9).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(berlinAt('2026-10-25', 18).toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(berlinHour(new Date('2026-01-10T20:30:00Z'))).toBe(21);
    expect(isSendingHour(new Date('2026-01-10T19:59:00Z'))).toBe(true); // 20:59
    expect(isSendingHour(new Date('2026-01-10T20:00:00Z'))).toBe(false); // 21:00
    expect(isSendingHour(new Date('2026-07-10T05:59:00Z'))).toBe(false); // 07:59
    expect(isSendingHour(new Date('2026-07-10T06:00:00Z'))).toBe(true); // 08:00
    // NOTIFY_HOURS=0-24 (tests, other deployments): any hour.
    expect(isSendingHour(new Date('2026-07-10T01:00:00Z'), { from: 0, to: 24 })).toBe(true);
  });

  test('the reminders: 18:00 two days before entries close, 18:00 the day before voting ends', () => {
    expect(closingReminderAt('2026-06-14')).toEqual(berlin('06-12', '18:00'));
    expect(votingEndsReminderAt('2026-06-25')).toEqual(berlin('06-24', '18:00'));
    const short = challengeOccasions({
      id: 'short',
      objectTypeId: 'bfv-erd-text-vote',
      startDate: '2026-06-01',
      endDate: '2026-06-03',
      startDateSubmission: '2026-06-01',
      endDateSubmission: '2026-06-02',
      startDateVoting: '2026-06-03',
      endDateVoting: '2026-06-03',
    });
    // Too short for a closing reminder (it would come before the challenge opens) and a voting-ends one.
    expect(short.map((o) => o.occasion)).toEqual(['challenge-opens:short:2026-06-01', 'voting-opens:short:2026-06-03']);
  });
});

describe('along the season', () => {
  test('a challenge opens: at 09:00 on its first day, to every confirmed club account, once', async () => {
    await planAt(berlin('06-01', '08:55'));
    expect(await rowsOf('challenge-opens:vote:2026-06-01')).toHaveLength(0);
    await planAt(berlin('06-01', '09:00'));
    expect(await planDueNotifications(t.ctx)).toBe(0);
    await planAt(berlin('06-01', '09:05'));
    expect(await recipientsOf('challenge-opens:vote:2026-06-01')).toEqual([a, b, c].map((m) => accountKey(m.sub)).sort());
    const outbox = await readOutbox(t);
    for (const m of [a, b, c]) expect(await mailsTo(m.email, 'Neue Challenge: vote', outbox)).toHaveLength(1);
    const [mail] = await mailsTo(a.email, 'Neue Challenge: vote', outbox);
    expect(flat(mail!)).toContain('Hallo Erika,');
    expect(flat(mail!)).toContain('bis Sonntag, 14. Juni');
    expect(flat(mail!)).toMatch(/Zur Challenge: http\S+\/challenge\/vote\b/);
    expect(mail!.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/public\/notifications\/unsubscribe\?token=/m);
    // No fan hears of a challenge opening.
    expect((await rowsLike('challenge-opens:')).every((r) => r.recipient.startsWith('account:'))).toBe(true);
  });

  test('entries close in two days: 18:00 two days before, only to the clubs that have not entered', async () => {
    await planAt(berlin('06-12', '17:55'));
    expect(await rowsOf('entries-closing:vote:2026-06-14')).toHaveLength(0);
    await planAt(berlin('06-12', '18:00'));
    await planAt(berlin('06-12', '18:05'));
    // a: published entry, b: pending entry (entered all the same), c: nothing.
    expect(await recipientsOf('entries-closing:vote:2026-06-14')).toEqual([accountKey(c.sub)]);
    const [mail, ...more] = await mailsTo(c.email, /^Einsendeschluss/);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Einsendeschluss übermorgen: vote');
    expect(flat(mail!)).toContain('(Sonntag, 14. Juni) um 23:59 Uhr');
    expect(await mailsTo(a.email, /^Einsendeschluss/)).toHaveLength(0);
  });

  test("voting opens: the clubs with a published entry get 'dein Beitrag ist live', their confirmed fans 'braucht deine Stimme'", async () => {
    await planAt(berlin('06-16', '08:59'));
    expect(await rowsLike('fan-entry-live:vote:')).toHaveLength(0);
    await planAt(berlin('06-16', '09:00'));
    await planAt(berlin('06-16', '09:05'));
    expect(await recipientsOf('voting-opens:vote:2026-06-16')).toEqual([accountKey(a.sub)]);
    // Only the confirmed fan of the club whose entry is live (not pending, not unsubscribed, not other clubs).
    expect(await recipientsOf('fan-entry-live:vote:club-1000-m')).toEqual([fans.a1]);
    expect((await rowsLike('fan-entry-live:')).map((r) => r.recipient)).toEqual([fans.a1]);
    const outbox = await readOutbox(t);
    const [live] = await mailsTo(a.email, 'Euer Beitrag ist live – teile ihn', outbox);
    expect(flat(live!)).toMatch(/Beitrag ansehen und teilen: http\S+\/challenge\/vote\/entry-a\b/);
    const [fanMail, ...more] = await mailsTo('fan-a1@example.org', 'Dein Verein braucht deine Stimme', outbox);
    expect(more).toHaveLength(0);
    expect(flat(fanMail!)).toContain('Verein 0000');
    expect(flat(fanMail!)).toMatch(/Jetzt abstimmen: http\S+\/challenge\/vote\/entry-a\b/);
    expect(fanMail!.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/public\/club-fans\/unsubscribe\?token=tok-fan-a1/m);
    for (const email of ['fan-a2@example.org', 'fan-a3@example.org', 'fan-b1@example.org', 'fan-c1@example.org'])
      expect(outbox.filter((m) => m.to === email)).toHaveLength(0);
  });

  test('an entry published during voting at night: its fans hear at 08:00, the club gets no second voting-opens mail', async () => {
    t.setNow(berlin('06-17', '22:30'));
    await t.ctx.db.update(participations).set({ state: 'published', publishedAt: t.ctx.now() }).where(eq(participations.id, 'entry-b'));
    await planAt(berlin('06-17', '22:35'));
    await planAt(berlin('06-18', '07:55'));
    expect(await rowsOf('fan-entry-live:vote:club-1000-w')).toHaveLength(0);
    await planAt(berlin('06-18', '08:00'));
    await planAt(berlin('06-18', '08:05'));
    expect(await recipientsOf('fan-entry-live:vote:club-1000-w')).toEqual([fans.b1]);
    expect(await recipientsOf('voting-opens:vote:2026-06-16')).toEqual([accountKey(a.sub)]);
    expect(await mailsTo('fan-b1@example.org', 'Dein Verein braucht deine Stimme')).toHaveLength(1);
    // The first club's fans are not told again.
    expect(await mailsTo('fan-a1@example.org', 'Dein Verein braucht deine Stimme')).toHaveLength(1);
  });

  test('a moved voting end moves the reminder: the queued mails of the old date are cancelled, the new date sends its own', async () => {
    // The planner queues the reminder for the 25th and, before the mails go, an operator moves the end to the 27th.
    t.setNow(berlin('06-24', '18:00'));
    await t.ctx.db.transaction(async (tx) => {
      await planDueNotifications({ ...t.ctx, db: tx });
      expect(
        (await tx.select().from(notifications).where(eq(notifications.occasion, 'fan-voting-ends:vote:2026-06-25')))
          .map((r) => r.recipient)
          .sort(),
      ).toEqual([fans.a1, fans.b1].sort());
      await tx.update(challenges).set({ endDate: '2026-06-27', endDateVoting: '2026-06-27' }).where(eq(challenges.id, 'vote'));
    });
    await readOutbox(t);
    expect((await rowsOf('fan-voting-ends:vote:2026-06-25')).map((r) => r.skipped)).toEqual(['cancelled', 'cancelled']);
    await planAt(berlin('06-25', '18:00'));
    expect(await rowsOf('fan-voting-ends:vote:2026-06-27')).toHaveLength(0);
    await planAt(berlin('06-26', '18:00'));
    expect(await recipientsOf('fan-voting-ends:vote:2026-06-27')).toEqual([fans.a1, fans.b1].sort());
    const outbox = await readOutbox(t);
    const [mail, ...more] = await mailsTo('fan-a1@example.org', /^Abstimmung endet/, outbox);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Abstimmung endet morgen: Stimm für Verein 0000');
    expect(flat(mail!)).toContain('(Samstag, 27. Juni) um 23:59 Uhr');
    expect(await mailsTo('fan-b1@example.org', /^Abstimmung endet/, outbox)).toHaveLength(1);
    expect(await mailsTo('fan-c1@example.org', /^Abstimmung endet/, outbox)).toHaveLength(0);
  });

  test('never at night: what falls due in the evening goes the next morning', async () => {
    // The estimate opens 07-01 09:00; no run happened that day until 21:30 (the server was down).
    await planAt(berlin('07-01', '21:30'));
    await planAt(berlin('07-02', '07:55'));
    expect(await rowsOf('challenge-opens:estimate:2026-07-01')).toHaveLength(0);
    await planAt(berlin('07-02', '08:00'));
    expect(await rowsOf('challenge-opens:estimate:2026-07-01')).toHaveLength(3);
    expect(await mailsTo(c.email, 'Neue Challenge: estimate')).toHaveLength(1);
  });

  test('a challenge removed from the season cancels its queued mails and plans nothing more', async () => {
    t.setNow(berlin('07-08', '18:00'));
    await t.ctx.db.transaction(async (tx) => {
      await planDueNotifications({ ...t.ctx, db: tx });
      expect(await tx.select().from(notifications).where(eq(notifications.occasion, 'entries-closing:estimate:2026-07-10'))).toHaveLength(
        3,
      );
      await tx.delete(challenges).where(eq(challenges.id, 'estimate'));
    });
    await readOutbox(t);
    expect((await rowsOf('entries-closing:estimate:2026-07-10')).map((r) => r.skipped)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await mailsTo(c.email, /^Einsendeschluss .*estimate/)).toHaveLength(0);
  });

  test('a server down for days sends no stale mails', async () => {
    // The goals challenge opened 08-01 09:00; the first run is on 08-03 at 08:00 (more than 36 hours later).
    await planAt(berlin('08-03', '08:00'));
    expect(await rowsLike('challenge-opens:goals:')).toHaveLength(0);
    // Its closing reminder (08-18 18:00) is not sent after entries closed (08-20 23:59) either.
    await planAt(berlin('08-21', '09:00'));
    expect(await rowsLike('entries-closing:goals:')).toHaveLength(0);
  });

  test('the season ends: once all results are published, each club in the overall table hears its final place, at a day hour', async () => {
    const club = (id: string, clubname: string) => ({
      _id: id,
      clubname,
      clubnumber: id.slice(5, 9),
      team: 'Herren' as never,
    });
    const publish = async (kind: 'challenge' | 'overall', key: string, rows: unknown[], at: Date, version = 1) => {
      const values = {
        kind,
        key,
        yearId: 'year-seed',
        version,
        rows: rows as never,
        etag: `"${key}"`,
        publishedAt: at,
      };
      await t.ctx.db
        .insert(publishedResults)
        .values({ ...values, body: JSON.stringify(rows) })
        .onConflictDoUpdate({
          target: [publishedResults.kind, publishedResults.key],
          set: {
            rows: rows as never,
            body: JSON.stringify(rows),
            publishedAt: at,
          },
        });
      await t.ctx.db.insert(resultVersions).values({ ...values, rules: {} as never, actor: 'test' });
    };
    const overall = [
      { club: club('club-1000-m', 'Verein 0000'), points: 30, place: 1 },
      { club: club('club-1001-m', 'Verein 0001'), points: 10, place: 2 },
    ];
    await publish('challenge', 'vote', overall, berlin('07-01', '10:00'));
    await publish('overall', 'year-seed', overall, berlin('07-01', '10:00'));
    await planAt(berlin('08-21', '10:00'));
    expect(await rowsLike('season-end:')).toHaveLength(0); // goals not yet published
    await publish('challenge', 'goals', [], berlin('08-22', '21:30'));
    await publish('overall', 'year-seed', overall, berlin('08-22', '21:30'), 2);
    await planAt(berlin('08-22', '21:35'));
    await planAt(berlin('08-23', '07:55'));
    expect(await rowsLike('season-end:')).toHaveLength(0);
    await planAt(berlin('08-23', '08:00'));
    await planAt(berlin('08-23', '08:05'));
    // b's club has no points: it is not in the table.
    expect(await recipientsOf('season-end:year-seed')).toEqual([a, c].map((m) => accountKey(m.sub)).sort());
    const outbox = await readOutbox(t);
    const [mail, ...more] = await mailsTo(a.email, /^Saisonende/, outbox);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Saisonende: Platz 1 für Verein 0000');
    expect(flat(mail!)).toContain('Platz 1 von 2');
    expect(flat(mail!)).toMatch(/Zur Gesamttabelle: http\S+\/tabelle\b/);
    expect((await mailsTo(c.email, /^Saisonende/, outbox))[0]!.subject).toBe('Saisonende: Platz 2 für Verein 0001');
  });
});

describe('two apps on one database', () => {
  test('planning at the same moment from two instances (and twice each) queues and sends each mail once', async () => {
    await seedChallenge(t.ctx.db, {
      id: 'extra',
      type: 'bfv-erd-picture-vote',
      position: 4,
      dates: voteDates(['2026-09-01', '2026-09-10'], ['2026-09-12', '2026-09-30']),
    });
    await seedPictureEntry(t.ctx.db, {
      id: 'entry-extra-a',
      challengeId: 'extra',
      clubId: 'club-1000-m',
      publishedAt: new Date('2026-09-05T10:00:00Z'),
    });
    await seedPictureEntry(t.ctx.db, {
      id: 'entry-extra-c',
      challengeId: 'extra',
      clubId: 'club-1001-m',
      publishedAt: new Date('2026-09-05T10:00:00Z'),
    });
    const other = await createTestApp({ database: t.database });
    try {
      t.setNow(berlin('09-01', '09:00'));
      await Promise.all([
        planDueNotifications(t.ctx),
        planDueNotifications(other.ctx),
        planDueNotifications(t.ctx),
        planDueNotifications(other.ctx),
      ]);
      await t.drainMail();
      t.setNow(berlin('09-12', '09:00'));
      await Promise.all([
        planDueNotifications(t.ctx),
        planDueNotifications(other.ctx),
        planDueNotifications(t.ctx),
        planDueNotifications(other.ctx),
      ]);
      expect(await recipientsOf('challenge-opens:extra:2026-09-01')).toEqual([a, b, c].map((m) => accountKey(m.sub)).sort());
      expect(await recipientsOf('voting-opens:extra:2026-09-12')).toEqual([a, c].map((m) => accountKey(m.sub)).sort());
      expect((await rowsLike('fan-entry-live:extra:')).map((r) => r.recipient).sort()).toEqual([fans.a1, fans.c1].sort());
      await other.drainMail();
      const outbox = [...(await readOutbox(t)), ...readOutboxNow(other.dataDir)];
      for (const m of [a, b, c]) expect(await mailsTo(m.email, 'Neue Challenge: extra', outbox)).toHaveLength(1);
      for (const m of [a, c])
        expect(outbox.filter((mail) => mail.to === m.email && mail.text.includes('/challenge/extra/'))).toHaveLength(1);
      for (const email of ['fan-a1@example.org', 'fan-c1@example.org'])
        expect(outbox.filter((mail) => mail.to === email && mail.text.includes('/challenge/extra/'))).toHaveLength(1);
      const [dupes] = (
        (await t.ctx.db.execute(
          sql`SELECT count(*)::int AS n FROM (SELECT occasion, recipient FROM notifications GROUP BY 1, 2 HAVING count(*) > 1) d`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(Number(dupes!.n)).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('unconfirmed fans never get mail', async () => {
    const unconfirmed = (
      await t.ctx.db
        .select()
        .from(notifications)
        .where(and(like(notifications.recipient, 'fan:%')))
    ).filter((r) => [fans.a2, fans.a3].includes(r.recipient));
    expect(unconfirmed).toHaveLength(0);
  });
});

describe('withdrawn challenges (issue 26)', () => {
  test('a withdrawn challenge: its queued mails are skipped when they would go, nothing more is planned; restored, it is planned again', async () => {
    await seedChallenge(t.ctx.db, {
      id: 'pulled',
      type: 'bfv-erd-text-vote',
      position: 5,
      dates: voteDates(['2026-10-01', '2026-10-10'], ['2026-10-12', '2026-10-31']),
    });
    const withdraw = (db: typeof t.ctx.db, at: Date | null) =>
      db
        .update(challenges)
        .set({ withdrawnAt: at, withdrawnReason: at ? 'Sponsor abgesprungen' : null })
        .where(eq(challenges.id, 'pulled'));
    t.setNow(new Date('2026-10-01T09:00:00+02:00'));
    await t.ctx.db.transaction(async (tx) => {
      await planDueNotifications({ ...t.ctx, db: tx });
      expect(await tx.select().from(notifications).where(eq(notifications.occasion, 'challenge-opens:pulled:2026-10-01'))).toHaveLength(3);
      await withdraw(tx, new Date('2026-10-01T07:00:00Z'));
    });
    const outbox = await readOutbox(t);
    expect((await rowsOf('challenge-opens:pulled:2026-10-01')).map((r) => r.skipped)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await mailsTo(c.email, 'Neue Challenge: pulled', outbox)).toHaveLength(0);

    // Still withdrawn when its entries-closing reminder is due: not planned.
    await planAt(new Date('2026-10-08T18:00:00+02:00'));
    expect(await rowsOf('entries-closing:pulled:2026-10-10')).toHaveLength(0);

    // Put back: the next run plans it (the reminder is still within its time).
    await withdraw(t.ctx.db, null);
    await planAt(new Date('2026-10-08T18:05:00+02:00'));
    expect(await recipientsOf('entries-closing:pulled:2026-10-10')).toEqual([a, b, c].map((m) => accountKey(m.sub)).sort());
    expect(await mailsTo(c.email, /^Einsendeschluss .*pulled/)).toHaveLength(1);
  });
});
