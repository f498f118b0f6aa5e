import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded PGlite's memory, and where a new embedded database comes from.
 *
 * Memory: PostgreSQL's shared buffers live in PGlite's WebAssembly heap, are written through when
 * the database starts (so they are resident at once) and a WebAssembly heap never shrinks. The
 * PostgreSQL default of 128 MB made them the largest single item of the server's memory; the data
 * files are also cached by the operating system, so the embedded default starts with 8 MB
 * (`PGLITE_SHARED_BUFFERS`; 16 MB cost ~9 MB more when idle and published a season of 58,000
 * entries no faster, `npm run bench:results`). The setting is passed on every start: it applies to
 * databases created with an older default too.
 *
 * A new database: PGlite creates one with initdb, which runs a second PostgreSQL instance with an
 * in-memory data folder beside the first, copies that folder over as a tar archive and keeps much
 * of it alive afterwards: ~700 MB resident and 10–15 s. So the server build runs initdb once
 * (`server/scripts/pglite-template.mjs`) into `server/dist/pglite-template`, and a first start
 * copies that folder (what PGlite's own `loadDataDir` does with an archive). A template made by
 * another PGlite version or other initdb settings is not used; without one (sources, tests), or if
 * the copy does not start, PGlite runs initdb as before.
 */

export const DEFAULT_PGLITE_SHARED_BUFFERS = '8MB';

/** initdb's settings of a new embedded database (written into its postgresql.conf). */
const INITDB_PARAMS = ['-c', `shared_buffers=${DEFAULT_PGLITE_SHARED_BUFFERS}`];

/** PostgreSQL's start parameters for PGlite: its defaults plus our memory settings. */
export function pgliteStartParams(sharedBuffers: string = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/** The PGlite options for a data folder (or memory), for the server and the template alike. */
export function pgliteOptions(sharedBuffers?: string) {
  return { startParams: pgliteStartParams(sharedBuffers), initDbStartParams: INITDB_PARAMS };
}

/** Where the build puts the template folder, and its stamp beside it. */
export function pgliteTemplatePaths(serverRoot: string) {
  const dir = path.join(serverRoot, 'dist', 'pglite-template');
  return { dir, stamp: `${dir}.json` };
}

interface TemplateStamp {
  pglite: string;
  initdb: string[];
}

/** The installed PGlite's version (its package.json, found from `serverRoot`). */
function installedPgliteVersion(serverRoot: string): string {
  const entry = createRequire(path.join(serverRoot, 'package.json')).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json of @electric-sql/pglite above ${entry}`);
    dir = parent;
  }
}

function expectedStamp(serverRoot: string): TemplateStamp {
  return { pglite: installedPgliteVersion(serverRoot), initdb: INITDB_PARAMS };
}

/**
 * Where a template is: `serverRoot` is the server folder (its PGlite is the one that counts), `dir`
 * the template folder (default `dist/pglite-template` there; tests use their own).
 */
export interface PgliteTemplate {
  serverRoot: string;
  dir?: string;
}

function templatePaths({ serverRoot, dir }: PgliteTemplate) {
  return dir ? { dir, stamp: `${dir}.json` } : pgliteTemplatePaths(serverRoot);
}

/** True when the template exists and was made by this PGlite with these settings. */
export function pgliteTemplateUsable(template: PgliteTemplate): boolean {
  const { serverRoot } = template;
  const { dir, stamp } = templatePaths(template);
  try {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) return false;
    const found = JSON.parse(fs.readFileSync(stamp, 'utf8')) as TemplateStamp;
    return JSON.stringify(found) === JSON.stringify(expectedStamp(serverRoot));
  } catch {
    return false;
  }
}

/**
 * Makes the template (initdb into a fresh folder, then a clean shutdown) unless a usable one is
 * there. Returns false when it was there already. Run by the server build in a process of its own.
 */
export async function buildPgliteTemplate(template: PgliteTemplate): Promise<boolean> {
  if (pgliteTemplateUsable(template)) return false;
  const { serverRoot } = template;
  const { dir, stamp } = templatePaths(template);
  const temp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });
  try {
    const pg = await PGlite.create(temp, pgliteOptions());
    await pg.query('select 1');
    await pg.close();
    fs.rmSync(stamp, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(temp, dir);
    fs.writeFileSync(stamp, `${JSON.stringify(expectedStamp(serverRoot), null, 2)}\n`);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return true;
}

/**
 * A new data folder from the template: copies it into `dataDir` when that holds no database yet and
 * the template is usable. Returns true when it copied. The copy goes to a sibling folder first and
 * is renamed into place, so a crash never leaves half a database at `dataDir`.
 */
export function seedFromTemplate(template: PgliteTemplate, dataDir: string): boolean {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !pgliteTemplateUsable(template)) return false;
  if (fs.existsSync(dataDir)) {
    // An empty folder (made by hand, or by an earlier start that failed before initdb) is replaced;
    // anything else is left to PGlite to judge.
    if (fs.readdirSync(dataDir).length) return false;
    fs.rmdirSync(dataDir);
  }
  const temp = `${dataDir}.tmp-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    fs.cpSync(templatePaths(template).dir, temp, { recursive: true });
    fs.renameSync(temp, dataDir);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return true;
}
