import { verifyAccessToken } from '../modules/identity/tokens.js';
import { createTestApp, type TestApp } from './app.js';
import { createMember } from './members.js';
import { seedClubs, seedYear } from './seed.js';

/**
 * Test apps on one database (`createTestApp({ database })`): a second app given no clock keeps the
 * first app's. With a clock of its own at today's date, its clean-up worker (the cron job any app
 * on the database may pick up) ended the first app's sessions, fixed in the season, as long
 * expired: the first app's member then voted as a guest (400 ProofRequired), now and then.
 */

const IN_SEASON = new Date('2026-06-15T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: IN_SEASON });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 1);
});
afterAll(() => t.close());

test('a second app on the database runs on the first app’s clock, and its clean-up leaves the first app’s sessions alone', async () => {
  const member = await createMember(t, 'club-1000-m');
  const second = await createTestApp({ database: t.database });
  try {
    expect(second.ctx.now().toISOString()).toBe(IN_SEASON.toISOString());
    expect(second.ctx.identity.realNow().toISOString()).toBe(IN_SEASON.toISOString());
    await second.app.jobs.enqueue(second.ctx.db, 'cleanup', {});
    await second.app.jobs.drain('cleanup');
  } finally {
    await second.close();
  }
  await expect(verifyAccessToken(t.ctx, member.accessToken)).resolves.toMatchObject({ sub: member.sub });
});

test('a second app follows the first app’s clock when it moves, until it is given a time of its own', async () => {
  const second = await createTestApp({ database: t.database });
  try {
    const later = new Date('2026-07-01T08:00:00Z');
    t.setNow(later);
    expect(second.ctx.now().toISOString()).toBe(later.toISOString());
    const own = new Date('2026-08-01T08:00:00Z');
    second.setNow(own);
    expect(second.ctx.now().toISOString()).toBe(own.toISOString());
    expect(t.ctx.now().toISOString()).toBe(later.toISOString());
  } finally {
    t.setNow(IN_SEASON);
    await second.close();
  }
});

test('a second app given a clock of its own keeps it', async () => {
  const own = new Date('2026-09-01T12:00:00Z');
  const second = await createTestApp({ database: t.database, now: own });
  try {
    expect(second.ctx.now().toISOString()).toBe(own.toISOString());
  } finally {
    await second.close();
  }
});
