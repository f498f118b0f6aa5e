/**
 * Deadlocks (40P01) and serialization failures (40001) are PostgreSQL's answer when two
 * transactions may both be right but cannot both go on: it rolls one of them back, whole, and it
 * may simply run again. The paths that change vote counts take their locks in one order (entries
 * by id, then their votes; modules/moderation/repository.ts `lockEntries`), so they should not meet
 * like this; but an operator's removal is never to be lost to such a failure, so the work runs
 * again, a few times, after a short random pause. PGlite (one connection) never answers these.
 */

const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, also when a driver or drizzle wrapped it (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function isRetryableConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE.has(code);
}

/**
 * Runs `work` (a whole transaction, or one statement outside one) again when the database rolled it
 * back for a deadlock or a serialization failure; any other error, or the last attempt's, is thrown.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
