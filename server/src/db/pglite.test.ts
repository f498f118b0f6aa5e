import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../test-support/db.js';
import { openDatabase, type Database } from './client.js';
import { buildPgliteTemplate, pgliteTemplateUsable, seedFromTemplate, type PgliteTemplate } from './pglite.js';
import { clubs } from './schema/index.js';

// The embedded database's template (db/pglite.ts). Only the PGlite runs matter here: with
// DATABASE_URL set the suite still runs on PGlite (it is what the template is for).

const serverRoot = path.resolve(__dirname, '../..');
let tmp: string;
let template: PgliteTemplate;
const opened: Database[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-pglite-template-'));
  template = { serverRoot, dir: path.join(tmp, 'template') };
  expect(pgliteTemplateUsable(template)).toBe(false);
  await expect(buildPgliteTemplate(template)).resolves.toBe(true);
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(dir: string, sharedBuffers?: string): Promise<Database> {
  const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template, pgliteSharedBuffers: sharedBuffers });
  opened.push(database);
  return database;
}

const setting = async (database: Database, name: string) =>
  ((await database.db.execute(sql.raw(`select current_setting('${name}') as value`))) as unknown as { rows: Array<{ value: string }> })
    .rows[0].value;

test('a built template is stamped and not built again', async () => {
  expect(pgliteTemplateUsable(template)).toBe(true);
  expect(JSON.parse(fs.readFileSync(`${template.dir}.json`, 'utf8'))).toEqual({
    pglite: expect.stringMatching(/^\d+\.\d+\.\d+/),
    initdb: expect.any(Array),
  });
  await expect(buildPgliteTemplate(template)).resolves.toBe(false);
});

test('a new data folder is a copy of the template: it migrates, keeps its rows over a restart and starts with small shared buffers', async () => {
  const dir = path.join(tmp, 'data-a', 'pglite');
  const database = await open(dir);
  expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  expect(fs.readdirSync(path.dirname(dir))).toEqual(['pglite']); // no copy left beside it
  await database.migrate(MIGRATIONS_DIR);
  await database.db.insert(clubs).values({ id: 'club-1-m', clubnumber: '1', clubname: 'A', team: 'm', search: 'a 1' });
  expect(await setting(database, 'shared_buffers')).toBe('8MB');
  await database.close();

  // Opened again: the database is there (the template is not copied over it) with the setting given now.
  expect(seedFromTemplate(template, dir)).toBe(false);
  const again = await open(dir, '32MB');
  expect(await again.db.select().from(clubs)).toHaveLength(1);
  expect(await setting(again, 'shared_buffers')).toBe('32MB');
  await again.close();
}, 60_000);

test('a template of another PGlite version, or a folder with other files, is not used', () => {
  const other: PgliteTemplate = { serverRoot, dir: path.join(tmp, 'other-template') };
  fs.cpSync(template.dir!, other.dir!, { recursive: true });
  fs.writeFileSync(`${other.dir}.json`, JSON.stringify({ pglite: '0.0.1', initdb: [] }));
  expect(pgliteTemplateUsable(other)).toBe(false);
  expect(seedFromTemplate(other, path.join(tmp, 'data-b'))).toBe(false);
  expect(fs.existsSync(path.join(tmp, 'data-b'))).toBe(false);

  const busy = path.join(tmp, 'data-c');
  fs.mkdirSync(busy);
  fs.writeFileSync(path.join(busy, 'notes.txt'), 'mine');
  expect(seedFromTemplate(template, busy)).toBe(false);
  expect(fs.readdirSync(busy)).toEqual(['notes.txt']);

  const empty = path.join(tmp, 'data-d');
  fs.mkdirSync(empty);
  expect(seedFromTemplate(template, empty)).toBe(true);
  expect(fs.existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);
});

test('a copied template that does not start is replaced by a database from initdb', async () => {
  const damaged: PgliteTemplate = { serverRoot, dir: path.join(tmp, 'damaged-template') };
  fs.cpSync(template.dir!, damaged.dir!, { recursive: true });
  fs.copyFileSync(`${template.dir}.json`, `${damaged.dir}.json`);
  fs.rmSync(path.join(damaged.dir!, 'global'), { recursive: true });
  const dir = path.join(tmp, 'data-e');
  const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: damaged });
  opened.push(database);
  await database.migrate(MIGRATIONS_DIR);
  await expect(database.ping()).resolves.toBeUndefined();
  expect(fs.existsSync(path.join(dir, 'global', 'pg_control'))).toBe(true);
}, 120_000);
