import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importSeasonOnFirstStart } from './bootstrap.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { years } from './db/schema/index.js';
import { silentLogger } from './logger.js';
import { createJobQueue, type JobHandlers } from './modules/jobs/queue.js';
import { FIXTURE_SEASON, SERVER_ROOT } from './test-support/app.js';
import { createTestDatabase, type TestDatabase } from './test-support/db.js';

/**
 * Several instances starting at once on one empty database (compose, a new deployment):
 * scripts/test-topology.mjs found one of two failing to start, on a duplicate key of the season
 * import and on a deadlock of pg-boss creating its queues. On PostgreSQL each instance has a pool
 * of its own, as separate processes do.
 */

let db: TestDatabase;
let other: Database;
let dataDir: string;

beforeEach(async () => {
  db = await createTestDatabase();
  other = db.url ? await openDatabase({ databaseUrl: db.url }) : db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-bootstrap-'));
});
afterEach(async () => {
  if (other !== db) await other.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('three instances starting at once import the season once; the others start without importing', async () => {
  // Each instance with a data folder of its own (its media copies).
  const config = (instance: number) =>
    loadConfig(
      { DATA_DIR: path.join(dataDir, String(instance)), SEASON_DIR: FIXTURE_SEASON, ...(db.url ? { DATABASE_URL: db.url } : {}) },
      { serverRoot: SERVER_ROOT, cwd: dataDir },
    );
  const imported = await Promise.all([db, other, other].map((database, i) => importSeasonOnFirstStart(config(i), database, silentLogger)));
  expect(imported.filter(Boolean)).toHaveLength(1);
  expect(await db.db.select({ id: years.id }).from(years)).toHaveLength(1);
  // Started again later: nothing to do.
  expect(await importSeasonOnFirstStart(config(3), other, silentLogger)).toBe(false);
});

// PostgreSQL only: the race needs connections of their own; the embedded PGlite is one connection
// in one server process, which runs one job queue.
(process.env.DATABASE_URL ? test : test.skip)(
  'three job queues starting at once on a new database all start (pg-boss set-up races)',
  async () => {
    const config = loadConfig({ DATA_DIR: dataDir }, { serverRoot: SERVER_ROOT, cwd: dataDir });
    const handlers = new Proxy({}, { get: () => async () => undefined }) as JobHandlers;
    // The race is in creating the queues on a new database: a few new databases.
    for (let round = 0; round < 3; round++) {
      const fresh = round === 0 ? db : await createTestDatabase();
      const second = await openDatabase({ databaseUrl: fresh.url! });
      const queues = [fresh, second, second].map((database) =>
        createJobQueue({ database, secret: 'test-secret', mailDelivery: config.mailDelivery, log: silentLogger }),
      );
      try {
        const started = await Promise.allSettled(queues.map((queue) => queue.start(handlers)));
        expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
      } finally {
        await Promise.all(queues.map((queue) => queue.stop({ timeoutMs: 1000 })));
        await second.close();
        if (fresh !== db) await fresh.destroy();
      }
    }
  },
);
