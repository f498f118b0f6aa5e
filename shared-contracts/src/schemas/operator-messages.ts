import { z } from 'zod';
import { count, isSingleLine, singleLine, wireId } from './common.js';

/**
 * Operator messages (issue 25, 'Nachrichten' in the back office, admins only): a message to all
 * club accounts or a filter (team; participants or non-participants of a challenge), written as a
 * draft, previewed, tested on the operator's own address, then sent once. Its mails go to the
 * confirmed club accounts that have not switched 'Nachrichten der Veranstalter' off.
 */

export const OPERATOR_MESSAGE_LIMITS = { subject: 150, body: 5000 } as const;

/** A text that may have line breaks and tabs, else the one input rule of `singleLine`. */
const multiLine = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((value) => value.split(/\r\n|\n|\r/).every((line) => isSingleLine(line.replace(/\t/g, ' '))), {
      message: 'Steuerzeichen sind nicht erlaubt.',
    });

export const operatorMessageTeamSchema = z.enum(['m', 'w']);

/**
 * Who gets it: every club account (`{}`), the accounts of one team ('m' Herren, 'w' Damen), and/or
 * the clubs that entered a challenge (`participated: true`) or did not (`false`). Both filters combine.
 */
export const operatorMessageFilterSchema = z
  .strictObject({
    team: operatorMessageTeamSchema.optional(),
    challengeId: wireId.optional(),
    participated: z.boolean().optional(),
  })
  .refine((filter) => (filter.challengeId === undefined) === (filter.participated === undefined), {
    message: 'Wähle zur Challenge, ob Teilnehmer oder Nicht-Teilnehmer die Nachricht bekommen.',
    path: ['participated'],
  });
export type OperatorMessageFilter = z.infer<typeof operatorMessageFilterSchema>;

/** POST /api/operator/messages (a new draft) and PUT …/{id} (a draft changed). */
export const operatorMessageInputSchema = z.strictObject({
  subject: z.string().trim().pipe(singleLine(1, OPERATOR_MESSAGE_LIMITS.subject)),
  /** Plain text; line breaks are kept, a blank line starts a new paragraph. */
  body: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(multiLine(1, OPERATOR_MESSAGE_LIMITS.body)),
  filter: operatorMessageFilterSchema,
});
export type OperatorMessageInput = z.input<typeof operatorMessageInputSchema>;

export const operatorMessageIdParamsSchema = z.strictObject({ id: wireId });

/** GET …/recipients?team=&challengeId=&participated=: the filter as a query. */
export const operatorMessageRecipientsQuerySchema = z
  .strictObject({
    team: operatorMessageTeamSchema.optional(),
    challengeId: wireId.optional(),
    participated: z.enum(['true', 'false']).optional(),
  })
  .transform(({ participated, ...rest }) => ({ ...rest, ...(participated ? { participated: participated === 'true' } : {}) }))
  .pipe(operatorMessageFilterSchema);

export const operatorMessageRecipientsSchema = z.strictObject({ recipients: count });
export type OperatorMessageRecipientsDto = z.infer<typeof operatorMessageRecipientsSchema>;

export const operatorMessageStatusSchema = z.enum(['draft', 'sending', 'sent']);
export type OperatorMessageStatus = z.infer<typeof operatorMessageStatusSchema>;

/** How the mails of a sent message stand: waiting, sent, failed (retries used up), skipped (switched off meanwhile, account gone). */
export const operatorMessageProgressSchema = z.strictObject({ queued: count, sent: count, failed: count, skipped: count });
export type OperatorMessageProgressDto = z.infer<typeof operatorMessageProgressSchema>;

export const operatorMessageSchema = z.strictObject({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  filter: z.strictObject({
    team: operatorMessageTeamSchema.optional(),
    challengeId: z.string().optional(),
    participated: z.boolean().optional(),
  }),
  status: operatorMessageStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** Mails queued when it was sent; null for a draft. */
  recipients: count.nullable(),
  /** Null for a draft. */
  progress: operatorMessageProgressSchema.nullable(),
});
export type OperatorMessageDto = z.infer<typeof operatorMessageSchema>;

/** GET /api/operator/messages: newest first (the last 100). */
export const operatorMessageListSchema = z.strictObject({ items: z.array(operatorMessageSchema) });
export type OperatorMessageListDto = z.infer<typeof operatorMessageListSchema>;

/** GET …/{id}/preview: the mail as a club gets it (HTML for an iframe's `srcdoc`, and its plain text) and how many get it now. */
export const operatorMessagePreviewSchema = z.strictObject({ subject: z.string(), html: z.string(), text: z.string(), recipients: count });
export type OperatorMessagePreviewDto = z.infer<typeof operatorMessagePreviewSchema>;

/** POST …/{id}/test: sent to the operator's own address (the answer names it). 202. */
export const operatorMessageTestResultSchema = z.strictObject({ to: z.string() });
export type OperatorMessageTestResultDto = z.infer<typeof operatorMessageTestResultSchema>;
