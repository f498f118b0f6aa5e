import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';

/**
 * The change feed: what the public caches (modules/cache/documents.ts) learn about writes.
 *
 * A write names the topics it changed once its transaction has committed (`announce`): this
 * instance drops its copies of those topics at once (before the writing request answers), and a
 * `pg_notify` tells every other instance on the same database, which LISTENs on `CHANGES_CHANNEL`
 * and drops them when the notification arrives (PGlite: in-process). Several announcements while
 * one notification is under way go out together in the next one. A write may instead send the
 * notification inside its own transaction (`changeNotification`: votes do, one per group commit),
 * so the other instances learn of it exactly at the commit, and no round trip is spent on it.
 *
 * A cache serves from memory only while the feed is live: while the listening connection is lost
 * (notifications may be missed) every request reads the database, and when it is back every copy
 * is dropped. Per topic, a version (a tick of one counter) says when it last changed; a copy loaded
 * since is current. Topics: `content` (site, year, challenges, clubs), `entries:<challengeId>` (the
 * published entries of a challenge and their vote counts), `results:<kind>:<key>` (a result file),
 * `releases` (the remotes' releases and live pointers with PostgreSQL, modules/releases).
 */

export const CHANGES_CHANNEL = 'erd_changes';

export const topics = {
  content: 'content',
  entries: (challengeId: string) => `entries:${challengeId}`,
  result: (kind: 'challenge' | 'overall', key: string) => `results:${kind}:${key}`,
  releases: 'releases',
} as const;

/** A notification's payload (at most 8,000 bytes): the sender, then the topics. */
interface Payload {
  from: string;
  topics: string[];
}

const PAYLOAD_MAX = 7000;

/** `pg_notify` for `topics`, split into payloads under PostgreSQL's limit. */
export async function notifyChanges(db: Db, from: string, changed: readonly string[]): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (!batch.length) return;
    const payload: Payload = { from, topics: batch };
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(payload)})`);
    batch = [];
    size = 0;
  };
  for (const topic of new Set(changed)) {
    if (size + topic.length + 4 > PAYLOAD_MAX) await flush();
    batch.push(topic);
    size += topic.length + 4;
  }
  await flush();
}

export interface ChangeFeed {
  /** This instance's id in the notifications it sends. */
  readonly id: string;
  /** Listening: copies may be served from memory. */
  readonly live: boolean;
  /** The counter's current tick: a load that starts now is current for every change up to it. */
  now(): number;
  /** The tick of the latest change of any of `topics` (or of a reset of all). */
  changedAt(topics: readonly string[]): number;
  /** After a commit: drops this instance's copies of `topics` now and tells the other instances. */
  announce(topics: readonly string[]): Promise<void>;
  /**
   * After a commit that sent its own notification (`changeNotification`): drops this instance's
   * copies of `topics` now; the other instances got the notification with the commit.
   */
  committed(topics: readonly string[]): void;
  /** Starts listening (buildApp); answers when the feed is live. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What a write gets (AppContext, or a CLI's context without the feed). */
export interface ChangeContext {
  db: Db;
  changes?: ChangeFeed | null;
}

/**
 * Tells the caches that `changed` topics changed, after the writing transaction committed. Without
 * a feed (the CLI), only the notification goes out (to the running server instances).
 */
export async function announce(ctx: ChangeContext, changed: readonly string[]): Promise<void> {
  if (!changed.length) return;
  if (ctx.changes) return ctx.changes.announce(changed);
  await notifyChanges(ctx.db, `cli-${randomBytes(4).toString('hex')}`, changed);
}

/**
 * For a write that notifies inside its own transaction (`select pg_notify($1, $2)` with `channel`
 * and `payload`; modules/votes: a group commit of votes): the other instances learn of the change
 * exactly when it commits, with no round trip of its own. After the commit, `committed()` drops
 * this instance's copies (before the writing request answers). Null when the payload would exceed
 * PostgreSQL's limit: then `announce` after the commit.
 */
export function changeNotification(
  ctx: ChangeContext,
  changed: readonly string[],
): { channel: string; payload: string; committed: () => void } | null {
  const unique = [...new Set(changed)];
  const payload: Payload = { from: ctx.changes?.id ?? `cli-${randomBytes(4).toString('hex')}`, topics: unique };
  const text = JSON.stringify(payload);
  if (text.length > PAYLOAD_MAX) return null;
  return { channel: CHANGES_CHANNEL, payload: text, committed: () => ctx.changes?.committed(unique) };
}

export function createChangeFeed(database: Pick<Database, 'db' | 'listen'>, log?: Pick<Logger, 'warn' | 'error'>): ChangeFeed {
  const id = randomBytes(8).toString('hex');
  const versions = new Map<string, number>();
  let tick = 0;
  let resetAt = 0;
  let live = false;
  let stopListening: (() => Promise<void>) | null = null;

  // Notifications of this instance: one at a time; announcements meanwhile go out together in the next.
  let sending: Promise<void> | null = null;
  let next: { topics: Set<string>; done: Promise<void>; resolve: () => void } | null = null;

  function bump(changed: Iterable<string>): void {
    tick += 1;
    for (const topic of changed) versions.set(topic, tick);
  }

  function send(batch: string[]): Promise<void> {
    sending = notifyChanges(database.db, id, batch)
      .catch((error: unknown) => {
        // The other instances miss this change until their next one of it; nothing to undo here.
        log?.error({ err: error }, 'change notification failed');
      })
      .then(() => {
        sending = null;
        const waiting = next;
        next = null;
        if (waiting) void send([...waiting.topics]).then(waiting.resolve);
      });
    return sending;
  }

  return {
    id,
    get live() {
      return live;
    },
    now: () => tick,
    changedAt(list) {
      let at = resetAt;
      for (const topic of list) {
        const v = versions.get(topic);
        if (v !== undefined && v > at) at = v;
      }
      return at;
    },
    committed(changed) {
      bump(changed);
    },
    announce(changed) {
      bump(changed);
      if (!sending) return send([...changed]);
      if (!next) {
        let resolve!: () => void;
        const done = new Promise<void>((r) => (resolve = r));
        next = { topics: new Set(), done, resolve };
      }
      for (const topic of changed) next.topics.add(topic);
      return next.done;
    },
    async start() {
      stopListening = await database.listen(
        CHANGES_CHANNEL,
        (raw) => {
          let payload: Payload;
          try {
            payload = JSON.parse(raw) as Payload;
          } catch {
            return;
          }
          if (payload.from === id || !Array.isArray(payload.topics)) return;
          bump(payload.topics.filter((t): t is string => typeof t === 'string'));
        },
        (isLive) => {
          if (isLive === live) return;
          // Whatever was missed meanwhile: every copy loaded before now is dropped.
          tick += 1;
          resetAt = tick;
          live = isLive;
          if (!isLive) log?.warn('change feed lost its database connection: public caches read the database until it is back');
        },
      );
    },
    async stop() {
      live = false;
      const stop = stopListening;
      stopListening = null;
      await stop?.();
      while (sending) await sending;
    },
  };
}

/** Awaits `write` (a transaction), then announces `changed`: `return announcing(ctx, [topics.content], ctx.db.transaction(…))`. */
export async function announcing<T>(ctx: ChangeContext, changed: readonly string[], write: Promise<T>): Promise<T> {
  const result = await write;
  await announce(ctx, changed);
  return result;
}
