import fs from 'node:fs';
import path from 'node:path';
import { berlinToday, shiftedNow, type RuntimeConfigDto } from '@erd/shared-contracts/wire';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://punktejagd.example.org/',
      SERVICE_EMAIL: 'service@brauerei.example',
      SOCIAL_TIKTOK: 'https://www.tiktok.com/@brauerei',
      IDENTITY_USER_POOL_ID: 'eu-central-1_Abc123',
    },
  });
});
afterAll(() => t.close());

const config = async () => {
  const res = await t.app.inject({ url: '/config.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  return res.json<RuntimeConfigDto>();
};

test('GET /config.json has the RuntimeConfigDto shape with values from the environment', async () => {
  expect(await config()).toEqual({
    productName: 'Punktejagd',
    publicUrl: 'https://punktejagd.example.org',
    contentApi: { base: '/content', spaceId: 'erd' },
    identity: { region: 'eu-central-1', userPoolId: 'eu-central-1_Abc123', clientId: 'erdlocalclient', endpoint: '/identity' },
    remotes: [
      { name: 'mf_auth', entry: '/remotes/mf_auth/mf-manifest.json' },
      { name: 'mf_challenges', entry: '/remotes/mf_challenges/mf-manifest.json' },
      { name: 'mf_standings', entry: '/remotes/mf_standings/mf-manifest.json' },
      { name: 'mf_profile', entry: '/remotes/mf_profile/mf-manifest.json' },
      { name: 'mf_backoffice', entry: '/remotes/mf_backoffice/mf-manifest.json' },
    ],
    newsletterUrl: '/api/public/newsletter',
    resultsBase: '/results',
    serviceEmail: 'service@brauerei.example',
    social: {
      facebook: 'https://www.facebook.com/',
      youtube: 'https://www.youtube.com/',
      tiktok: 'https://www.tiktok.com/@brauerei',
      instagram: 'https://www.instagram.com/',
    },
    clockOffsetDays: 0,
  });
});

test('with CLOCK_OFFSET_DAYS /config.json carries the server’s day: the page adds the offset to its own clock', async () => {
  // 00:30 on 1 June in Berlin; the server rehearses 40 days earlier.
  const real = new Date('2026-05-31T22:30:00Z');
  const shifted = await createTestApp({ now: real, env: { CLOCK_OFFSET_DAYS: '-40' } });
  try {
    const res = await shifted.app.inject({ url: '/config.json' });
    const { clockOffsetDays } = res.json<RuntimeConfigDto>();
    expect(clockOffsetDays).toBe(-40);
    // What a page whose clock is right computes is the server's own day.
    expect(berlinToday(shiftedNow(clockOffsetDays ?? 0, real))).toBe(berlinToday(shifted.ctx.now()));
    expect(berlinToday(shifted.ctx.now())).toBe('2026-04-22');
    // An offset of days, not a day: a copy kept past midnight still gives the right day.
    expect(res.headers['cache-control']).toBe('no-cache');
  } finally {
    await shifted.close();
  }
});

test('a release shows on the next request, without a restart; rollback switches back', async () => {
  const v1 = path.join(t.dataDir, 'standings-v1');
  const v2 = path.join(t.dataDir, 'standings-v2');
  writeFiles(v1, { 'mf-manifest.json': '{"v":1}' });
  writeFiles(v2, { 'mf-manifest.json': '{"v":2}' });
  await t.releases.create({ name: 'mf_standings', distDir: v1, id: 'one' });
  let remotes = (await config()).remotes;
  expect(remotes.find((r) => r.name === 'mf_standings')).toEqual({
    name: 'mf_standings',
    entry: '/remotes/mf_standings/one/mf-manifest.json',
    release: 'one',
  });
  expect(remotes.find((r) => r.name === 'mf_auth')).toEqual({ name: 'mf_auth', entry: '/remotes/mf_auth/mf-manifest.json' });

  await t.releases.create({ name: 'mf_standings', distDir: v2, id: 'two' });
  remotes = (await config()).remotes;
  expect(remotes.find((r) => r.name === 'mf_standings')?.release).toBe('two');

  await t.releases.rollback({ name: 'mf_standings', id: 'one' });
  remotes = (await config()).remotes;
  expect(remotes.find((r) => r.name === 'mf_standings')?.entry).toBe('/remotes/mf_standings/one/mf-manifest.json');
});

// The embedded default's pointer file (with PostgreSQL the pointer is a row with a foreign key).
(process.env.DATABASE_URL ? test.skip : test)('a broken current.json falls back to the workspace build', async () => {
  fs.writeFileSync(path.join(t.dataDir, 'remotes/mf_standings/current.json'), '{ broken');
  const remotes = (await config()).remotes;
  expect(remotes.find((r) => r.name === 'mf_standings')).toEqual({
    name: 'mf_standings',
    entry: '/remotes/mf_standings/mf-manifest.json',
  });
});

test('the response sets no cookie: a shared cache may keep it (the anti-forgery cookie has its own private answer)', async () => {
  const res = await t.app.inject({ url: '/config.json' });
  expect([res.statusCode, res.headers['cache-control'], res.headers['set-cookie']]).toEqual([200, 'no-cache', undefined]);
});
