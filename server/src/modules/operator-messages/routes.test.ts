import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { OperatorMessageDto, OperatorMessagePreviewDto } from '@erd/shared-contracts/schemas';
import { moderationLog, notifications, operatorMessages, profiles } from '../../db/schema/index.js';
import { silentLogger } from '../../logger.js';
import { createMailer, type MailMessage, type Mailer } from '../mail/mailer.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { operatorCall, operatorSessions, signInOperator } from '../../test-support/operators.js';
import { findRecipient, accountKey, type AccountRecipient } from '../notifications/recipients.js';
import { messageMail } from '../notifications/templates/messages.js';
import { addOperator } from '../operators/service.js';
import { renderMessageMail } from './frame.js';
import { MESSAGE_AUDIT_ACTION } from './service.js';

/**
 * 'Nachrichten' against the real app and database (PGlite, and PostgreSQL with DATABASE_URL):
 * admins only; drafts through the one input rule; the filter chooses the right clubs and leaves out
 * accounts that switched messages off; the preview is the delivered mail; a send goes once (double
 * click, two requests at once), is audited with filter and count and no address, and shows its progress.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const sent: MailMessage[] = [];
// Every mail as it was handed over (and in the outbox, where the members' sign-up codes are read).
let outbox: Mailer | null = null;
const mailer: Mailer = {
  async send(message, options) {
    sent.push(message);
    outbox ??= createMailer({
      from: 'Punktejagd <noreply@punktejagd.example>',
      smtpUrl: null,
      outboxDir: path.join(t.dataDir, 'outbox'),
      log: silentLogger,
    });
    return outbox.send(message, options);
  },
  close() {},
};
const members: Record<string, Member> = {};
const NOW = new Date('2026-06-15T10:00:00Z');
const ADMIN = { email: 'chefin@punktejagd.example', password: 'Vorstand!Sitzung2026' };
const ADMIN2 = { email: 'vize@punktejagd.example', password: 'Vorstand!Sitzung2027' };
const MODERATOR = { email: 'moderator@punktejagd.example', password: 'Schiri!Pfeife2026' };
const BASE = '/api/operator/messages';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

const draft = (filter: Record<string, unknown> = {}, subject = 'Neue Saison, neue Punkte') => ({
  subject,
  body: 'Liebe Vereine,\n\ndie neue Challenge startet am Montag.\nMacht mit!\n\nBis bald',
  filter,
});

async function createDraft(filter: Record<string, unknown> = {}, session = admin): Promise<OperatorMessageDto> {
  const res = await call('POST', BASE, session, draft(filter));
  expect(res.statusCode).toBe(201);
  return res.json<OperatorMessageDto>();
}

const rowsOf = (id: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.occasion, `message:${id}`));
const recipientsOf = async (id: string) => (await rowsOf(id)).map((r) => r.recipient).sort();
const keysOf = (...clubs: string[]) => clubs.map((c) => accountKey(members[c]!.sub)).sort();
const auditOf = (id: string) =>
  t.ctx.db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.action, MESSAGE_AUDIT_ACTION), eq(moderationLog.subjectId, id)));

beforeAll(async () => {
  t = await createTestApp({ now: NOW, mailer });
  await seedYear(t.ctx.db);
  // club-1000-m, club-1000-w, club-1001-m, club-1001-w, club-1002-m
  await seedClubs(t.ctx.db, 5);
  await seedChallenge(t.ctx.db, { id: 'spruch', position: 1 });
  await seedParticipation(t.ctx.db, { id: 'p1', challengeId: 'spruch', clubId: 'club-1000-m' });
  await seedParticipation(t.ctx.db, { id: 'p2', challengeId: 'spruch', clubId: 'club-1001-w', state: 'pending' });
  for (const club of ['club-1000-m', 'club-1000-w', 'club-1001-m', 'club-1001-w', 'club-1002-m'])
    members[club] = await createMember(t, club);
  // Switched 'Nachrichten der Veranstalter' off: never counted, never queued.
  await t.ctx.db
    .update(profiles)
    .set({ notificationsOff: ['messages'] })
    .where(eq(profiles.sub, members['club-1002-m']!.sub));
  ({ admin, moderator } = await operatorSessions(t, { admin: ADMIN, moderator: MODERATOR }));
  await addOperator({ ctx: t.ctx, input: { ...ADMIN2, role: 'admin' } });
  await t.drainMail();
  sent.length = 0;
}, 120_000);

afterAll(() => t?.close());

test('a moderator is refused (403) on every route, no session is 401, and nothing is written', async () => {
  const message = await createDraft();
  const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
    ['GET', BASE],
    ['GET', `${BASE}/recipients`],
    ['POST', BASE, draft()],
    ['GET', `${BASE}/${message.id}`],
    ['PUT', `${BASE}/${message.id}`, draft()],
    ['GET', `${BASE}/${message.id}/preview`],
    ['POST', `${BASE}/${message.id}/test`],
    ['POST', `${BASE}/${message.id}/send`],
  ];
  for (const [method, url, payload] of routes) {
    expect({ url, status: (await call(method, url, moderator, payload)).statusCode }).toEqual({ url, status: 403 });
    expect({ url, status: (await call(method, url, null, payload)).statusCode }).toEqual({ url, status: 401 });
  }
  expect(await rowsOf(message.id)).toHaveLength(0);
  expect((await call('GET', `${BASE}/${message.id}`, admin)).json<OperatorMessageDto>().status).toBe('draft');
});

test('drafts go through the one input rule: a single-line subject, a plain-text body, a complete filter', async () => {
  const bad: Array<[string, unknown]> = [
    ['subject', { ...draft(), subject: 'Zwei\nZeilen' }],
    ['subject', { ...draft(), subject: '   ' }],
    ['subject', { ...draft(), subject: 'x'.repeat(151) }],
    ['body', { ...draft(), body: 'Text mit \u0007 Klingel' }],
    ['body', { ...draft(), body: '' }],
    ['body', { ...draft(), body: 'x'.repeat(5001) }],
    ['filter', { ...draft(), filter: { team: 'x' } }],
    ['filter', { ...draft(), filter: { challengeId: 'spruch' } }],
    ['filter', { ...draft(), filter: { participated: true } }],
    ['filter', { ...draft(), filter: { challengeId: 'gibt-es-nicht', participated: true } }],
    ['filter', { ...draft(), filter: {}, extra: 1 }],
  ];
  for (const [field, payload] of bad) {
    const res = await call('POST', BASE, admin, payload);
    expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
  }
  const ok = await call('POST', BASE, admin, {
    subject: '  Ein Betreff  ',
    body: '\r\nZeile eins\r\n\tmit Tab\r\n\r\nAbsatz zwei  \n',
    filter: { team: 'w' },
  });
  expect(ok.statusCode).toBe(201);
  const message = ok.json<OperatorMessageDto>();
  expect(message).toMatchObject({
    subject: 'Ein Betreff',
    body: 'Zeile eins\n\tmit Tab\n\nAbsatz zwei',
    filter: { team: 'w' },
    status: 'draft',
    recipients: null,
    progress: null,
  });
  const changed = await call('PUT', `${BASE}/${message.id}`, admin, draft({ challengeId: 'spruch', participated: false }, 'Geändert'));
  expect(changed.statusCode).toBe(200);
  expect(changed.json<OperatorMessageDto>()).toMatchObject({ subject: 'Geändert', filter: { challengeId: 'spruch', participated: false } });
  expect((await call('PUT', `${BASE}/nicht-da`, admin, draft())).statusCode).toBe(404);
});

test('the filter chooses the right clubs; accounts that switched messages off are never counted', async () => {
  const count = async (query: string) => (await call('GET', `${BASE}/recipients${query}`, admin)).json<{ recipients: number }>().recipients;
  expect(await count('')).toBe(4);
  expect(await count('?team=m')).toBe(2);
  expect(await count('?team=w')).toBe(2);
  expect(await count('?challengeId=spruch&participated=true')).toBe(2);
  expect(await count('?challengeId=spruch&participated=false')).toBe(2);
  expect(await count('?team=w&challengeId=spruch&participated=true')).toBe(1);
  expect((await call('GET', `${BASE}/recipients?challengeId=spruch`, admin)).statusCode).toBe(400);
  expect((await call('GET', `${BASE}/recipients?challengeId=weg&participated=true`, admin)).statusCode).toBe(400);

  // What is queued is what was counted.
  const participants = await createDraft({ challengeId: 'spruch', participated: true });
  expect((await call('POST', `${BASE}/${participants.id}/send`, admin)).statusCode).toBe(200);
  expect(await recipientsOf(participants.id)).toEqual(keysOf('club-1000-m', 'club-1001-w'));
  const others = await createDraft({ team: 'm', challengeId: 'spruch', participated: false });
  expect((await call('POST', `${BASE}/${others.id}/send`, admin)).statusCode).toBe(200);
  expect(await recipientsOf(others.id)).toEqual(keysOf('club-1001-m'));
  await t.drainMail();
});

test('the preview is the mail a club gets, and a test goes to the operator alone, marked, not counted', async () => {
  const message = await createDraft({ team: 'w' });
  const res = await call('GET', `${BASE}/${message.id}/preview`, admin);
  expect(res.statusCode).toBe(200);
  const preview = res.json<OperatorMessagePreviewDto>();
  expect(preview.recipients).toBe(2);
  expect(preview.subject).toBe('Neue Saison, neue Punkte');
  expect(preview.text).toContain('Hallo Vorname,');
  // Paragraphs at blank lines; a single line break stays in the plain text.
  expect(preview.text).toContain('\n\ndie neue Challenge startet am Montag.\nMacht mit!\n\nBis bald\n\n');
  expect(preview.text).toContain('Diese E-Mails abbestellen: http');
  expect(preview.html).toContain('die neue Challenge startet am Montag.');
  expect(preview.html).not.toContain('cid:');

  const test = await call('POST', `${BASE}/${message.id}/test`, admin);
  expect(test.statusCode).toBe(202);
  expect(test.json()).toEqual({ to: ADMIN.email });
  await t.drainMail();
  const testMail = sent.filter((m) => m.to === ADMIN.email).at(-1)!;
  expect(testMail.subject).toBe('Test: Neue Saison, neue Punkte');
  expect(testMail.text).toBe(preview.text);
  expect(await rowsOf(message.id)).toHaveLength(0);
  expect((await call('GET', `${BASE}/${message.id}`, admin)).json<OperatorMessageDto>().status).toBe('draft');

  // Sent for real: each account's mail is the preview's frame with its own name and link.
  sent.length = 0;
  expect((await call('POST', `${BASE}/${message.id}/send`, admin)).statusCode).toBe(200);
  await t.drainMail();
  const member = members['club-1000-w']!;
  const delivered = sent.find((m) => m.to === member.email)!;
  const recipient = (await findRecipient(t.ctx.db, accountKey(member.sub))) as AccountRecipient;
  const expected = await renderMessageMail(t.ctx, recipient, messageMail({ subject: message.subject, body: message.body }));
  expect(delivered.subject).toBe(expected.subject);
  expect(delivered.text).toBe(expected.text);
  expect(delivered.html).toBe(expected.html);
  expect(delivered.headers).toEqual(expected.headers);
  expect(sent.map((m) => m.to).sort()).toEqual([members['club-1000-w']!.email, members['club-1001-w']!.email].sort());
});

test('a send goes once: a second click answers the same state, the audit row has filter and count and no address, progress ends in sent', async () => {
  const message = await createDraft({ team: 'm' });
  sent.length = 0;
  const first = await call('POST', `${BASE}/${message.id}/send`, admin);
  expect(first.statusCode).toBe(200);
  expect(first.json<OperatorMessageDto>()).toMatchObject({ status: expect.stringMatching(/^(sending|sent)$/), recipients: 2 });
  const again = await call('POST', `${BASE}/${message.id}/send`, admin);
  expect(again.statusCode).toBe(200);
  expect(again.json<OperatorMessageDto>()).toMatchObject({ id: message.id, recipients: 2 });
  expect(await rowsOf(message.id)).toHaveLength(2);
  // Once sent, it cannot change.
  expect((await call('PUT', `${BASE}/${message.id}`, admin, draft())).statusCode).toBe(409);

  const audit = await auditOf(message.id);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    actor: ADMIN.email,
    subjectType: 'operator-message',
    details: { subject: message.subject, filter: { team: 'm' }, recipients: 2 },
  });
  expect(JSON.stringify(audit[0]!.details)).not.toMatch(/@/);

  await t.drainMail();
  expect(sent.map((m) => m.to).sort()).toEqual([members['club-1000-m']!.email, members['club-1001-m']!.email].sort());
  const done = (await call('GET', `${BASE}/${message.id}`, admin)).json<OperatorMessageDto>();
  expect(done).toMatchObject({ status: 'sent', recipients: 2, progress: { queued: 0, sent: 2, failed: 0, skipped: 0 } });
  const list = (await call('GET', BASE, admin)).json<{ items: OperatorMessageDto[] }>();
  expect(list.items.find((m) => m.id === message.id)).toMatchObject({ status: 'sent', progress: { sent: 2 } });
});

test('two send requests at once queue the mails once (one audit row)', async () => {
  const message = await createDraft();
  const answers = await Promise.all([call('POST', `${BASE}/${message.id}/send`, admin), call('POST', `${BASE}/${message.id}/send`, admin)]);
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  expect(await recipientsOf(message.id)).toEqual(keysOf('club-1000-m', 'club-1000-w', 'club-1001-m', 'club-1001-w'));
  expect(await auditOf(message.id)).toHaveLength(1);
  await t.drainMail();
});

test('a filter nobody matches sends nothing (409, still a draft, no count against the limit); sends are limited to 5 an hour per operator', async () => {
  const other = await signInOperator(t.app, ADMIN2);
  await t.ctx.db
    .update(profiles)
    .set({ notificationsOff: ['messages'] })
    .where(like(profiles.clubId, 'club-%-w'));
  const nobody = await createDraft({ team: 'w' }, other);
  const res = await call('POST', `${BASE}/${nobody.id}/send`, other);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ code: 'NoRecipients' });
  const [row] = await t.ctx.db.select().from(operatorMessages).where(eq(operatorMessages.id, nobody.id));
  expect(row!.status).toBe('draft');
  await t.ctx.db.update(profiles).set({ notificationsOff: [] }).where(like(profiles.clubId, 'club-%-w'));

  for (let i = 0; i < 5; i++) {
    const message = await createDraft({ team: 'w', challengeId: 'spruch', participated: true }, other);
    expect((await call('POST', `${BASE}/${message.id}/send`, other)).statusCode).toBe(200);
  }
  const sixth = await createDraft({}, other);
  const refused = await call('POST', `${BASE}/${sixth.id}/send`, other);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: 'LimitExceeded' });
  expect((await call('GET', `${BASE}/${sixth.id}`, other)).json<OperatorMessageDto>().status).toBe('draft');
  expect(await rowsOf(sixth.id)).toHaveLength(0);
  expect(await auditOf(sixth.id)).toHaveLength(0);
  await t.drainMail();
});
