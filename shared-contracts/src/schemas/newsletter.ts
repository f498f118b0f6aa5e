import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../validation.js';

/**
 * The newsletter with double opt-in (spec §7, decisions §7), public: `POST /api/public/newsletter`
 * signs an address up and mails a confirmation link; the links of the mails
 * (`/api/public/newsletter/confirm?token=` and `/unsubscribe?token=`) answer German pages.
 * The body is spec §3's `NewsletterSignupInput` (`entities.ts`); any refused body is answered
 * 400 `ValidationError` 'Gib eine gültige Emailadresse an' (the form's one message).
 */

/** The newsletter module's own error codes (the others are the shared ones: ValidationError, …). */
export const newsletterErrorCodeSchema = z.enum(['LimitExceeded']);
export type NewsletterErrorCode = z.infer<typeof newsletterErrorCodeSchema>;

/** POST /api/public/newsletter: `{ Email, Fields }` (spec §3; `Fields` is sent empty and not read). */
export const newsletterSignupInputSchema = z.object({
  Email: z
    .string()
    .max(EMAIL_MAX_LENGTH)
    .refine((value) => isValidEmail(value)),
  Fields: z.array(z.unknown()).max(20).optional(),
});

/** The same answer whether the address is new, pending or confirmed (nobody can probe who subscribed). */
export const newsletterSignupResultSchema = z.object({ ok: z.literal(true) });
export type NewsletterSignupResultDto = z.infer<typeof newsletterSignupResultSchema>;

/** `?token=` of the confirmation and unsubscribe links; a missing, unknown or refused token is the 400 page. */
export const newsletterTokenQuerySchema = z.object({ token: z.string().max(200).optional() });
