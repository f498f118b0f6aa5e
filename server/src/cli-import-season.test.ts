import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copySeason, FIXTURE_SEASON } from './test-support/app.js';
import { runCli, type CliRun } from './test-support/cli-process.js';
import { createTestDatabase, type TestDatabase } from './test-support/db.js';

/**
 * `import-season` as a process (issue 26): its flags, its report on stdout and its exit code
 * (0: the database matches the file or every difference was written; 2: differences listed and not
 * written; 1: an error). On PGlite in DATA_DIR and on PostgreSQL.
 */

jest.setTimeout(180_000);

let database: TestDatabase | null = null;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-cli-import-'));
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[]): Promise<CliRun> {
  return runCli(args, {
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    APP_SECRET: 'cli-import-test-secret-0123456789abcdef',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  });
}

test('import-season adds, reports differences (exit 2), writes nothing in a dry run and writes them with --overwrite', async () => {
  const first = await cli(['import-season', FIXTURE_SEASON]);
  expect(first).toMatchObject({ code: 0 });
  expect(first.stdout).toContain('  year: inserted, site: inserted, current season: (none) → year-test');

  const dir = copySeason((season) => {
    (season.challenges as Array<Record<string, unknown>>)[0]!.headline = 'Schätzen neu';
  });
  const reported = await cli(['import-season', dir]);
  expect(reported.code).toBe(2);
  expect(reported.stdout).toContain('Differences (database → file), NOT written: 1; to write them run again with --overwrite');
  expect(reported.stdout).toContain('  challenge challenge-estimate · headline: "Schätzen" → "Schätzen neu"');

  const dry = await cli(['import-season', dir, '--dry-run', '--overwrite']);
  expect(dry.code).toBe(2);
  expect(dry.stdout).toMatch(/^Dry run \(nothing written\): would import year-test/);
  expect((await cli(['import-season', dir])).stdout).toContain('NOT written: 1');

  const written = await cli(['import-season', dir, '--overwrite']);
  expect(written.code).toBe(0);
  expect(written.stdout).toContain('Differences (database → file), written (--overwrite): 1');
  expect(await cli(['import-season', dir])).toMatchObject({ code: 0 });

  const wrong = await cli(['import-season', dir, '--overwrite=yes']);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain('--overwrite takes no value');
});
