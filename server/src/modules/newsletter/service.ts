import { newsletterErrorCodeSchema } from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import { CodedError, GoneError, ValidationError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { newsletterConfirmationMail } from '../mail/templates.js';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/service.js';
import { confirmationExpired, consentIpHash, newConfirmation, signUpAndMail, type SignupOutcome } from './opt-in.js';
import type { NewsletterSubscriptionRow } from '../../db/schema/index.js';
import * as repo from './repository.js';

/**
 * Newsletter with double opt-in (decisions §7): a signup stores a pending address and sends a
 * confirmation mail without advertising; only confirmed addresses are subscribers; every step is
 * written to the consent log (time, consent text version, hashed IP).
 */

/** Version of the consent text shown next to the newsletter form. Bump it when that text changes. */
export const CONSENT_TEXT_VERSION = 'newsletter-2026-01';
export const CONFIRM_VALID_DAYS = 7;
export const RESEND_INTERVAL_MS = 60_000;
export const INVALID_EMAIL_MESSAGE = 'Gib eine gültige Emailadresse an';
export const NEWSLETTER_PATH = '/api/public/newsletter';

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'now' | 'secret'>;

export function confirmUrl(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}${NEWSLETTER_PATH}/confirm?token=${encodeURIComponent(token)}`;
}

/** The link every newsletter mail carries (see `newsletterFooter` in the mail templates). */
export function unsubscribeUrl(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}${NEWSLETTER_PATH}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Signs an address up (a valid one: the route's schema `newsletterSignupInputSchema` checked it).
 * The answer to the browser is the same in every case, so nobody can probe which addresses are
 * subscribed.
 */
export async function signupNewsletter({ ctx, input }: { ctx: Ctx; input: { email: string; ip?: string } }): Promise<SignupOutcome> {
  // Every signup mails the given address: per-IP limit, so nobody can mail arbitrary addresses in bulk.
  if (input.ip && !(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.newsletter, subject: input.ip } }))) {
    throw new CodedError(
      429,
      newsletterErrorCodeSchema.enum.LimitExceeded,
      'Zu viele Anmeldungen von dieser Adresse, bitte versuche es später erneut.',
    );
  }
  const email = normalizeEmail(input.email);
  const now = ctx.now();
  const { token, ...confirmation } = newConfirmation(now, CONFIRM_VALID_DAYS);
  const values = { email, ...confirmation, consentTextVersion: CONSENT_TEXT_VERSION, now };

  const mail = await newsletterConfirmationMail({
    productName: ctx.config.productName,
    confirmUrl: confirmUrl(ctx, token),
    validDays: CONFIRM_VALID_DAYS,
  });
  // The pending address, its consent record and its confirmation mail (a job, sent by a worker
  // and retried while SMTP fails) commit together.
  return ctx.db.transaction((tx) =>
    signUpAndMail(ctx, tx, {
      insert: () => repo.insertPending(tx, { ...values, unsubscribeToken: randomToken() }),
      statusOf: async () => (await repo.findByEmail(tx, email))?.status,
      renew: () => repo.renewPending(tx, { ...values, mailedBefore: new Date(now.getTime() - RESEND_INTERVAL_MS) }),
      logConsent: (action) =>
        repo.logConsent(tx, { email, action, textVersion: CONSENT_TEXT_VERSION, at: now, ipHash: consentIpHash(ctx, input.ip) }),
      mail: { to: email, ...mail },
    }),
  );
}

/** The consent log's record of a step on an address that is there (with the consent text it signed up with). */
function logStep(ctx: Ctx, row: NewsletterSubscriptionRow, action: 'confirm' | 'unsubscribe', at: Date, ip: string | undefined) {
  return repo.logConsent(ctx.db, { email: row.email, action, textVersion: row.consentTextVersion, at, ipHash: consentIpHash(ctx, ip) });
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed';

/** Confirms a signup by the token from the mail: 400 when unknown, 410 when expired. */
export async function confirmNewsletter({
  ctx,
  input,
}: ServiceCall<Ctx, { token: string | undefined; ip?: string }>): Promise<ConfirmOutcome> {
  const token = input.token?.trim();
  const row = token ? await repo.findByLink(ctx.db, { confirmTokenHash: sha256Hex(token) }) : undefined;
  if (!row || row.status === 'unsubscribed') throw new ValidationError('Dieser Bestätigungslink ist ungültig.');
  if (row.status === 'confirmed') return 'already-confirmed';
  const now = ctx.now();
  if (confirmationExpired(row, now)) throw new GoneError('Dieser Bestätigungslink ist abgelaufen.');
  await repo.markConfirmed(ctx.db, row.id, now);
  await logStep(ctx, row, 'confirm', now, input.ip);
  return 'confirmed';
}

/** Unsubscribes by the token of the newsletter footer link. */
export async function unsubscribeNewsletter({ ctx, input }: ServiceCall<Ctx, { token: string | undefined; ip?: string }>): Promise<void> {
  const token = input.token?.trim();
  const row = token ? await repo.findByLink(ctx.db, { unsubscribeToken: token }) : undefined;
  if (!row) throw new ValidationError('Dieser Abmeldelink ist ungültig.');
  if (row.status === 'unsubscribed') return;
  const now = ctx.now();
  await repo.markUnsubscribed(ctx.db, row.id, now);
  await logStep(ctx, row, 'unsubscribe', now, input.ip);
}

export interface Subscriber {
  email: string;
  confirmedAt: Date;
  consentTextVersion: string;
  unsubscribeToken: string;
}

/** Only confirmed addresses are subscribers. */
export async function listSubscribers({ ctx }: { ctx: Pick<AppContext, 'db'> }): Promise<Subscriber[]> {
  const rows = await repo.listConfirmed(ctx.db);
  return rows.map((row) => ({
    email: row.email,
    confirmedAt: row.confirmedAt ?? row.consentedAt,
    consentTextVersion: row.consentTextVersion,
    unsubscribeToken: row.unsubscribeToken,
  }));
}

/** The subscription writes the back office shares (modules/newsletter-admin), inside the caller's transaction. */
export { logConsent, markUnsubscribed } from './repository.js';
