import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, berlinToday } from './lib/dates.js';
import { FIXTURE_SEASON } from './test-support/app.js';
import { runCli, type CliRun } from './test-support/cli-process.js';
import { createTestDatabase, type TestDatabase } from './test-support/db.js';

/**
 * The CLI runs on the server's clock (issue 22, point 17): with CLOCK_OFFSET_DAYS of a staging
 * rehearsal, `results publish` refuses a challenge that is still open on the rehearsal's day,
 * though it ended long ago in real time. The CLI as a process (`src/cli.ts` from the sources, as
 * server-process.ts starts the server), on PGlite in DATA_DIR and on PostgreSQL.
 */

jest.setTimeout(180_000);

let database: TestDatabase | null = null;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-cli-clock-'));
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCli(args, {
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    APP_SECRET: 'cli-clock-test-secret-0123456789abcdef',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
}

/** CLOCK_OFFSET_DAYS that makes the app clock's day `day` (Europe/Berlin) today. */
function offsetTo(day: string): string {
  const today = berlinToday(new Date());
  for (let days = -3650; days <= 3650; days++) if (addDays(today, days) === day) return String(days);
  throw new Error(`${day} is more than ten years from ${today}`);
}

test('results publish refuses a challenge open on the rehearsal’s day and publishes it once that day is past', async () => {
  const imported = await cli(['import-season', FIXTURE_SEASON]);
  expect(imported).toMatchObject({ code: 0 });
  // The fixture's estimate challenge runs 01.03.–31.03.2026 and has its right answer.

  // Rehearsing 15.03.2026: the challenge runs; the CLI says so and publishes nothing.
  const during = await cli(['results', 'publish', 'challenge-estimate'], { CLOCK_OFFSET_DAYS: offsetTo('2026-03-15') });
  expect(during.stderr).toContain('Die Challenge ist noch nicht zu Ende: Ergebnisse können ab dem 01.04.2026 veröffentlicht werden.');
  expect(during.stderr).toContain("the clock is shifted like the server's (today is 2026-03-15)");
  expect(during.code).toBe(1);
  const list = await cli(['results', 'list'], { CLOCK_OFFSET_DAYS: offsetTo('2026-03-15') });
  expect(list.code).toBe(0);
  // `results list` on the same clock: the challenge runs and nothing is published.
  expect(list.stdout).toMatch(/#1 challenge-estimate .*\n.*läuft \(ongoing\), veröffentlichbar ab 2026-04-01 · nicht veröffentlicht/);

  // Rehearsing 01.04.2026, the first day after it: published.
  const after = await cli(['results', 'publish', 'challenge-estimate'], { CLOCK_OFFSET_DAYS: offsetTo('2026-04-01') });
  expect(after.stdout).toContain('Published challenge-estimate version 1');
  expect(after.code).toBe(0);
});
