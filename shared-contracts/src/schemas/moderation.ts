import { z } from 'zod';
import { MODERATION_DECISION_MAX_IDS, WERBERAT_CHECK_KEYS } from '../moderation-admin.js';
import { isOperatorReasonText, OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';
import { isPlainText } from '../text-rules.js';
import { count, wireId } from './common.js';
import { imageSchema, teamSchema } from './entities.js';

/**
 * Moderation (decisions §4–5, §7; contracts `entries.ts` operatorPaths and `moderation-admin.ts`):
 * the operators' review of entries and votes under `/api/operator`, and the back office's decisions
 * with the Werberat checklist (issue 8). Refused input keeps its German messages (`MODERATION_MESSAGES`),
 * each answered with the field it is about.
 */

const REASON_MIN = OPERATOR_REASON_MIN_LENGTH;
const REASON_MAX = OPERATOR_REASON_MAX_LENGTH;

export const MODERATION_MESSAGES = {
  /** An operator's reason where the call has no message of its own (the audit log's rule). */
  reason: `Gib einen Grund an (${REASON_MIN} bis ${REASON_MAX} Zeichen).`,
  body: 'Die Entscheidung fehlt oder ist unvollständig.',
  decision: 'Entscheide „publish“ (freigeben), „reject“ (ablehnen) oder „withdraw“ (zurückziehen).',
  ids: `Wähle 1 bis ${MODERATION_DECISION_MAX_IDS} verschiedene Beiträge aus.`,
  checklist: 'Die Werberat-Checkliste fehlt oder ist unvollständig: jeder der vier Punkte braucht ein Ja oder Nein.',
  checklistIncomplete: 'Zum Freigeben müssen alle vier Punkte der Werberat-Checkliste bestätigt sein.',
  rejectReason: `Gib einen Grund für die Ablehnung an (${REASON_MIN} bis ${REASON_MAX} Zeichen).`,
  notFound: 'Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.',
  lookupId: 'Gib eine Beitrags-ID an.',
  voteIds: 'ids: 1 bis 1000 Stimmen-IDs.',
} as const;
const M = MODERATION_MESSAGES;

/** What the moderation calls answer as `code` besides the shared ones (`NotPending`: the entry no longer waits). */
export const moderationErrorCodeSchema = z.enum(['Unauthorized', 'InvalidCredentials', 'NotFound', 'NotPending', 'ValidationError']);
export type ModerationErrorCodeDto = z.infer<typeof moderationErrorCodeSchema>;

/** True for text a person can have typed: no control character but tab and line breaks, no broken UTF-16 or U+FFFD. */
export const isPlainTextValue = isPlainText;
const isPlain = isPlainTextValue;

/**
 * An operator's reason (moderation, vote removal): trimmed, 3–500 characters of plain text; every
 * problem is told with `message`. Absent, null or '' is no reason (null).
 */
export const moderationReasonSchema = (message: string) =>
  z
    .union(
      [
        z.literal(''),
        z
          .string()
          .trim()
          .min(REASON_MIN, message)
          .max(REASON_MAX, message)
          .refine((value) => isOperatorReasonText(value), { message }),
      ],
      {
        error: message,
      },
    )
    .nullish()
    .transform((value) => value || null);

/** …and one that must be given. */
export const requiredModerationReasonSchema = (message: string) => moderationReasonSchema(message).pipe(z.string({ error: message }));

export const moderationStateSchema = z.enum(['pending', 'published']);

/**
 * An entry as operators review it: content, club and state (estimates are not moderated). Also the
 * copy a rejection's audit row keeps (older rows may carry more: it is answered without it).
 */
export const operatorParticipationSchema = z.object({
  id: z.string(),
  challengeId: z.string(),
  objectTypeId: z.enum(['bfv-erd-text-participation', 'bfv-erd-picture-participation']),
  state: moderationStateSchema,
  club: z.strictObject({ id: z.string(), clubname: z.string(), clubnumber: z.string(), team: teamSchema }),
  slogan: z.string().optional(),
  image: imageSchema.optional(),
  votes: count,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});

export const operatorParticipationPageSchema = z.strictObject({ items: z.array(operatorParticipationSchema), total: count });

const queryInt = (min: number) => z.coerce.number<string>().int().min(min);

/** GET /api/operator/participations?state=&challengeId=&from=&size= (state pending by default; size at most 200). */
export const operatorParticipationQuerySchema = z.object({
  state: moderationStateSchema.optional(),
  challengeId: z.string().max(200).optional(),
  from: queryInt(0).optional(),
  size: queryInt(1).optional(),
});

/** `{id}` of the per-entry calls. */
export const moderationIdParamsSchema = z.strictObject({ id: wireId });

/** The Werberat checklist: each point `true` (the entry keeps the rule) or `false` (it breaks it), nothing else. */
const checkPoint = z.boolean({ error: M.checklist });
export const werberatChecklistSchema = z.strictObject(
  { minors: checkPoint, traffic: checkPoint, performance: checkPoint, excess: checkPoint } satisfies Record<
    (typeof WERBERAT_CHECK_KEYS)[number],
    z.ZodBoolean
  >,
  { error: M.checklist },
);

/** A checklist with every point confirmed: what a publication needs. */
const completeChecklistSchema = werberatChecklistSchema.refine((checklist) => WERBERAT_CHECK_KEYS.every((key) => checklist[key]), {
  message: M.checklistIncomplete,
});

/** POST …/participations/{id}/publish: the complete checklist (required over HTTP); other fields are ignored. */
export const publishParticipationInputSchema = z.object({ checklist: completeChecklistSchema }, { error: M.checklist });

/** POST …/participations/{id}/reject: optionally (or no body at all) a reason (logged) and the checklist as ticked. */
export const rejectParticipationInputSchema = z
  .object({ checklist: werberatChecklistSchema.optional(), reason: moderationReasonSchema(M.reason) }, { error: M.reason })
  .nullish();

export const rejectedParticipationSchema = z.strictObject({ id: z.string(), rejected: z.literal(true) });

/** GET /api/operator/votes?participationId=&from=&size= */
export const operatorVoteQuerySchema = z.object({ participationId: wireId, from: queryInt(0).optional(), size: queryInt(1).optional() });

/** One vote record. */
export const operatorVoteSchema = z.strictObject({
  id: z.number().int(),
  participationId: z.string(),
  voterId: z.string(),
  accountSub: z.string().nullable(),
  ipHash: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
  removalReason: z.string().nullable(),
});

export const operatorVotePageSchema = z.strictObject({
  items: z.array(operatorVoteSchema),
  total: count,
  /** Votes that count (not removed). */
  counted: count,
});

/** POST /api/operator/votes/remove: 1–1000 vote ids out of the count, with a reason (logged). */
export const removeVotesInputSchema = z.object(
  {
    ids: z
      .array(z.number({ error: M.voteIds }).int(M.voteIds).positive(M.voteIds), { error: M.voteIds })
      .min(1, M.voteIds)
      .max(1000, M.voteIds),
    reason: requiredModerationReasonSchema(M.reason),
  },
  { error: M.voteIds },
);

export type RemoveVotesInputValues = z.output<typeof removeVotesInputSchema>;

export const removeVotesResultSchema = z.strictObject({
  removed: count,
  participations: z.array(z.strictObject({ id: z.string(), votes: count })),
});

// ---------------------------------------------------------------------------------------------
// The back office's decisions (moderation-admin.ts)

/** An entry's id in a decision: as stored (no surrounding spaces, plain text). */
const entryId = z
  .string()
  .min(1)
  .max(200)
  .refine((value) => value.trim() === value && isPlain(value));

const decisionIds = z
  .array(entryId)
  .min(1)
  .max(MODERATION_DECISION_MAX_IDS)
  .refine((ids) => new Set(ids).size === ids.length);

/**
 * POST /api/operator/moderation/decisions: one decision for 1–50 different entries. `publish`
 * needs every point of the checklist confirmed (a reason is an optional note); `reject` and
 * `withdraw` a reason (3–500 characters) and the checklist as ticked.
 */
export const moderationDecisionInputSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    decision: z.literal('publish'),
    ids: decisionIds,
    checklist: completeChecklistSchema,
    reason: moderationReasonSchema(M.reason),
  }),
  z.strictObject({
    decision: z.enum(['reject', 'withdraw']),
    ids: decisionIds,
    checklist: werberatChecklistSchema,
    reason: requiredModerationReasonSchema(M.rejectReason),
  }),
]);
export type ModerationDecisionInputValues = z.output<typeof moderationDecisionInputSchema>;

export const moderationDecisionSchema = z.enum(['publish', 'reject', 'withdraw']);

export const moderationDecisionItemSchema = z.strictObject({
  id: z.string(),
  outcome: z.enum(['published', 'rejected', 'withdrawn', 'already-decided', 'not-found']),
  /** For `already-decided`: where the entry stands now. */
  current: z.enum(['pending', 'published', 'rejected']).optional(),
});

export const moderationDecisionResultSchema = z.strictObject({
  decision: moderationDecisionSchema,
  items: z.array(moderationDecisionItemSchema),
  /** How many were decided by this call. */
  done: count,
});

/** GET /api/operator/moderation/entries/{id}: any id the 'Melden' e-mail can carry (a bad one: 400 with `field: 'id'`). */
export const moderationLookupParamsSchema = z.strictObject({ id: entryId });

export const moderationHistoryItemSchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  /** `publish`, `reject`, `remove-votes`, … (the audit log's action). */
  action: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  /** The checklist stored with the decision; null for rows without one (command line, older rows, votes). */
  checklist: werberatChecklistSchema.nullable(),
});

export const moderationLookupSchema = z.strictObject({
  id: z.string(),
  state: z.enum(['pending', 'published', 'rejected', 'unknown']),
  entry: operatorParticipationSchema.nullable(),
  history: z.array(moderationHistoryItemSchema),
});
