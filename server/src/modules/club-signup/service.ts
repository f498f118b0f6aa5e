import { TEAM_LABELS } from '@erd/shared-contracts/wire';
import type { ClubAvailabilityDto, ClubRequestInput } from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import { CodedError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email.js';
import { clubExists } from '../content/service.js';
import { UNCONFIRMED_TTL_MS } from '../identity/service.js';
import { clubRequestMail } from '../mail/templates.js';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/service.js';
import * as repo from './repository.js';

/**
 * Sign-up without detours (issue 24): whether a club entry (club number and team) is still free,
 * asked as soon as the registration has one chosen; and 'Verein nicht gefunden?', a visitor's
 * missing club mailed to the service address. Neither answer tells anything about a person: the
 * first only what the sign-up's 409 ClubTaken tells too, the second is the same for every address.
 * Nothing of the request reaches a log line.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'now' | 'secret'>;

const HOUR = 3_600_000;

/** Per-IP limits (a club house shares one address; RATE_LIMIT_SCALE multiplies them as the others). */
export const CLUB_SIGNUP_LIMITS = {
  /** One check per chosen club and team: generous, but no walking the whole catalogue. */
  availability: { name: 'club-availability', limit: 300, windowMs: HOUR },
  /** Each request mails the service address. */
  clubRequest: { name: 'club-request', limit: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

export const CLUB_NOT_FOUND_MESSAGE = 'Der gewählte Verein wurde nicht gefunden.';
export const LIMIT_MESSAGE = 'Zu viele Anfragen von dieser Verbindung. Bitte versuche es später erneut.';

async function limit(ctx: Ctx, rule: RateLimitRule, ip: string): Promise<void> {
  if (!(await consumeRateLimit({ ctx, input: { rule, subject: ip } }))) throw new CodedError(429, 'LimitExceeded', LIMIT_MESSAGE);
}

/** Whether the entry can still be registered (404 ClubNotFound for an id not in the catalogue). */
export async function getClubAvailability({ ctx, input }: ServiceCall<Ctx, { clubId: string; ip: string }>): Promise<ClubAvailabilityDto> {
  await limit(ctx, CLUB_SIGNUP_LIMITS.availability, input.ip);
  if (!(await clubExists({ ctx, input: { id: input.clubId } }))) throw new CodedError(404, 'ClubNotFound', CLUB_NOT_FOUND_MESSAGE);
  const held = await repo.isClubEntryHeld(ctx.db, input.clubId, new Date(ctx.now().getTime() - UNCONFIRMED_TTL_MS));
  return { available: !held };
}

/**
 * Queues the mail about a missing club to the service address (Reply-To: the visitor), sent by the
 * mail worker like every mail. Nothing is stored besides the sealed mail job.
 */
export async function requestClub({ ctx, input }: { ctx: Ctx; input: { request: ClubRequestInput; ip: string } }): Promise<void> {
  await limit(ctx, CLUB_SIGNUP_LIMITS.clubRequest, input.ip);
  const { request } = input;
  const email = normalizeEmail(request.email);
  const note = request.note?.trim();
  const mail = await clubRequestMail({
    productName: ctx.config.productName,
    clubName: request.clubName.trim(),
    ...(request.clubNumber?.trim() ? { clubNumber: request.clubNumber.trim() } : {}),
    team: TEAM_LABELS[request.team],
    email,
    ...(note ? { note } : {}),
  });
  await ctx.jobs.enqueue(ctx.db, 'mail', { to: ctx.config.serviceEmail, ...mail, headers: { 'Reply-To': email } });
  ctx.log.info('club-signup: a request for a missing club was queued for the service address');
}
