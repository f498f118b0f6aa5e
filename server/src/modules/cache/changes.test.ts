import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { CHANGES_CHANNEL, createChangeFeed, topics } from './changes.js';
import { createDocumentCache } from './documents.js';

/**
 * The change feed on PGlite and PostgreSQL: announcements reach the other feeds of the database
 * (not the sender's own, which applied them already); a lost listening connection (PostgreSQL)
 * turns the feed off — every request reads — and when it is back every older copy is dropped.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function until(check: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > 5000) throw new Error(`${what}: not within 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('an announcement changes the topic here at once and on the other feed when its notification arrives', async () => {
  const a = createChangeFeed(database);
  const b = createChangeFeed(database);
  await a.start();
  await b.start();
  try {
    expect([a.live, b.live]).toEqual([true, true]);
    const topic = [topics.entries('c-1')];
    const other = [topics.entries('c-2')];
    const [aBefore, bBefore, bOther] = [a.changedAt(topic), b.changedAt(topic), b.changedAt(other)];
    const sent = a.announce(topic);
    expect(a.changedAt(topic)).toBeGreaterThan(aBefore);
    await sent;
    await until(() => b.changedAt(topic) > bBefore, 'the other feed');
    expect(b.changedAt(other)).toBe(bOther);
    // Many announcements while one notification is under way go out together, none is lost.
    await Promise.all(Array.from({ length: 20 }, (_, i) => a.announce([topics.entries(`burst-${i}`)])));
    await until(
      () => Array.from({ length: 20 }, (_, i) => b.changedAt([topics.entries(`burst-${i}`)])).every((at) => at > bBefore),
      'the burst',
    );
  } finally {
    await a.stop();
    await b.stop();
  }
});

test('a cache serves its copy until a change of one of its topics, one load for many requests', async () => {
  const feed = createChangeFeed(database);
  await feed.start();
  try {
    const cache = createDocumentCache({ feed });
    let loads = 0;
    const loader = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return { body: JSON.stringify({ loads }) };
    };
    const docs = await Promise.all(Array.from({ length: 30 }, () => cache.get('k', [topics.content, topics.entries('c-1')], loader)));
    expect(new Set(docs).size).toBe(1);
    expect(loads).toBe(1);
    expect(await cache.get('k', [topics.content, topics.entries('c-1')], loader)).toBe(docs[0]);
    await feed.announce([topics.entries('c-9')]);
    expect(await cache.get('k', [topics.content, topics.entries('c-1')], loader)).toBe(docs[0]);
    // A change while a load is under way: that load is not kept, the next request loads again.
    const during = cache.get('k2', [topics.content], loader);
    await feed.announce([topics.content]);
    await during;
    const after = await cache.get('k2', [topics.content], loader);
    expect(JSON.parse(after.body.toString()).loads).toBe(loads);
    expect(loads).toBe(3);
    expect(after.gzip.length).toBeGreaterThan(0);
    expect(after.br.length).toBeGreaterThan(0);
  } finally {
    await feed.stop();
  }
});

(process.env.DATABASE_URL ? test : test.skip)(
  'PostgreSQL: a lost listening connection turns the feed off until it listens again, then older copies are dropped',
  async () => {
    const feed = createChangeFeed(database);
    await feed.start();
    try {
      const cache = createDocumentCache({ feed });
      let version = 1;
      const loader = async () => ({ body: JSON.stringify({ version }) });
      const first = await cache.get('k', [topics.content], loader);
      const listening = async (): Promise<unknown[]> => {
        const result = (await database.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${CHANGES_CHANNEL}"`}`,
        )) as unknown as { rows: unknown[] };
        return result.rows;
      };
      expect(await listening()).toHaveLength(1);
      const before = feed.changedAt([topics.content]);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${CHANGES_CHANNEL}"`}`,
      );
      await until(() => !feed.live, 'the feed noticing the loss');
      // Meanwhile (no notification can arrive): every request reads the database.
      version = 2;
      expect(JSON.parse((await cache.get('k', [topics.content], loader)).body.toString())).toEqual({ version: 2 });
      await until(() => feed.live, 'listening again');
      expect(feed.changedAt([topics.content])).toBeGreaterThan(before);
      expect(await listening()).toHaveLength(1);
      const back = await cache.get('k', [topics.content], loader);
      expect(back).not.toBe(first);
      expect(await cache.get('k', [topics.content], loader)).toBe(back);
    } finally {
      await feed.stop();
    }
  },
);
