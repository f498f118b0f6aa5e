import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';
import * as repo from './repository.js';

/**
 * Per-IP (or per-address) request limits in the database, so every instance counts together
 * (decisions §1). Generous on purpose: a whole club house may share one address (decisions §5).
 * The figures are in docs/configuration.md; RATE_LIMIT_SCALE multiplies them (0 = off).
 */

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /** A product rule (decisions §2: one code mail a minute), not an abuse limit: RATE_LIMIT_SCALE does not change it. */
  fixed?: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Registrations (frontend-users signup and the identity SignUp). */
  signup: { name: 'signup', limit: 20, windowMs: HOUR },
  /** Login steps: InitiateAuth (SRP or password) and RespondToAuthChallenge, i.e. two per login. */
  login: { name: 'login', limit: 120, windowMs: 10 * MINUTE },
  /** Token refreshes (the library retries a failing refresh 5 times). */
  refresh: { name: 'refresh', limit: 600, windowMs: 10 * MINUTE },
  /** Code mails: resend sign-up code, forgot password. */
  codeRequest: { name: 'code-request', limit: 30, windowMs: HOUR },
  /** Code entries: confirm sign-up, confirm new password (each code also dies after 5 wrong tries). */
  codeEntry: { name: 'code-entry', limit: 60, windowMs: HOUR },
  /** Everything else of the identity endpoint (token calls: GetUser, ChangePassword, …). */
  identityOther: { name: 'identity', limit: 600, windowMs: 10 * MINUTE },
  /** Votes (decisions §5): a club house shares one address, so generous. */
  vote: { name: 'vote', limit: 300, windowMs: HOUR },
  /** ALTCHA challenges for anonymous votes (a failed or expired proof fetches another). */
  voteChallenge: { name: 'vote-challenge', limit: 600, windowMs: HOUR },
  /** Visits through a shared link (POST /api/reach/visits, issue 23): one per page view, so a club house's people open many; a script cannot count more. */
  reachVisit: { name: 'reach-visit', limit: 600, windowMs: HOUR },
  /** Picture upload keys (createpresignedpost) and uploads. */
  upload: { name: 'upload', limit: 60, windowMs: HOUR },
  /** Newsletter sign-ups: each sends a confirmation mail to the given address. */
  newsletter: { name: 'newsletter', limit: 30, windowMs: HOUR },
  /** Operator logins (back office). */
  operatorLogin: { name: 'operator-login', limit: 30, windowMs: 10 * MINUTE },
  /** Per e-mail address: one reset or resend mail a minute, whether the address exists or not. */
  perAddress: { name: 'address', limit: 1, windowMs: MINUTE, fixed: true },
} as const satisfies Record<string, RateLimitRule>;

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret'>;

function keyHash(ctx: Pick<AppContext, 'secret'>, subject: string): string {
  return createHmac('sha256', ctx.secret).update(`rate-limit:${subject}`).digest('base64url').slice(0, 32);
}

/** The counter one request of `subject` under `rule` goes to, and the count it may reach; null when RATE_LIMIT_SCALE=0 turns the rule off. */
export interface RateLimitSlot {
  key: string;
  windowStart: Date;
  expiresAt: Date;
  limit: number;
}

export function rateLimitSlot({ ctx, input }: { ctx: Ctx; input: { rule: RateLimitRule; subject: string } }): RateLimitSlot | null {
  const { rule } = input;
  const scale = rule.fixed ? 1 : ctx.config.rateLimitScale;
  if (scale === 0) return null;
  const now = ctx.now();
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  return {
    key: `${rule.name}:${keyHash(ctx, input.subject)}`,
    windowStart,
    expiresAt: new Date(windowStart.getTime() + rule.windowMs),
    limit: Math.max(1, Math.round(rule.limit * scale)),
  };
}

/**
 * Counts one request of `subject` (an IP address, or `email:<address>`) under `rule`; false when
 * the limit is exceeded. With RATE_LIMIT_SCALE=0 the abuse limits allow everything and count nothing.
 * (A vote counts its request in the statement that reads its entry: modules/votes/repository.ts.)
 */
export async function consumeRateLimit({ ctx, input }: { ctx: Ctx; input: { rule: RateLimitRule; subject: string } }): Promise<boolean> {
  const slot = rateLimitSlot({ ctx, input });
  if (!slot) return true;
  const count = await repo.hit(ctx.db, slot.key, slot.windowStart, slot.expiresAt);
  return count <= slot.limit;
}

/** Clean-up (a scheduled job): counters of windows that have ended. */
export async function removeExpiredCounters({ ctx }: { ctx: Pick<AppContext, 'db' | 'now'> }): Promise<void> {
  await repo.deleteExpired(ctx.db, ctx.now());
}
