import { z } from 'zod';
import { isValidEmail } from '../validation.js';
import { count, wireId } from './common.js';

/**
 * 'Mein Verein' (issue 25): anyone may follow a club by e-mail and is told when the club needs
 * votes (its entry went live, 24 hours before voting ends); nothing else. Double opt-in like the
 * newsletter (decisions §7): the sign-up stores a pending address and mails a confirmation link;
 * every step is in the consent log with the version of the consent text. The sign-up's answer is
 * the same whether the address is new, pending or confirmed, so nobody can probe who follows a club.
 * The club's own account sees how many confirmed fans it has, never who; admins export them (audited).
 */

/**
 * The version of the consent text next to the club page's form (mf-standings, `fan-signup-form.tsx`):
 * bump it whenever that text changes. The consent log keeps the version each address agreed to.
 */
export const CLUB_FAN_CONSENT_TEXT_VERSION = 'mein-verein-2026-06';

export const CLUB_FAN_MESSAGES = {
  email: 'Gib eine gültige Emailadresse an',
  consent: 'Bitte willige ein, damit wir dir schreiben dürfen.',
  adult: 'Bitte bestätige, dass du mindestens 18 Jahre alt bist.',
} as const;

/** POST /api/public/club-fans (the anti-forgery header like every unsafe `/api/` call). */
export const clubFanSignupInputSchema = z.strictObject({
  clubId: wireId,
  email: z
    .string(CLUB_FAN_MESSAGES.email)
    .trim()
    .max(254, CLUB_FAN_MESSAGES.email)
    .refine((value) => isValidEmail(value), { message: CLUB_FAN_MESSAGES.email }),
  consent: z.literal(true, CLUB_FAN_MESSAGES.consent),
  adult: z.literal(true, CLUB_FAN_MESSAGES.adult),
});
export type ClubFanSignupInput = z.input<typeof clubFanSignupInputSchema>;

/** The same answer for a new, a pending and a confirmed address. */
export const clubFanSignupResultSchema = z.strictObject({ ok: z.literal(true) });
export type ClubFanSignupResultDto = z.infer<typeof clubFanSignupResultSchema>;

/** GET /api/me/fans: how many confirmed fans follow the member's own club (never who). */
export const myFansSchema = z.strictObject({ confirmed: count });
export type MyFansDto = z.infer<typeof myFansSchema>;

/** GET /api/operator/club-fans/clubs (admins): the clubs with at least one confirmed fan, by name. */
export const clubFanClubSchema = z.strictObject({
  clubId: z.string(),
  clubName: z.string(),
  team: z.enum(['m', 'w']),
  confirmed: count,
});
export const clubFanClubsSchema = z.strictObject({ items: z.array(clubFanClubSchema), total: count });
export type ClubFanClubDto = z.infer<typeof clubFanClubSchema>;
export type ClubFanClubsDto = z.infer<typeof clubFanClubsSchema>;

/** GET /api/operator/club-fans/fans.csv?clubId= (admins; audited): one club's confirmed fans, or all clubs' without `clubId`. */
export const clubFansCsvQuerySchema = z.strictObject({ clubId: wireId.optional() });
export type ClubFansCsvQuery = z.input<typeof clubFansCsvQuerySchema>;

/**
 * `?token=` of the mails' links (`/api/public/club-fans/confirm` and `/unsubscribe`, German pages);
 * a missing, unknown or refused token is the 400 page (or answer).
 */
export const clubFanTokenQuerySchema = z.object({ token: z.string().max(200).optional() });

/** RFC 8058 one-click POST to the unsubscribe link: 200 `{ ok: true }`; else 400 `{ code, message }`. */
export const clubFanOneClickResultSchema = z.object({ ok: z.literal(true) });
export type ClubFanOneClickResultDto = z.infer<typeof clubFanOneClickResultSchema>;
