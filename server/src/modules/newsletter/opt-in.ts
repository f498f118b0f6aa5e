import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../mail/mailer.js';
import { isAppError } from '../../errors.js';
import { hmacHex, randomToken, sha256Hex } from '../../lib/hash.js';

/**
 * The double opt-in (decisions §7) as the newsletter and 'Mein Verein' (modules/club-fans) both
 * take it: a sign-up stores a pending address with the hash of a confirmation token and mails the
 * link; a second sign-up within the resend interval mails nothing; the link confirms until it
 * expires; every step goes to the consent log with the hashed IP. Each module keeps its own table,
 * consent log, mails and pages; these are the steps they share.
 */

/** The hashed address of a consent log entry (the newsletter's and 'Mein Verein''s logs hash alike). */
export function consentIpHash(ctx: Pick<AppContext, 'secret'>, ip: string | undefined): string | null {
  return ip ? hmacHex(ctx.secret, `ip:${ip}`) : null;
}

/** A new confirmation: the token the mailed link carries, and what the pending row keeps of it (its hash, its expiry). */
export function newConfirmation(now: Date, validDays: number): { token: string; confirmTokenHash: string; confirmTokenExpiresAt: Date } {
  const token = randomToken();
  return { token, confirmTokenHash: sha256Hex(token), confirmTokenExpiresAt: new Date(now.getTime() + validDays * 86_400_000) };
}

/** Whether a pending row's confirmation link has expired (or has none). */
export function confirmationExpired(row: { confirmTokenExpiresAt: Date | null }, now: Date): boolean {
  return !row.confirmTokenExpiresAt || row.confirmTokenExpiresAt.getTime() < now.getTime();
}

/**
 * The sign-up, inside the caller's transaction: a new address is inserted pending (`signup`); a
 * confirmed one stays as it is (`already-confirmed`); a pending or unsubscribed one is renewed with
 * the new confirmation unless one was mailed within the resend interval (`throttled`): an
 * unsubscribed one signs up again (`signup`), a pending one gets its link again (`resend`).
 */
export async function signUpPending(steps: {
  /** Inserts the address pending; false when it is there already. */
  insert: () => Promise<boolean>;
  /** The status of the address that is there. */
  statusOf: () => Promise<string | undefined>;
  /** Renews a pending or unsubscribed address; false when a confirmation went to it within the resend interval. */
  renew: () => Promise<boolean>;
}): Promise<'signup' | 'resend' | 'already-confirmed' | 'throttled'> {
  if (await steps.insert()) return 'signup';
  const status = await steps.statusOf();
  if (status === 'confirmed') return 'already-confirmed';
  if (!(await steps.renew())) return 'throttled';
  return status === 'unsubscribed' ? 'signup' : 'resend';
}

/** What a sign-up comes to: a confirmation mailed, or nothing to do (confirmed already, mailed within the resend interval). */
export type SignupOutcome = 'sent' | 'throttled' | 'already-confirmed';

/**
 * The whole sign-up in the caller's transaction `tx`: `signUpPending`'s steps; for a new or
 * renewed sign-up then its consent record (`logConsent` with the action) and the confirmation
 * `mail` (a job, sent by a worker and retried while SMTP fails), committed with it.
 */
export async function signUpAndMail(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Db,
  steps: Parameters<typeof signUpPending>[0] & {
    logConsent: (action: 'signup' | 'resend') => Promise<void>;
    mail: MailMessage;
  },
): Promise<SignupOutcome> {
  const action = await signUpPending(steps);
  if (action === 'already-confirmed' || action === 'throttled') return action;
  await steps.logConsent(action);
  await ctx.jobs.enqueue(tx, 'mail', steps.mail);
  return 'sent';
}

/**
 * Answers a mailed link (confirm, unsubscribe) with a German page: `open` gets the link's token
 * (none when its query was refused, too long or given twice: answered like an unknown one) and
 * answers the page of success; where the service refuses the link, `refused` answers the page for
 * the refusal's status (410: expired; else 400). Any other error goes on to the error handler.
 */
export async function answerMailedLink<T>(
  request: { validationError?: Error; query: { token?: string } },
  open: (token: string | undefined) => Promise<T>,
  refused: (status: number) => T,
): Promise<T> {
  try {
    return await open(request.validationError ? undefined : request.query.token);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refused(error.statusCode);
  }
}
