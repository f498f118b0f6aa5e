import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { REMOTE_WORKSPACES, SERVED_REMOTE_NAMES, type ServedRemoteName } from '../../config.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';

/**
 * Remote releases (house style: deploying a remote = uploading its build and switching its entry),
 * in one of two stores behind `ReleaseStore` (docs/decisions/0011-stateless-instances.md):
 * - PostgreSQL (DATABASE_URL): the files and the live pointer in the database
 *   (database-store.ts), so every instance serves every release;
 * - the embedded default (PGlite): the folders below. `${DATA_DIR}/remotes/<name>/<releaseId>/`
 *   holds a copy of a remote's dist; `current.json` next to them points at the live one and is
 *   replaced atomically (write a temp file, then rename). No database involved, so this works while
 *   the server (which holds the PGlite database) runs; the server reads `current.json` per request
 *   to /config.json.
 */

export const MANIFEST = 'mf-manifest.json';
export const POINTER_FILE = 'current.json';
export const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export interface ReleasePointer {
  release: string;
  entry: string;
  publishedAt: string;
}

export interface ReleaseInfo {
  id: string;
  createdAt: string;
  current: boolean;
}

/** `mf-auth` or `mf_auth` → `mf_auth`. */
export function parseRemoteName(value: string): ServedRemoteName {
  const normalized = value.trim().replace(/-/g, '_');
  const name = SERVED_REMOTE_NAMES.find((n) => n === normalized);
  if (!name) {
    throw new ValidationError(`Unknown remote "${value}". Use one of: ${SERVED_REMOTE_NAMES.map((n) => REMOTE_WORKSPACES[n]).join(', ')}`);
  }
  return name;
}

export function remoteReleasesDir(remotesDir: string, name: ServedRemoteName): string {
  return path.join(remotesDir, name);
}

export function releaseDir(remotesDir: string, name: ServedRemoteName, id: string): string {
  if (!RELEASE_ID.test(id)) throw new ValidationError(`Invalid release id "${id}"`);
  return path.join(remotesDir, name, id);
}

export function releaseEntry(name: ServedRemoteName, id: string): string {
  return `/remotes/${name}/${encodeURIComponent(id)}/${MANIFEST}`;
}

function isPointer(value: unknown): value is ReleasePointer {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.release === 'string' && typeof v.entry === 'string' && RELEASE_ID.test(v.release);
}

/** The live release of a remote, or null when none was released (then the workspace build is used). */
export async function readCurrentRelease(remotesDir: string, name: ServedRemoteName): Promise<ReleasePointer | null> {
  let raw: string;
  try {
    raw = await fs.readFile(path.join(remotesDir, name, POINTER_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPointer(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Is `id` a release folder of this remote? (Used by the static route to tell release paths apart.) */
export async function isReleaseDir(remotesDir: string, name: ServedRemoteName, id: string): Promise<boolean> {
  if (!RELEASE_ID.test(id)) return false;
  try {
    return (await fs.stat(path.join(remotesDir, name, id))).isDirectory();
  } catch {
    return false;
  }
}

/** The files below `dir`, relative and `/`-separated, sorted. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** A hash over the file names and contents of a folder. */
export async function hashDir(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const rel of await listFiles(dir)) {
    hash
      .update(rel)
      .update('\0')
      .update(await fs.readFile(path.join(dir, rel)))
      .update('\0');
  }
  return hash.digest('hex');
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, content);
  await fs.rename(temp, file);
}

async function writePointer(remotesDir: string, name: ServedRemoteName, id: string, now: Date): Promise<ReleasePointer> {
  const pointer: ReleasePointer = { release: id, entry: releaseEntry(name, id), publishedAt: now.toISOString() };
  await writeAtomically(path.join(remotesDir, name, POINTER_FILE), `${JSON.stringify(pointer, null, 2)}\n`);
  return pointer;
}

export function timestampId(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export interface CreateReleaseInput {
  remotesDir: string;
  name: ServedRemoteName;
  distDir: string;
  id?: string;
  now?: Date;
}

export interface CreatedRelease {
  id: string;
  /** The folder store's release folder (absent in the database). */
  dir?: string;
  files: number;
  pointer: ReleasePointer;
}

/** Where releases are kept: folders (embedded default) or the database (PostgreSQL). */
export interface ReleaseStore {
  readonly kind: 'folder' | 'database';
  /** Copies a remote's build into a new release and makes it the live one. */
  create(input: { name: ServedRemoteName; distDir: string; id?: string; now?: Date }): Promise<CreatedRelease>;
  /** The releases of a remote, oldest first. */
  list(name: ServedRemoteName): Promise<ReleaseInfo[]>;
  /** Makes an existing release the live one again. */
  rollback(input: { name: ServedRemoteName; id: string; now?: Date }): Promise<ReleasePointer>;
}

export function createFolderReleaseStore(remotesDir: string): ReleaseStore {
  return {
    kind: 'folder',
    create: (input) => createRelease({ remotesDir, ...input }),
    list: (name) => listReleases(remotesDir, name),
    rollback: (input) => rollbackRelease({ remotesDir, ...input }),
  };
}

/** The build folder, absolute, once it has a manifest. */
export async function checkBuild(dir: string, name: ServedRemoteName): Promise<string> {
  const distDir = path.resolve(dir);
  try {
    await fs.access(path.join(distDir, MANIFEST));
  } catch {
    throw new NotFoundError(`${distDir} has no ${MANIFEST}: build the remote first (npm run build -w ${REMOTE_WORKSPACES[name]})`);
  }
  return distDir;
}

/** Copies a remote's build into a new release folder and makes it the live one. */
export async function createRelease(input: CreateReleaseInput): Promise<CreatedRelease> {
  const now = input.now ?? new Date();
  const distDir = await checkBuild(input.distDir, input.name);
  const files = await listFiles(distDir);
  const id = input.id ?? `${timestampId(now)}-${(await hashDir(distDir)).slice(0, 8)}`;
  const target = releaseDir(input.remotesDir, input.name, id);
  try {
    await fs.access(target);
    throw new ConflictError(`Release "${id}" of ${input.name} already exists`);
  } catch (error) {
    if (error instanceof ConflictError) throw error;
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Copy into a temporary folder first, so a half-copied release never has its final name.
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  await fs.cp(distDir, temp, { recursive: true });
  await fs.rename(temp, target);
  const pointer = await writePointer(input.remotesDir, input.name, id, now);
  return { id, dir: target, files: files.length, pointer };
}

export async function listReleases(remotesDir: string, name: ServedRemoteName): Promise<ReleaseInfo[]> {
  const dir = path.join(remotesDir, name);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const current = await readCurrentRelease(remotesDir, name);
  const releases: ReleaseInfo[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !RELEASE_ID.test(entry.name) || entry.name.endsWith('.partial')) continue;
    const stat = await fs.stat(path.join(dir, entry.name));
    releases.push({ id: entry.name, createdAt: stat.mtime.toISOString(), current: current?.release === entry.name });
  }
  return releases.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

/** Makes an existing release the live one again. */
export async function rollbackRelease(input: {
  remotesDir: string;
  name: ServedRemoteName;
  id: string;
  now?: Date;
}): Promise<ReleasePointer> {
  if (!(await isReleaseDir(input.remotesDir, input.name, input.id))) {
    throw new NotFoundError(`Release "${input.id}" of ${input.name} not found`);
  }
  try {
    await fs.access(path.join(input.remotesDir, input.name, input.id, MANIFEST));
  } catch {
    throw new NotFoundError(`Release "${input.id}" of ${input.name} has no ${MANIFEST}`);
  }
  return writePointer(input.remotesDir, input.name, input.id, input.now ?? new Date());
}
