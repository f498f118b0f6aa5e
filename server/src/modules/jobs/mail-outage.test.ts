import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedClubs } from '../../test-support/seed.js';
import { createTestSmtp, type TestSmtp } from '../../test-support/smtp.js';
import { memberRegistration } from '../../test-support/members.js';

/**
 * Issue 9 "Proof": the SMTP server is stopped while 20 members register in parallel through the
 * real API (HTTP on a port); every sign-up answers as usual; once the SMTP server is back, each of
 * the 20 confirmation mails arrives exactly once, within the back-off. On PGlite and PostgreSQL.
 */

let t: TestApp;
let smtp: TestSmtp;
let base: string;

const PASSWORD = 'Abseits!2026';
const address = (i: number) => `stau-${i}@example.org`;

const registration = (email: string, clubId: string) => memberRegistration(email, clubId, PASSWORD);

async function signup(email: string, clubId: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${base}/content/public/spaces/erd/frontend-users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(email, clubId)),
  });
  await res.text();
  return { status: res.status, ms: Date.now() - started };
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

interface MailJobRow {
  state: string;
  retry_count: number;
  data: unknown;
  output: unknown;
}

const mailJobs = async () =>
  (
    (await t.ctx.db.execute(
      sql`select state::text as state, retry_count, data, output from pgboss.job where name = 'mail'`,
    )) as unknown as { rows: MailJobRow[] }
  ).rows;

beforeAll(async () => {
  smtp = await createTestSmtp();
  t = await createTestApp({
    realTime: true,
    // Quick back-off for the test (first retry after 1–2 s, then 2–4 s, …) and short SMTP timeouts.
    env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_TIMEOUT_SECONDS: '2', RATE_LIMIT_SCALE: '0' },
  });
  await seedClubs(t.ctx.db, 22);
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

test('with SMTP up, a confirmation mail leaves right after the sign-up is answered', async () => {
  const res = await signup('sofort@example.org', 'club-1010-m');
  expect(res.status).toBe(201);
  const ms = await until(() => smtp.to('sofort@example.org').length === 1, 5000, 'the mail');
  expect(ms).toBeLessThan(2000);
  const [mail] = smtp.to('sofort@example.org');
  expect(mail!.raw).toMatch(/^ {4}\d{6}$/m);
  expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  // A sent mail leaves nothing behind in the jobs table.
  await t.drainMail();
  expect(await mailJobs()).toEqual([]);
});

test('SMTP down while 20 members register: every sign-up answers; back up, each mail arrives exactly once', async () => {
  await smtp.stop();

  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => signup(address(i), `club-${1000 + Math.floor(i / 2)}-${i % 2 ? 'w' : 'm'}`)),
  );
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
  // The answers do not wait for SMTP (each is a few database writes, under load of 20 at once).
  expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(10_000);

  // Every mail has failed twice (first try and first retry): they wait in their back-off.
  await until(
    async () => {
      const jobs = await mailJobs();
      return jobs.length === 20 && jobs.every((job) => job.state === 'retry' && job.retry_count >= 1);
    },
    20_000,
    'two failed attempts of every mail',
  );
  const waiting = await mailJobs();
  // Address and code are sealed in the jobs table; the stored error names the failure, not the address.
  const stored = JSON.stringify(waiting);
  expect(stored).not.toContain('example.org');
  expect(stored).not.toMatch(/\b\d{6}\b/);
  expect(waiting.map((job) => (job.output as { code?: string }).code)).toEqual(Array(20).fill(expect.stringMatching(/^E[A-Z]+$/)));
  expect(smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('stau-')))).toEqual([]);

  await smtp.start();
  const recovered = await until(
    () => Array.from({ length: 20 }, (_, i) => smtp.to(address(i)).length > 0).every(Boolean),
    30_000,
    'all 20 mails',
  );
  // Within the back-off of the next retry (2–4 s here); the first mail through brings the others forward.
  expect(recovered).toBeLessThan(10_000);

  await t.drainMail();
  for (let i = 0; i < 20; i++) {
    const mails = smtp.to(address(i));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^ {4}\d{6}$/m);
  }
  expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(smtp.received.length);
  expect(await mailJobs()).toEqual([]);

  // The code in a late mail is the one stored: the member confirms with it.
  const code = /^ {4}(\d{6})$/m.exec(smtp.to(address(7))[0]!.raw)![1];
  const confirm = await fetch(`${base}/content/public/spaces/erd/frontend-users/signup/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address(7), code }),
  });
  expect(confirm.status).toBe(200);
}, 90_000);
