import { z } from 'zod';
import { ACCOUNT_SORTS } from '../backoffice.js';
import { count, operatorReasonSchema, wireId } from './common.js';
import { teamSchema } from './entities.js';

/**
 * Club accounts in the back office (`accountsAdminPaths`): both roles read; admins resend the
 * sign-up code, block, unblock and delete (with a reason, audited). Built-in identity service only:
 * with IDENTITY_PROVIDER=cognito every call answers 501 `NotAvailableWithCognito`.
 */

export const ACCOUNT_ADMIN_MAX_PAGE_SIZE = 100;

/** Codes of the account calls besides `ValidationError`, `Forbidden`, `NotFound` and `Conflict`. */
export const accountAdminErrorCodeSchema = z.enum(['NotAvailableWithCognito', 'LimitExceeded']);
export type AccountAdminErrorCode = z.infer<typeof accountAdminErrorCodeSchema>;

const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/**
 * GET /api/operator/accounts: `query` is the start of the e-mail address, or part of the club's
 * name, or its number; `from` from 0, `size` 1–100 (default 25); `sort` default `email`.
 */
export const accountAdminQuerySchema = z.object({
  query: z.string().max(254).optional(),
  sort: z.enum(ACCOUNT_SORTS).optional(),
  from: queryInt(0, 10_000_000).optional(),
  size: queryInt(1, ACCOUNT_ADMIN_MAX_PAGE_SIZE).optional(),
});
/** The query as a client sends it (`from` and `size` also as the strings of a URL). */
export type AccountAdminQuery = z.input<typeof accountAdminQuerySchema>;

export const accountAdminSubParamsSchema = z.strictObject({ sub: wireId });

/** Body of block, unblock and delete: the reason (3–500 characters), kept in the audit log. */
export const accountAdminReasonInputSchema = z.object({ reason: operatorReasonSchema });
export type AccountReasonInput = z.input<typeof accountAdminReasonInputSchema>;

export const accountAdminSchema = z.object({
  sub: z.string(),
  email: z.string(),
  club: z.object({ id: z.string(), clubnumber: z.string(), clubname: z.string(), team: teamSchema }).nullable(),
  state: z.enum(['UNCONFIRMED', 'CONFIRMED']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
  /** The admin's reason for the block (also in the audit log). */
  blockedReason: z.string().nullable(),
});
export type AccountAdminDto = z.infer<typeof accountAdminSchema>;

export const accountAdminPageSchema = z.object({ items: z.array(accountAdminSchema), total: count, from: count, size: count });
export type AccountAdminPageDto = z.infer<typeof accountAdminPageSchema>;

/** The answer of a deletion. */
export const accountAdminDeletedSchema = z.object({ sub: z.string(), deleted: z.literal(true) });
