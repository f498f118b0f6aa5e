import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '../../bootstrap.js';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { moderationLog, newsletterSubscriptions } from '../../db/schema/index.js';
import { CSV_BOM } from '../../lib/csv.js';
import { SERVER_ROOT, tempDir } from '../../test-support/app.js';
import { runCli } from '../../test-support/cli-process.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { subscribersCsv } from './service.js';

/**
 * The command line's `newsletter-export` is the back office's export (one CSV writer, lib/csv.ts):
 * the same file byte for byte, formula cells neutralised, and audited with the command line as
 * actor. The CLI as a process, on PGlite in DATA_DIR and on PostgreSQL with DATABASE_URL.
 */

jest.setTimeout(120_000);

const FORMULA = "=cmd|'/ccalc'!a0@example.org";
const APP_SECRET = 'cli-export-test-secret-0123456789abcdef';
let dataDir: string;
let postgres: TestDatabase | null = null;

/** The database the CLI will open, for the time of `work` (PGlite in DATA_DIR is locked while open). */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (postgres) return work(postgres.db);
  const opened = await openConfiguredDatabase(
    loadConfig({ DATA_DIR: dataDir, WEB_ROOT: dataDir, APP_SECRET }, { serverRoot: SERVER_ROOT, cwd: dataDir }),
    'cli',
  );
  try {
    return await work(opened.database.db);
  } finally {
    await opened.close();
  }
}

beforeAll(async () => {
  dataDir = tempDir('erd-cli-export-');
  postgres = process.env.DATABASE_URL ? await createTestDatabase() : null;
  await withDb(async (db) => {
    const confirmed = (email: string, confirmedAt: string) => ({
      email,
      status: 'confirmed' as const,
      unsubscribeToken: `token-${email}`,
      consentTextVersion: 'newsletter-2026-01',
      consentedAt: new Date('2026-06-01T08:00:00Z'),
      confirmedAt: new Date(confirmedAt),
    });
    await db
      .insert(newsletterSubscriptions)
      .values([
        confirmed('anna@verein.example', '2026-06-01T09:30:00Z'),
        confirmed(FORMULA, '2026-01-15T12:00:00Z'),
        confirmed('+49@verein.example', '2026-06-02T10:00:00Z'),
        { ...confirmed('offen@verein.example', '2026-06-02T10:00:00Z'), status: 'pending', confirmedAt: null },
      ]);
  });
});

afterAll(async () => {
  await postgres?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('newsletter-export writes the back office’s file: BOM, `;`, CRLF, Berlin time, no formula cell; audited as the command line', async () => {
  const run = await runCli(['newsletter-export'], {
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    APP_SECRET,
    ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
  });
  expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  expect(run.stdout).toBe(
    CSV_BOM +
      'E-Mail;Bestätigt (Europe/Berlin);Einwilligungstext\r\n' +
      "'+49@verein.example;2026-06-02 12:00:00;newsletter-2026-01\r\n" +
      "'=cmd|'/ccalc'!a0@example.org;2026-01-15 13:00:00;newsletter-2026-01\r\n" +
      'anna@verein.example;2026-06-01 11:30:00;newsletter-2026-01\r\n',
  );
  // No line of the file starts a formula.
  for (const line of run.stdout.slice(1).split('\r\n')) expect(line).not.toMatch(/^[=+\-@\t]/);

  await withDb(async (db) => {
    const rows = await db.select().from(moderationLog).where(eq(moderationLog.action, 'newsletter-export'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId: null,
      actor: expect.stringMatching(/^cli:/),
      subjectType: 'newsletter',
      details: { exported: 3, format: 'csv' },
    });
    expect(JSON.stringify(rows[0])).not.toContain('@verein.example');
    // The back office's export of the same database is the same file.
    const admin = { operatorId: 'op-1', name: 'admin@example.org', role: 'admin' as const };
    expect((await subscribersCsv({ ctx: { db, now: () => new Date() }, input: { actor: admin } })).text).toBe(run.stdout);
  });
});
