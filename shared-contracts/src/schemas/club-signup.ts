import { z } from 'zod';
import { isValidEmail } from '../validation.js';
import { CLUB_REQUEST_LIMITS } from '../club-request.js';
import { isSingleLine, singleLine, wireId } from './common.js';

// The zod-free limits the schema is built from, where they have always been imported from.
export { CLUB_REQUEST_LIMITS } from '../club-request.js';

/**
 * Sign-up without detours (issue 24): the registration asks whether the chosen club entry (club
 * and team) is still free before the personal data is typed, and a visitor whose club is missing
 * from the catalogue can tell the operators. Both calls are public and rate-limited per IP; neither
 * answer tells anything about a person or an e-mail address.
 */

/** GET /api/clubs/{clubId}/availability: `clubId` is a catalogue entry (one club number and team). */
export const clubAvailabilityParamsSchema = z.strictObject({ clubId: wireId });

/** False when the entry already has an account (what the sign-up's 409 ClubTaken tells as well). */
export const clubAvailabilitySchema = z.strictObject({ available: z.boolean() });
export type ClubAvailabilityDto = z.infer<typeof clubAvailabilitySchema>;

/** A text that may have line breaks and tabs, else the one input rule of `singleLine`. */
const multiLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.split(/\r\n|\n|\r/).every((line) => isSingleLine(line.replace(/\t/g, ' '))), {
      message: 'Steuerzeichen sind nicht erlaubt.',
    });

/**
 * POST /api/club-requests: a club (and team) that is not in the catalogue, and where to answer.
 * Sent to the service address as an e-mail whose Reply-To is `email`; nothing is stored.
 */
export const clubRequestInputSchema = z.strictObject({
  clubName: z.string().trim().pipe(singleLine(2, CLUB_REQUEST_LIMITS.clubName)),
  /** Optional: empty or digits (the BFV club numbers are digits). */
  clubNumber: z.string().trim().max(CLUB_REQUEST_LIMITS.clubNumber).regex(/^\d*$/, 'Die Vereinsnummer besteht nur aus Ziffern.').optional(),
  team: z.enum(['m', 'w']),
  email: z
    .string()
    .trim()
    .max(CLUB_REQUEST_LIMITS.email)
    .refine((value) => isValidEmail(value), { message: 'Gib eine gültige Emailadresse an' }),
  note: multiLine(CLUB_REQUEST_LIMITS.note).optional(),
});
export type ClubRequestInput = z.input<typeof clubRequestInputSchema>;

/** The same answer whatever was asked and whoever asked. */
export const clubRequestResultSchema = z.strictObject({ ok: z.literal(true) });
export type ClubRequestResultDto = z.infer<typeof clubRequestResultSchema>;
