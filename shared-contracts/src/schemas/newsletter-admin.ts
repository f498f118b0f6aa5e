import { z } from 'zod';
import { NEWSLETTER_SORTS, NEWSLETTER_STATUSES } from '../backoffice.js';
import { isValidEmail } from '../validation.js';
import { count, operatorReasonSchema } from './common.js';

/**
 * The newsletter in the back office (`newsletterAdminPaths`): every call is for admins (subscriber
 * addresses are personal data); each read of addresses is audited.
 */

export const NEWSLETTER_ADMIN_MAX_PAGE_SIZE = 100;
const EMAIL_MESSAGE = 'Gib eine gültige Emailadresse an';

const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

export const newsletterAdminStatusSchema = z.enum(NEWSLETTER_STATUSES);

/** GET subscribers: `query` is part of the address (case-insensitive); `status` defaults to `confirmed`; `from` from 0, `size` 1–100 (default 25); `sort` default `email`. */
export const newsletterAdminSubscriberQuerySchema = z.object({
  query: z.string().max(254).optional(),
  status: newsletterAdminStatusSchema.optional(),
  sort: z.enum(NEWSLETTER_SORTS).optional(),
  from: queryInt(0, 10_000_000).optional(),
  size: queryInt(1, NEWSLETTER_ADMIN_MAX_PAGE_SIZE).optional(),
});

/** GET consent-log?email=: one address's consent records. */
export const newsletterAdminConsentLogQuerySchema = z.object({
  email: z.string({ error: EMAIL_MESSAGE }).max(254, EMAIL_MESSAGE).refine(isValidEmail, { message: EMAIL_MESSAGE }),
});

export const newsletterAdminSubscriberIdParamsSchema = z.strictObject({ id: queryInt(1, 2_147_483_647) });

/** POST …/subscribers/{id}/unsubscribe: why (3–500 characters, audited). */
export const newsletterAdminUnsubscribeInputSchema = z.object({ reason: operatorReasonSchema });

export const newsletterAdminSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: newsletterAdminStatusSchema,
  consentTextVersion: z.string(),
  consentedAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

export const newsletterAdminSubscriberPageSchema = z.object({
  items: z.array(newsletterAdminSubscriberSchema),
  total: count,
  from: count,
  size: count,
});

export const newsletterAdminConsentRecordSchema = z.object({
  at: z.string(),
  action: z.enum(['signup', 'resend', 'confirm', 'unsubscribe']),
  textVersion: z.string(),
  /** The HMAC of the IP address; never the address itself (null for operator actions). */
  ipHash: z.string().nullable(),
});

export const newsletterAdminConsentLogSchema = z.object({ email: z.string(), items: z.array(newsletterAdminConsentRecordSchema) });
