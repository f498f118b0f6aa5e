import { and, eq, like } from 'drizzle-orm';
import { notifications, participations, profiles, votes } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { readOutbox, type OutboxMail } from '../../../test-support/mail.js';
import { createMember, memberHeaders, type Member } from '../../../test-support/members.js';
import { seedChallenge, seedClubs, seedParticipation, seedVotes, seedYear, voteDates } from '../../../test-support/seed.js';
import { decideParticipations } from '../../moderation/decisions.js';
import { publishParticipation, rejectParticipation, removeVotes } from '../../moderation/service.js';
import { removeEntryVotes } from '../../votes-admin/service.js';
import { TEMPLATES } from '../templates/index.js';
import { notifyEntryPublished, notifyEntryReceived, notifyEntryRejected } from './entries.js';

/**
 * The mails about a club's own entry (issue 25), through the real calls that cause them, on PGlite
 * and (DATABASE_URL) PostgreSQL: who gets which mail, once per entry or removal; a club without an
 * account and an account that switched 'entries' off get none.
 */

let t: TestApp;
let a: Member;
let off: Member;
const NOW = new Date('2026-06-15T10:00:00Z');
const ACTOR = { operatorId: null, name: 'cli:test' };
const CHECKLIST = { minors: true, traffic: true, performance: true, excess: true };
const NO_ACCOUNT = 'club-1001-m';

/** The plain-text part of a mail (decoded). */
const textPart = (mail: OutboxMail): string =>
  /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n----_/.exec(mail.text.replace(/\r\n/g, '\n'))?.[1] ?? '';
/** The text with its line breaks (wrapped at 72 characters) as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The notification mails (they carry List-Unsubscribe; the sign-up's code mail does not) to a member, `text` = the plain-text part. */
const mailsTo = async (member: Member, subject: string | RegExp = /./): Promise<OutboxMail[]> =>
  (await readOutbox(t))
    .filter(
      (m) =>
        m.to === member.email &&
        /^List-Unsubscribe:/m.test(m.raw) &&
        (typeof subject === 'string' ? m.subject.startsWith(subject) : subject.test(m.subject)),
    )
    .map((m) => ({ ...m, text: textPart(m) }));
const rowsFor = (occasionPrefix: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(like(notifications.occasion, `${occasionPrefix}%`));
const put = (challengeId: string, payload: Record<string, unknown>, member: Member) =>
  t.app.inject({ method: 'PUT', url: `/api/challenge/particpation/${challengeId}`, headers: memberHeaders(member), payload });

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 6);
  await seedChallenge(db, { id: 'est', type: 'bfv-erd-estimate', dates: { startDate: '2026-06-01', endDate: '2026-06-30' } });
  const vote = (id: string, submission: [string, string], voting: [string, string]) =>
    seedChallenge(db, { id, dates: voteDates(submission, voting) });
  await vote('text-submit', ['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']);
  await vote('text-voting', ['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']);
  await vote('text-late', ['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']);
  a = await createMember(t, 'club-1000-m');
  off = await createMember(t, 'club-1000-w');
  await db
    .update(profiles)
    .set({ notificationsOff: ['entries'] })
    .where(eq(profiles.sub, off.sub));
}, 120_000);

afterAll(() => t?.close());

describe('entry received', () => {
  test('the first save of an estimate mails the club once; changing it mails nothing more', async () => {
    expect((await put('est', { estimate: 4500 }, a)).statusCode).toBe(200);
    expect((await put('est', { estimate: 4600 }, a)).statusCode).toBe(200);
    const mails = await mailsTo(a, 'Euer Beitrag ist eingegangen – est');
    expect(mails).toHaveLength(1);
    // The entry as it is when the mail goes (the worker may have sent it before the change).
    expect(mails[0]!.text).toMatch(/^Eure Antwort: 4\.[56]00$/m);
    expect(flat(mails[0]!.text)).toContain('Bis zum Ende der Challenge kannst du eure Antwort noch ändern');
    expect(await rowsFor('entry-received:')).toHaveLength(1);
  });

  test('a slogan: the mail says it is checked first; an account with the kind switched off gets nothing', async () => {
    expect((await put('text-submit', { slogan: 'Wir sind die Elf vom Dorf' }, a)).statusCode).toBe(200);
    expect((await put('text-submit', { slogan: 'Wir auch' }, off)).statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(a, 'Euer Beitrag ist eingegangen – text-submit');
    expect(more).toHaveLength(0);
    expect(flat(mail!.text)).toContain('Unser Team schaut ihn sich kurz an');
    expect(await mailsTo(off)).toHaveLength(0);
  });

  test('a club without an account: nothing is queued; the trigger run twice queues one row', async () => {
    const entry = { id: 'p-no-account', challengeId: 'est', clubId: NO_ACCOUNT };
    expect(await notifyEntryReceived(t.ctx, t.ctx.db, entry)).toBe(0);
    const own = { id: 'p-twice', challengeId: 'est', clubId: a.clubId };
    expect(await t.ctx.db.transaction((tx) => notifyEntryReceived(t.ctx, tx, own))).toBe(1);
    expect(await t.ctx.db.transaction((tx) => notifyEntryReceived(t.ctx, tx, own))).toBe(0);
  });

  test('the command line has no job queue: nothing is queued, and nothing fails', async () => {
    const cli = { db: t.ctx.db, log: t.ctx.log };
    expect(await notifyEntryReceived(cli, t.ctx.db, { id: 'p-cli', challengeId: 'est', clubId: a.clubId })).toBe(0);
  });
});

describe('entry published', () => {
  test('publishing mails the club the link to its entry page and when voting starts; a second publish changes nothing', async () => {
    const own = (await t.app.inject({ url: '/api/challenge/particpation/text-submit', headers: memberHeaders(a) })).json<{ _id: string }>();
    await publishParticipation({ ctx: t.ctx, input: { id: own._id, actor: ACTOR } });
    await expect(publishParticipation({ ctx: t.ctx, input: { id: own._id, actor: ACTOR } })).rejects.toMatchObject({ code: 'NotPending' });
    const mails = await mailsTo(a, 'Euer Beitrag ist online – text-submit');
    expect(mails).toHaveLength(1);
    expect(flat(mails[0]!.text)).toContain(`/challenge/text-submit/${own._id}`);
    expect(flat(mails[0]!.text)).toContain('Die Abstimmung startet am 21. Juni');
    expect(flat(mails[0]!.text)).toContain('Beitrag ansehen und teilen');
  });

  test('published through the back office while voting runs: the mail says voting runs; no account, no mail', async () => {
    await seedParticipation(t.ctx.db, { id: 'p-voting-a', challengeId: 'text-voting', clubId: a.clubId, state: 'pending' });
    await seedParticipation(t.ctx.db, { id: 'p-voting-none', challengeId: 'text-voting', clubId: NO_ACCOUNT, state: 'pending' });
    const result = await decideParticipations({
      ctx: t.ctx,
      input: { body: { decision: 'publish', ids: ['p-voting-a', 'p-voting-none'], checklist: CHECKLIST }, actor: ACTOR },
    });
    expect(result.done).toBe(2);
    const [mail, ...more] = await mailsTo(a, 'Euer Beitrag ist online – text-voting');
    expect(more).toHaveLength(0);
    expect(flat(mail!.text)).toContain('Die Abstimmung läuft schon, bis einschließlich 30. Juni');
    expect(await rowsFor('entry-published:p-voting-a')).toHaveLength(1);
    expect(await rowsFor('entry-published:p-voting-none')).toHaveLength(0);
  });
});

describe('entry rejected', () => {
  test('after the submission window: the reason, and that this challenge is over for them', async () => {
    await seedParticipation(t.ctx.db, {
      id: 'p-late',
      challengeId: 'text-late',
      clubId: a.clubId,
      state: 'pending',
      slogan: 'Zu spät, aber herzlich',
    });
    await rejectParticipation({ ctx: t.ctx, input: { id: 'p-late', reason: 'Enthält Werbung für eine Brauerei.', actor: ACTOR } });
    const [mail, ...more] = await mailsTo(a, 'Euer Beitrag wurde nicht freigegeben – text-late');
    expect(more).toHaveLength(0);
    expect(flat(mail!.text)).toContain('Enthält Werbung für eine Brauerei.');
    expect(flat(mail!.text)).toContain('Zu spät, aber herzlich');
    expect(flat(mail!.text)).toContain('Die Einreichung für diese Challenge ist vorbei');
    expect(flat(mail!.text)).toContain('Zu den Challenges');
    // The entry is gone: the trigger run again (a retried transaction) queues nothing more.
    expect(await notifyEntryRejected(t.ctx, t.ctx.db, { id: 'p-late', challengeId: 'text-late', clubId: a.clubId, reason: 'x' })).toBe(0);
  });

  test('withdrawn in the back office while submission is open: until when a new entry can be sent, with the button', async () => {
    const own = (await t.app.inject({ url: '/api/challenge/particpation/text-submit', headers: memberHeaders(a) })).json<{ _id: string }>();
    const result = await decideParticipations({
      ctx: t.ctx,
      input: {
        body: { decision: 'withdraw', ids: [own._id], checklist: { ...CHECKLIST, minors: false }, reason: 'Zeigt Kinder im Bild.' },
        actor: ACTOR,
      },
    });
    expect(result.items[0]).toMatchObject({ outcome: 'withdrawn' });
    const [mail, ...more] = await mailsTo(a, 'Euer Beitrag wurde zurückgezogen – text-submit');
    expect(more).toHaveLength(0);
    expect(flat(mail!.text)).toContain('Zeigt Kinder im Bild.');
    expect(flat(mail!.text)).toContain('bis einschließlich 20. Juni einen neuen Beitrag einreichen');
    expect(mail!.text).toMatch(/^Neuen Beitrag einreichen:\s+http\S+\/challenge\/text-submit$/m);
  });

  test('an account that switched entries off gets no rejection', async () => {
    const own = (await t.app.inject({ url: '/api/challenge/particpation/text-submit', headers: memberHeaders(off) })).json<{
      _id: string;
    }>();
    await rejectParticipation({ ctx: t.ctx, input: { id: own._id, reason: 'Doppelt', actor: ACTOR } });
    expect(await mailsTo(off)).toHaveLength(0);
  });
});

describe('votes removed', () => {
  test('each removal mails how many and why, once; removing the same votes again mails nothing', async () => {
    await seedParticipation(t.ctx.db, { id: 'p-votes', challengeId: 'text-voting', clubId: 'club-1000-w', state: 'published' });
    await seedParticipation(t.ctx.db, { id: 'p-votes-a', challengeId: 'text-late', clubId: a.clubId, state: 'published' });
    await seedVotes(t.ctx.db, 'p-votes-a', 'text-late', 10);
    const ids = (await t.ctx.db.select({ id: votes.id }).from(votes).where(eq(votes.participationId, 'p-votes-a')))
      .map((v) => v.id)
      .sort((x, y) => x - y);
    const body = { ids: ids.slice(0, 3), reason: 'Mehrfach von einem Gerät abgegeben.' };
    expect((await removeVotes({ ctx: t.ctx, input: { body, actor: ACTOR } })).removed).toBe(3);
    expect((await removeVotes({ ctx: t.ctx, input: { body, actor: ACTOR } })).removed).toBe(0);
    const first = await mailsTo(a, '3 Stimmen für euren Beitrag entfernt – text-late');
    expect(first).toHaveLength(1);
    expect(flat(first[0]!.text)).toContain('Mehrfach von einem Gerät abgegeben.');
    expect(first[0]!.text).toMatch(/^Stimmen jetzt: 7$/m);
    expect(flat(first[0]!.text)).toContain('/challenge/text-late/p-votes-a');

    const again = await removeEntryVotes({
      ctx: t.ctx,
      input: { participationId: 'p-votes-a', body: { ids: [ids[5]], reason: 'Automatisiert abgegeben.' }, actor: ACTOR },
    });
    expect(again).toEqual({ removed: 1, votes: 6 });
    const second = await mailsTo(a, 'Eine Stimme für euren Beitrag entfernt – text-late');
    expect(second).toHaveLength(1);
    expect(flat(second[0]!.text)).toContain('Automatisiert abgegeben.');
    expect(await rowsFor('votes-removed:p-votes-a:')).toHaveLength(2);
  });

  test('an account that switched entries off gets nothing', async () => {
    await seedVotes(t.ctx.db, 'p-votes', 'text-voting', 2);
    const ids = (await t.ctx.db.select({ id: votes.id }).from(votes).where(eq(votes.participationId, 'p-votes'))).map((v) => v.id);
    expect(
      (await removeEntryVotes({ ctx: t.ctx, input: { participationId: 'p-votes', body: { ids, reason: 'Gekauft' }, actor: ACTOR } }))
        .removed,
    ).toBe(2);
    expect(await mailsTo(off)).toHaveLength(0);
    expect(
      await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipient, `account:${off.sub}`))),
    ).toHaveLength(0);
  });
});

describe('a challenge removed meanwhile', () => {
  test('every entry template then sends nothing', async () => {
    const context = {
      ctx: t.ctx,
      recipient: {
        type: 'account' as const,
        key: `account:${a.sub}`,
        sub: a.sub,
        email: a.email,
        firstname: 'Erika',
        clubId: a.clubId,
        clubName: 'Verein',
        team: 'm' as const,
        off: [],
      },
      url: (path: string) => `https://example.org${path}`,
    };
    const gone = { challengeId: 'gone', participationId: 'p-gone' };
    expect(await TEMPLATES['entry-received'].render(gone, context)).toBeNull();
    expect(await TEMPLATES['entry-published'].render(gone, context)).toBeNull();
    expect(await TEMPLATES['entry-rejected'].render({ ...gone, reason: 'x' }, context)).toBeNull();
    expect(await TEMPLATES['votes-removed'].render({ ...gone, reason: 'x', removed: 1, votesAfter: 0 }, context)).toBeNull();
  });

  test('an entry gone before its "published" mail went: that mail is not sent', async () => {
    await seedParticipation(t.ctx.db, { id: 'p-short', challengeId: 'text-voting', clubId: 'club-1001-w', state: 'published' });
    const member = await createMember(t, 'club-1001-w');
    await t.ctx.db.transaction(async (tx) => {
      await notifyEntryPublished(t.ctx, tx, { id: 'p-short', challengeId: 'text-voting', clubId: 'club-1001-w' });
      await tx.delete(participations).where(eq(participations.id, 'p-short'));
    });
    expect(await mailsTo(member)).toHaveLength(0);
    expect((await rowsFor('entry-published:p-short'))[0]!.skipped).toBe('cancelled');
  });
});
