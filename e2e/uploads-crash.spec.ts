import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PresignedPostDto } from '@erd/shared-contracts/wire';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { accessToken, clubHeaders } from './support/api-client';
import { clubs, registerConfirmed } from './support/accounts';
import { expect, test } from './support/fixtures';
import { e2eDataDir, repoRoot } from './support/paths';
import { rawPicture } from '../server/src/test-support/pictures';
import { startFreshOwnSite, startOwnSite, stopOwnSite, type OwnServer } from './support/own-server';

/**
 * A server killed (kill -9) while it processes a picture: after the restart nothing of the upload is
 * half there (no entry, the key not usable), the picture worker did not outlive its server, and the
 * club uploads the picture again and makes its entry.
 */
test.describe.configure({ mode: 'serial' });
const PORT = 3275;
test.use({ baseURL: `http://localhost:${PORT}` });

const dataDir = path.join(path.dirname(e2eDataDir), 'e2e-upload-crash-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), PICTURE_WORKERS: '1' };
const incoming = path.join(dataDir, 'uploads', '.incoming');

let server: OwnServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ server, api } = await startFreshOwnSite({ port: PORT, dataDir, env: serverEnv }));
});
test.afterAll(() => stopOwnSite({ server, api }));

/** A 6000 × 4000 photo stand-in under 10 MB: its processing takes long enough to be interrupted. */
async function largePhoto(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  return rawPicture(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, ((x ^ y) & 31) * 4])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('kill -9 during processing: after the restart nothing is half there, and the upload can be made again', async () => {
  test.setTimeout(120_000);
  const club = (await clubs(api))[2]!;
  const email = await registerConfirmed(api, club, { dataDir });
  const headers = () => clubHeaders(api, email);
  const photo = await largePhoto();
  expect(photo.length).toBeLessThan(10 * 1024 * 1024);

  // Warm the picture worker up, so that its pid is known before the kill.
  const presign = async () => {
    const res = await api.post('/api/challenge/particpation/e2e-bild/createpresignedpost', {
      headers: await headers(),
      data: { name: 'jubel.jpg', contentType: 'image/jpeg' },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as PresignedPostDto;
  };
  const upload = (post: PresignedPostDto, data: Buffer) =>
    fetch(`${server.baseURL}${post.data.url}`, {
      method: 'POST',
      headers: (() => {
        const h = new Headers();
        h.set('x-xsrf-token', 'e2e-crash-token-0123456789');
        h.set('cookie', 'XSRF-TOKEN=e2e-crash-token-0123456789');
        return h;
      })(),
      body: (() => {
        const form = new FormData();
        for (const [k, v] of Object.entries(post.data.fields)) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'jubel.jpg');
        return form;
      })(),
    });

  const interrupted = await presign();
  const sent = upload(interrupted, photo).then(
    (res) => `answered ${res.status}`,
    () => 'connection lost',
  );
  // The body has arrived whole (its part file has the photo's size): processing runs now. Kill.
  let worker: number | undefined;
  for (let i = 0; i < 400; i++) {
    const part = existsSync(incoming)
      ? readdirSync(incoming).find((f) => f.startsWith(interrupted.file) && f.endsWith('.part'))
      : undefined;
    worker ??= childrenOf(server.pid)[0];
    if (part && statSync(path.join(incoming, part)).size >= photo.length && worker) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(worker, 'a picture worker runs beside the server').toBeDefined();
  await server.kill();
  expect(await sent).toBe('connection lost');
  // The worker does not outlive its server.
  await expect.poll(() => alive(worker!), { timeout: 10_000 }).toBe(false);

  // Restart on the same data.
  await api.dispose();
  ({ server, api } = await startOwnSite({ port: PORT, dataDir, env: serverEnv }));

  // Nothing half: the interrupted key makes no entry, and there is none.
  const useIt = await api.put('/api/challenge/particpation/e2e-bild', { headers: await headers(), data: { picture: interrupted.file } });
  expect(useIt.status()).toBe(400);
  const own = await api.get('/api/challenge/particpation/e2e-bild', {
    headers: { authorization: `Bearer ${await accessToken(api, email)}` },
  });
  expect(await own.json()).toBeNull();

  // The club uploads again (a smaller picture) and makes its entry; its files are served.
  const again = await presign();
  const small = await sharp(photo).resize({ width: 1600 }).jpeg().toBuffer();
  const res = await upload(again, small);
  expect(res.status).toBe(201);
  const saved = await api.put('/api/challenge/particpation/e2e-bild', { headers: await headers(), data: { picture: again.file } });
  expect(saved.status(), await saved.text()).toBe(200);
  const entry = await saved.json();
  for (const url of [entry.fields.image.fields.file.url, ...entry.fields.image.metadata.thumbnails.map((t: { url: string }) => t.url)]) {
    expect([url, (await api.get(url)).status()]).toEqual([url, 200]);
  }
});
