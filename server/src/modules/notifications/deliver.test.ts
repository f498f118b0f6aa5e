import { eq } from 'drizzle-orm';
import { notifications, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { readOutbox } from '../../test-support/mail.js';
import { createMember, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedYear } from '../../test-support/seed.js';
import { deliverNotification } from './deliver.js';
import { accountKey } from './recipients.js';
import { queueNotifications } from './service.js';
import { accountUnsubscribeToken, readAccountUnsubscribeToken } from './tokens.js';

/**
 * The notification core against the real app and database (PGlite, and PostgreSQL with
 * DATABASE_URL): one row and one mail per occasion and recipient, the address read when it goes,
 * the switch of the kind respected, the frame with the one-click unsubscribe headers.
 */

let t: TestApp;
let member: Member;
const NOW = new Date('2026-06-15T10:00:00Z');

const rowsOf = (occasion: string) => t.ctx.db.select().from(notifications).where(eq(notifications.occasion, occasion));
const mailsTo = async (email: string) => (await readOutbox(t)).filter((m) => m.to === email && m.subject.startsWith('Euer Beitrag'));

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 2);
  await seedChallenge(t.ctx.db, { id: 'estimate', type: 'bfv-erd-estimate', position: 1 });
  member = await createMember(t, 'club-1000-m');
});

afterAll(() => t?.close());

test('a trigger run twice queues one mail, sent once, with the frame and the unsubscribe headers', async () => {
  const input = {
    occasion: 'test-received:1',
    kind: 'entries' as const,
    template: 'entry-received' as const,
    params: { challengeId: 'estimate', estimate: 4500 },
  };
  expect(await queueNotifications(t.ctx, t.ctx.db, { ...input, recipients: [accountKey(member.sub)] })).toBe(1);
  expect(await t.ctx.db.transaction((tx) => queueNotifications(t.ctx, tx, { ...input, recipients: [accountKey(member.sub)] }))).toBe(0);
  const [mail, ...more] = await mailsTo(member.email);
  expect(more).toHaveLength(0);
  expect(mail!.subject).toMatch(/^Euer Beitrag ist eingegangen – /);
  expect(mail!.text).toContain('Hallo Erika,');
  expect(mail!.text).toContain('4.500');
  expect(mail!.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/public\/notifications\/unsubscribe\?token=a\./m);
  expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(mail!.raw).toContain('Content-Type: text/html');
  expect(mail!.raw).toContain('Content-Type: text/plain');
  // The header's shield travels with the mail (no picture loaded from anywhere).
  expect(mail!.raw).toMatch(/^Content-ID: <shield@punktejagd>/m);
  expect(mail!.raw).toContain('src=3D"cid:shield@punktejagd"');
  const [row] = await rowsOf('test-received:1');
  expect(row!.sentAt).not.toBeNull();
  // A job that runs again (a crash after the send) finds it sent.
  expect(
    await deliverNotification({
      ctx: t.ctx,
      mailer: { send: () => Promise.reject(new Error('sent twice')), close() {} },
      input: { id: row!.id },
    }),
  ).toBe('already-done');
});

test('a kind switched off, an unknown or deleted account: nothing goes, and the row says why', async () => {
  await t.ctx.db
    .update(profiles)
    .set({ notificationsOff: ['entries'] })
    .where(eq(profiles.sub, member.sub));
  const input = {
    occasion: 'test-received:2',
    kind: 'entries' as const,
    template: 'entry-received' as const,
    params: { challengeId: 'estimate' },
  };
  await queueNotifications(t.ctx, t.ctx.db, { ...input, recipients: [accountKey(member.sub), accountKey('no-such-sub')] });
  const before = (await mailsTo(member.email)).length;
  expect((await mailsTo(member.email)).length).toBe(before);
  const rows = await rowsOf('test-received:2');
  expect(rows.map((r) => r.skipped).sort()).toEqual(['no-recipient', 'opted-out']);
  await t.ctx.db.update(profiles).set({ notificationsOff: [] }).where(eq(profiles.sub, member.sub));
});

test('a challenge removed before the mail goes cancels it', async () => {
  await queueNotifications(t.ctx, t.ctx.db, {
    occasion: 'test-received:3',
    kind: 'entries',
    template: 'entry-received',
    params: { challengeId: 'gone' },
    recipients: [accountKey(member.sub)],
  });
  await readOutbox(t);
  expect((await rowsOf('test-received:3'))[0]!.skipped).toBe('cancelled');
});

test('unsubscribe tokens name one account and one kind and cannot be forged', () => {
  const token = accountUnsubscribeToken(t.ctx.secret, member.sub, 'results');
  expect(readAccountUnsubscribeToken(t.ctx.secret, token)).toEqual({ sub: member.sub, kind: 'results' });
  const [prefix, sub, , mac] = token.split('.');
  expect(readAccountUnsubscribeToken(t.ctx.secret, [prefix, sub, 'entries', mac].join('.'))).toBeNull();
  expect(
    readAccountUnsubscribeToken(t.ctx.secret, [prefix, Buffer.from('other').toString('base64url'), 'results', mac].join('.')),
  ).toBeNull();
  expect(readAccountUnsubscribeToken('another-secret-of-at-least-32-chars!!', token)).toBeNull();
  expect(readAccountUnsubscribeToken(t.ctx.secret, 'garbage')).toBeNull();
});
