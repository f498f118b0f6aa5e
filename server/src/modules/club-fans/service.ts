import { CLUB_FAN_CONSENT_TEXT_VERSION } from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import { CodedError, ForbiddenError, GoneError, NotFoundError, ValidationError } from '../../errors.js';
import { csvFile } from '../../lib/csv.js';
import { normalizeEmail } from '../../lib/email.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { actorFields, appendAudit, formatBerlin, type Actor } from '../audit/service.js';
import { CLUB_FAN_CONFIRM_PATH } from '../notifications/paths.js';
import { confirmationExpired, consentIpHash, newConfirmation, signUpAndMail, type SignupOutcome } from '../newsletter/opt-in.js';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/service.js';
import { clubFanConfirmationMail, clubLabel } from './mail.js';
import * as repo from './repository.js';

/**
 * 'Mein Verein' (issue 25), modelled on the newsletter (modules/newsletter, decisions §7): a sign-up
 * stores a pending address for one club and queues a confirmation mail without advertising (in the
 * same transaction); only confirmed addresses are fans and get the notification mails
 * (notifications/recipients.ts); every step is written to the consent log (time, consent text
 * version, hashed IP). The sign-up answers the same whether the address is new, pending or already
 * confirmed, so nobody learns who follows a club. Unsubscribing takes the token every fan mail
 * carries (link and RFC 8058 one-click POST). The club's own account sees the count, never who;
 * admins export the confirmed fans (audited like the newsletter export).
 */

export { CLUB_FAN_CONSENT_TEXT_VERSION };
export const CONFIRM_VALID_DAYS = 7;
/** One confirmation mail a minute per address and club (a second sign-up within it sends nothing). */
export const RESEND_INTERVAL_MS = 60_000;
/**
 * Per IP: each sign-up mails the given address, so one address cannot make the server mail
 * arbitrary addresses in bulk. As generous as the newsletter's (a club house shares one address).
 */
export const CLUB_FANS_RATE_LIMIT: RateLimitRule = { name: 'club-fans', limit: 30, windowMs: 60 * 60_000 };

export const MESSAGES = {
  limit: 'Zu viele Anmeldungen von dieser Adresse, bitte versuche es später erneut.',
  clubNotFound: 'Diesen Verein gibt es nicht.',
  noClub: 'Zu diesem Konto gehört kein Verein.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  invalidConfirm: 'Dieser Bestätigungslink ist ungültig.',
  expiredConfirm: 'Dieser Bestätigungslink ist abgelaufen.',
  invalidUnsubscribe: 'Dieser Abmeldelink ist ungültig.',
} as const;

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'now' | 'secret'>;

export function confirmUrl(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}${CLUB_FAN_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

/** POST /api/public/club-fans: the input is checked by the route's schema (address, consent, 18+). */
export async function signupClubFan({
  ctx,
  input,
}: ServiceCall<Ctx, { clubId: string; email: string; ip?: string }>): Promise<SignupOutcome> {
  if (input.ip && !(await consumeRateLimit({ ctx, input: { rule: CLUB_FANS_RATE_LIMIT, subject: input.ip } }))) {
    throw new CodedError(429, 'LimitExceeded', MESSAGES.limit);
  }
  const club = await repo.findClub(ctx.db, input.clubId);
  if (!club) throw new NotFoundError(MESSAGES.clubNotFound);
  const email = normalizeEmail(input.email);
  const now = ctx.now();
  const { token, ...confirmation } = newConfirmation(now, CONFIRM_VALID_DAYS);
  const values: repo.PendingValues = { clubId: club.id, email, ...confirmation, consentTextVersion: CLUB_FAN_CONSENT_TEXT_VERSION, now };
  // Rendered before the transaction (MJML is asynchronous and the first mail loads it).
  const mail = await clubFanConfirmationMail({
    productName: ctx.config.productName,
    siteUrl: ctx.config.publicUrl,
    clubName: clubLabel(club),
    confirmUrl: confirmUrl(ctx, token),
    validDays: CONFIRM_VALID_DAYS,
  });
  // The pending address, its consent record and its confirmation mail commit together.
  return ctx.db.transaction((tx) =>
    signUpAndMail(ctx, tx, {
      insert: () => repo.insertPending(tx, { ...values, unsubscribeToken: randomToken() }),
      statusOf: async () => (await repo.findFan(tx, club.id, email))?.status,
      renew: () => repo.renewPending(tx, { ...values, mailedBefore: new Date(now.getTime() - RESEND_INTERVAL_MS) }),
      logConsent: (action) =>
        repo.logConsent(tx, {
          clubId: club.id,
          email,
          action,
          textVersion: CLUB_FAN_CONSENT_TEXT_VERSION,
          at: now,
          ipHash: consentIpHash(ctx, input.ip),
        }),
      mail: { to: email, ...mail },
    }),
  );
}

export interface FanClub {
  clubId: string;
  clubName: string;
}

/** GET CLUB_FAN_CONFIRM_PATH?token=: 400 when unknown (or unsubscribed since), 410 when expired. */
export async function confirmClubFan({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now' | 'secret'>, { token: string | undefined; ip?: string }>): Promise<
  FanClub & { outcome: 'confirmed' | 'already-confirmed' }
> {
  const token = input.token?.trim();
  const row = token ? await repo.findByLink(ctx.db, { confirmTokenHash: sha256Hex(token) }) : undefined;
  if (!row || row.status === 'unsubscribed') throw new ValidationError(MESSAGES.invalidConfirm);
  const club = await repo.findClub(ctx.db, row.clubId);
  if (!club) throw new ValidationError(MESSAGES.invalidConfirm);
  const fanClub = { clubId: club.id, clubName: clubLabel(club) };
  if (row.status === 'confirmed') return { ...fanClub, outcome: 'already-confirmed' };
  const now = ctx.now();
  if (confirmationExpired(row, now)) throw new GoneError(MESSAGES.expiredConfirm);
  const confirmed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.markConfirmed(tx, row.id, now))) return false;
    await repo.logConsent(tx, {
      clubId: row.clubId,
      email: row.email,
      action: 'confirm',
      textVersion: row.consentTextVersion,
      at: now,
      ipHash: consentIpHash(ctx, input.ip),
    });
    return true;
  });
  return { ...fanClub, outcome: confirmed ? 'confirmed' : 'already-confirmed' };
}

/** GET and one-click POST of CLUB_FAN_UNSUBSCRIBE_PATH?token=: 400 when the token is unknown. */
export async function unsubscribeClubFan({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now' | 'secret'>, { token: string | undefined; ip?: string }>): Promise<FanClub | null> {
  const token = input.token?.trim();
  const row = token ? await repo.findByLink(ctx.db, { unsubscribeToken: token }) : undefined;
  if (!row) throw new ValidationError(MESSAGES.invalidUnsubscribe);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.markUnsubscribed(tx, row.id, now))) return;
    await repo.logConsent(tx, {
      clubId: row.clubId,
      email: row.email,
      action: 'unsubscribe',
      textVersion: row.consentTextVersion,
      at: now,
      ipHash: consentIpHash(ctx, input.ip),
    });
  });
  const club = await repo.findClub(ctx.db, row.clubId);
  return club ? { clubId: club.id, clubName: clubLabel(club) } : null;
}

/** GET /api/me/fans: the member's own club's confirmed fans, as a number. */
export async function countMyFans({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { sub: string } }): Promise<{ confirmed: number }> {
  const clubId = await repo.findClubIdOf(ctx.db, input.sub);
  if (!clubId) throw new ForbiddenError(MESSAGES.noClub);
  return { confirmed: await repo.countConfirmed(ctx.db, clubId) };
}

/** Checked here, not only by the routes (like the newsletter's back office). */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new ForbiddenError(MESSAGES.forbidden);
}

/** GET /api/operator/club-fans/clubs (admins): which clubs have confirmed fans, and how many (no address: not audited). */
export async function listClubsWithFans({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { actor: Actor } }) {
  assertAdmin(input.actor);
  const items = await repo.listClubsWithFans(ctx.db);
  return { items, total: items.length };
}

export const CLUB_FANS_EXPORT_ACTION = 'club-fans-export' as const;
const CSV_HEADER = ['Verein', 'Vereins-ID', 'E-Mail', 'Bestätigt (Europe/Berlin)', 'Einwilligungstext'];

/**
 * GET /api/operator/club-fans/fans.csv (admins): the confirmed fans of one club or of all, as CSV
 * for Excel (lib/csv.ts, like the newsletter export). Taking the addresses out is audited (who,
 * when, which club, how many; never the addresses) in the read's transaction.
 */
export async function clubFansCsv({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, { clubId?: string; actor: Actor }>): Promise<{ total: number; text: string }> {
  assertAdmin(input.actor);
  const fans = await ctx.db.transaction(async (tx) => {
    if (input.clubId && !(await repo.findClub(tx, input.clubId))) throw new NotFoundError(MESSAGES.clubNotFound);
    const found = await repo.listConfirmedFans(tx, input.clubId);
    await appendAudit(tx, {
      action: CLUB_FANS_EXPORT_ACTION,
      ...actorFields(input.actor),
      subjectType: input.clubId ? 'club' : 'clubs',
      subjectId: input.clubId ?? 'Alle Vereine',
      reason: null,
      details: { exported: found.length, format: 'csv', clubs: new Set(found.map((f) => f.clubId)).size },
      at: ctx.now(),
    });
    return found;
  });
  const rows = fans.map((f) => [
    clubLabel({ clubname: f.clubName, team: f.team }),
    f.clubId,
    f.email,
    formatBerlin(f.confirmedAt),
    f.consentTextVersion,
  ]);
  return { total: fans.length, text: csvFile(CSV_HEADER, rows) };
}
