import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: whoever opens `${DATA_DIR}/pglite` holds `${DATA_DIR}/server.lock`
 * (its pid) until it closes the database. A lock whose process is gone is stale and taken over.
 */

export interface LockHolder {
  pid: number;
  role: string;
  since: string;
}

export class LockedError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder,
  ) {
    super(message);
    this.name = 'LockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(lockFile: string): LockHolder | null {
  let raw: string;
  try {
    raw = fs.readFileSync(lockFile, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number') {
      return { pid: parsed.pid, role: parsed.role ?? 'server', since: parsed.since ?? '' };
    }
  } catch {
    const pid = Number(raw.trim());
    if (Number.isInteger(pid) && pid > 0) return { pid, role: 'server', since: '' };
  }
  return null;
}

/** The live holder of the lock other than this process, or null. */
export function liveLockHolder(lockFile: string): LockHolder | null {
  const holder = readLock(lockFile);
  if (!holder || holder.pid === process.pid || !isAlive(holder.pid)) return null;
  return holder;
}

/**
 * Takes the lock for this process or throws `LockedError` when a live process holds it.
 * Returns the release function (idempotent).
 */
export function acquireLock(lockFile: string, role: string): () => void {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const content = JSON.stringify({ pid: process.pid, role, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, content, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = liveLockHolder(lockFile);
      if (holder) {
        throw new LockedError(
          `The embedded database in ${path.dirname(lockFile)} is in use by a running ${holder.role} (pid ${holder.pid}).`,
          holder,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
