import { silentLogger } from '../../logger.js';
import { createTestSmtp, type TestSmtp } from '../../test-support/smtp.js';
import { createMailer, MailDeliveryError, type Mailer } from './mailer.js';

/**
 * The SMTP transport (issue 25: a voting morning's mails through one instance): a pool of open
 * connections, renewed after a number of mails, that fails a mail whose connection broke instead of
 * sending it again by itself (its job decides), and comes back by itself after an outage.
 */

/** The test SMTP server, read as this file does: the Message-IDs and raw mails in the order they arrived. */
interface Sink extends TestSmtp {
  readonly ids: string[];
  readonly raw: string[];
}

async function createSink(): Promise<Sink> {
  const smtp = await createTestSmtp();
  return Object.defineProperties(smtp, {
    ids: { get: () => smtp.received.map((mail) => mail.messageId) },
    raw: { get: () => smtp.received.map((mail) => mail.raw) },
  }) as Sink;
}

const message = (i: number) => ({
  to: `verein-${i}@example.org`,
  subject: `Test ${i}`,
  text: `Hallo ${i}, schöne Grüße`,
  html: `<p>Hallo ${i}, schöne Grüße</p>`,
});

let sink: Sink;
let mailer: Mailer | null = null;

beforeEach(async () => {
  sink = await createSink();
});

afterEach(async () => {
  mailer?.close();
  mailer = null;
  await sink.stop();
});

function smtpMailer(options: { maxConnections?: number; maxMessages?: number; timeoutSeconds?: number } = {}): Mailer {
  mailer = createMailer({
    from: 'Punktejagd <noreply@punktejagd.example>',
    smtpUrl: sink.url,
    outboxDir: '/nonexistent',
    log: silentLogger,
    ...options,
  });
  return mailer;
}

test('many mails at once go over a few open connections, each under its own Message-ID', async () => {
  const m = smtpMailer({ maxConnections: 3 });
  const sent = await Promise.all(Array.from({ length: 40 }, (_, i) => m.send(message(i), { id: `mail-${i}` })));
  expect(sent.map((s) => s.messageId)).toEqual(Array.from({ length: 40 }, (_, i) => `<mail-${i}@punktejagd.example>`));
  expect([...sink.ids].sort()).toEqual(sent.map((s) => s.messageId).sort());
  expect(sink.peak).toBeLessThanOrEqual(3);
  expect(sink.connections).toBeLessThanOrEqual(3);
});

test('a connection is replaced after maxMessages mails', async () => {
  const m = smtpMailer({ maxConnections: 1, maxMessages: 4 });
  for (let i = 0; i < 10; i++) await m.send(message(i), { id: `mail-${i}` });
  expect(sink.ids).toHaveLength(10);
  expect(sink.connections).toBe(3);
});

test('the text parts are quoted-printable (German text), the subject an encoded word', async () => {
  const m = smtpMailer();
  await m.send({ ...message(1), subject: 'Grüße aus Übersee' }, { id: 'qp' });
  const raw = sink.raw[0]!;
  expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable/);
  expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable/);
  expect(raw).toContain('sch=C3=B6ne Gr=C3=BC=C3=9Fe');
  expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?Gr=C3=BC=C3=9Fe_aus_=C3=9Cbersee\?=/m);
});

test('a mail whose connection breaks fails at once with a code (its job retries it), and is not sent again by the pool', async () => {
  const m = smtpMailer({ maxConnections: 1 });
  await m.send(message(0), { id: 'before' });
  sink.cutNextData();
  const error = await m.send(message(1), { id: 'cut' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MailDeliveryError);
  expect((error as MailDeliveryError).message).not.toContain('verein-1@example.org');
  await new Promise((r) => setTimeout(r, 300));
  expect(sink.ids).toEqual(['<before@punktejagd.example>']);
  // The next mail opens a new connection.
  await m.send(message(2), { id: 'after' });
  expect(sink.ids).toEqual(['<before@punktejagd.example>', '<after@punktejagd.example>']);
});

test('while the SMTP server is down each mail fails with a code of an unreachable server; when it is back, the pool sends again', async () => {
  const m = smtpMailer({ maxConnections: 2 });
  await m.send(message(0), { id: 'first' });
  await sink.stop();
  const errors = await Promise.all([1, 2, 3].map((i) => m.send(message(i), { id: `down-${i}` }).catch((e: unknown) => e)));
  for (const error of errors) {
    expect(error).toBeInstanceOf(MailDeliveryError);
    // Refused (ESOCKET), or cut (ECONNECTION): both bring waiting retries forward once a mail goes (queue.ts).
    expect(['ESOCKET', 'ECONNECTION']).toContain((error as MailDeliveryError).code);
  }
  await sink.start();
  await Promise.all([1, 2, 3].map((i) => m.send(message(i), { id: `down-${i}` })));
  expect(sink.ids.sort()).toEqual([
    '<down-1@punktejagd.example>',
    '<down-2@punktejagd.example>',
    '<down-3@punktejagd.example>',
    '<first@punktejagd.example>',
  ]);
});
