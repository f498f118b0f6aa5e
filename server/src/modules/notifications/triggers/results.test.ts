import { eq, like } from 'drizzle-orm';
import { notifications, profiles } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { readOutbox, type OutboxMail } from '../../../test-support/mail.js';
import { createMember, type Member } from '../../../test-support/members.js';
import { seedChallenges, seedClubs, seedEstimateEntry, seedYear } from '../../../test-support/seed.js';
import { publishChallengeResults, setRightAnswer } from '../../results/service.js';
import { TEMPLATES } from '../templates/index.js';
import { notifyResultsPublished } from './results.js';

/**
 * 'Ergebnisse veröffentlicht' (issue 25) through the real publication, on PGlite and
 * (DATABASE_URL) PostgreSQL: each club of the table with an account gets its place, points and
 * overall move once; a double publication mails nothing more; a correction mails only the clubs
 * whose place changed; no account or 'results' switched off: nothing.
 *
 * Default points (100, 80, 65, 55, 50, 40). Six clubs, right answers 100 (r1) and 10 (r2):
 *   r1: B 1st, D 2nd, A 3rd, C 4th, F 5th, E 6th  → overall B 100, D 80, A 65, C 55, F 50, E 40
 *   r2: C 1st, D 2nd, A 3rd, F 4th, E 5th, B 6th  → overall D 160, C 155, B 140, A 130, F 105, E 90
 *   r2 corrected to 14: F 1st, E 2nd, A 3rd, D 4th, C 5th, B 6th (A and B keep their place)
 * A, B, C, E have accounts; D switched results off; F has none.
 */

let t: TestApp;
const m: Record<'A' | 'B' | 'C' | 'D' | 'E', Member> = {} as never;
const NOW = new Date('2026-06-15T10:00:00Z');
const ACTOR = { operatorId: null, name: 'cli:test' };
const CLUB = { A: 'club-1000-m', B: 'club-1000-w', C: 'club-1001-m', D: 'club-1001-w', E: 'club-1002-m', F: 'club-1002-w' } as const;

const textPart = (mail: OutboxMail): string =>
  /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n----_/.exec(mail.text.replace(/\r\n/g, '\n'))?.[1] ?? '';
/** The text with its line breaks (wrapped at 72 characters) as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const resultMails = async (member: Member): Promise<OutboxMail[]> =>
  (await readOutbox(t))
    .filter((mail) => mail.to === member.email && /^List-Unsubscribe: <[^>]*\.results\./m.test(mail.raw.replace(/\r?\n[ \t]+/g, ' ')))
    .map((mail) => ({ ...mail, text: textPart(mail) }));
const publish = (challengeId: string, expectedVersion: number, reason?: string) =>
  publishChallengeResults({ ctx: t.ctx, input: { challengeId, body: { expectedVersion, ...(reason ? { reason } : {}) }, actor: ACTOR } });

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 6);
  await seedChallenges(db, [
    { id: 'r1', type: 'bfv-erd-estimate', position: 1, rightAnswer: 100, dates: { startDate: '2026-05-01', endDate: '2026-05-31' } },
    { id: 'r2', type: 'bfv-erd-estimate', position: 2, rightAnswer: 10, dates: { startDate: '2026-05-01', endDate: '2026-06-10' } },
  ]);
  const estimates = { r1: { A: 90, B: 100, C: 80, D: 95, E: 50, F: 60 }, r2: { A: 12, B: 30, C: 10, D: 11, E: 15, F: 14 } };
  for (const [challengeId, byClub] of Object.entries(estimates)) {
    for (const [club, estimate] of Object.entries(byClub)) {
      const clubId = CLUB[club as keyof typeof CLUB];
      await seedEstimateEntry(db, { id: `${challengeId}-${clubId}`, challengeId, clubId, estimate });
    }
  }
  for (const key of ['A', 'B', 'C', 'D', 'E'] as const) m[key] = await createMember(t, CLUB[key]);
  await db
    .update(profiles)
    .set({ notificationsOff: ['results'] })
    .where(eq(profiles.sub, m.D.sub));
}, 180_000);

afterAll(() => t?.close());

test('the first publication mails each club of the table with an account its place, points and overall place', async () => {
  await publish('r1', 0);
  const [a, ...more] = await resultMails(m.A);
  expect(more).toHaveLength(0);
  expect(a!.subject).toBe('Platz 3 bei „r1“ – die Ergebnisse sind da');
  expect(flat(a!.text)).toContain('Ihr habt Platz 3 von 6 erreicht und 65 Punkte geholt. Glückwunsch, ihr steht auf dem Treppchen!');
  expect(a!.text).toMatch(/^Euer Platz: 3 von 6$/m);
  expect(a!.text).toMatch(/^Eure Antwort: 90$/m);
  expect(a!.text).toMatch(/^Richtige Antwort: 100$/m);
  expect(a!.text).toMatch(/^Gesamttabelle: Platz 3 mit 65 Punkten$/m);
  expect(a!.text).toMatch(/^Veränderung: neu auf Platz 3$/m);
  expect(a!.text).toMatch(/^Zur Tabelle:\s+http\S+\/tabelle\/r1$/m);
  expect((await resultMails(m.B))[0]!.subject).toBe('Platz 1 bei „r1“ – die Ergebnisse sind da');
  expect(await resultMails(m.C)).toHaveLength(1);
  expect(await resultMails(m.E)).toHaveLength(1);
  // Switched off: nothing queued. No account (F): nothing queued.
  expect(await resultMails(m.D)).toHaveLength(0);
  const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.occasion, 'results-published:r1:1'));
  expect(rows.map((r) => r.recipient).sort()).toEqual([m.A, m.B, m.C, m.E].map((x) => `account:${x.sub}`).sort());
});

test('the next challenge: the overall place and how it moved; a double publication or trigger mails nothing more', async () => {
  await publish('r2', 0);
  await expect(publish('r2', 0)).rejects.toMatchObject({ code: 'VersionConflict' });
  const c = (await resultMails(m.C)).filter((mail) => mail.subject.includes('„r2“'));
  expect(c.map((mail) => mail.subject)).toEqual(['Platz 1 bei „r2“ – die Ergebnisse sind da']);
  expect(c[0]!.text).toMatch(/^Veränderung: von Platz 4 auf Platz 2$/m);
  expect(flat(c[0]!.text)).toContain('In der Gesamttabelle geht es von Platz 4 auf Platz 2.');
  const a = (await resultMails(m.A)).filter((mail) => mail.subject.includes('„r2“'));
  expect(a[0]!.text).toMatch(/^Veränderung: von Platz 3 auf Platz 4$/m);
  const e = (await resultMails(m.E)).filter((mail) => mail.subject.includes('„r2“'));
  expect(e[0]!.subject).toBe('Platz 5 bei „r2“ – die Ergebnisse sind da');
  expect(e[0]!.text).toMatch(/^Veränderung: unverändert$/m);
  expect(flat(e[0]!.text)).toContain('In der Gesamttabelle bleibt ihr auf Platz 6.');
  expect(flat(e[0]!.text)).not.toContain('Treppchen');

  // The trigger run again for the same version (a retried transaction) queues nothing.
  const again = await t.ctx.db.transaction((tx) =>
    notifyResultsPublished(t.ctx, tx, {
      challengeId: 'r2',
      yearId: 'year-seed',
      version: 1,
      rows: [{ club: { _id: CLUB.A } as never, points: 65, place: 3 }],
      previousRows: null,
      overallVersion: 2,
      overallRows: [],
    }),
  );
  expect(again).toBe(0);
  expect((await resultMails(m.A)).filter((mail) => mail.subject.includes('„r2“'))).toHaveLength(1);
});

test('a correction mails only the clubs whose place changed, and says the results were corrected', async () => {
  await setRightAnswer({
    ctx: t.ctx,
    input: { challengeId: 'r2', body: { rightAnswer: 14, reason: 'Tippfehler bei der Antwort' }, actor: ACTOR },
  });
  await publish('r2', 1, 'Richtige Antwort korrigiert');
  const corrected = (member: Member) =>
    resultMails(member).then((mails) => mails.filter((mail) => mail.subject.startsWith('Ergebnis korrigiert')));
  const [c, ...moreC] = await corrected(m.C);
  expect(moreC).toHaveLength(0);
  expect(c!.subject).toBe('Ergebnis korrigiert: jetzt Platz 5 bei „r2“');
  expect(flat(c!.text)).toContain('wir haben die Ergebnisse der Challenge „r2“ korrigiert');
  expect(flat(c!.text)).toContain('Ihr steht jetzt auf Platz 5 statt auf Platz 1 und bekommt 50 Punkte.');
  const [e] = await corrected(m.E);
  expect(e!.subject).toBe('Ergebnis korrigiert: jetzt Platz 2 bei „r2“');
  // A (3rd) and B (6th) keep their place: no mail; D switched results off; F has no account.
  expect(await corrected(m.A)).toHaveLength(0);
  expect(await corrected(m.B)).toHaveLength(0);
  expect(await corrected(m.D)).toHaveLength(0);
  const rows = await t.ctx.db.select().from(notifications).where(like(notifications.occasion, 'results-published:r2:2'));
  expect(rows.map((r) => r.recipient).sort()).toEqual([m.C, m.E].map((x) => `account:${x.sub}`).sort());
});

test('a challenge removed before the mail goes: nothing is sent', async () => {
  const context = {
    ctx: t.ctx,
    recipient: {
      type: 'account' as const,
      key: `account:${m.A.sub}`,
      sub: m.A.sub,
      email: m.A.email,
      firstname: 'Erika',
      clubId: CLUB.A,
      clubName: 'Verein',
      team: 'm' as const,
      off: [],
    },
    url: (path: string) => `https://example.org${path}`,
  };
  const params = {
    challengeId: 'gone',
    version: 1,
    corrected: false,
    place: 1,
    points: 100,
    participants: 3,
    previousPlace: null,
    overallPlace: 1,
    overallPoints: 100,
    previousOverallPlace: null,
  };
  expect(await TEMPLATES['results-published'].render(params, context)).toBeNull();
});
