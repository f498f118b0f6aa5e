import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { tempDir } from '../test-support/app.js';
import { acquireLock, liveLockHolder, LockedError, readLock } from './lock.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('erd-lock-');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('takes and releases the lock', () => {
  const file = path.join(dir, 'server.lock');
  const release = acquireLock(file, 'server');
  expect(readLock(file)).toMatchObject({ pid: process.pid, role: 'server' });
  release();
  expect(fs.existsSync(file)).toBe(false);
});

test('takes over a stale lock of a dead process', () => {
  const file = path.join(dir, 'server.lock');
  fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', since: '' }));
  expect(liveLockHolder(file)).toBeNull();
  const release = acquireLock(file, 'cli');
  expect(readLock(file)?.role).toBe('cli');
  release();
});

test('refuses while another live process holds it', async () => {
  const file = path.join(dir, 'server.lock');
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    fs.writeFileSync(file, JSON.stringify({ pid: child.pid, role: 'server', since: '' }));
    expect(() => acquireLock(file, 'cli')).toThrow(LockedError);
    expect(() => acquireLock(file, 'cli')).toThrow(`in use by a running server (pid ${child.pid})`);
  } finally {
    child.kill();
  }
});
