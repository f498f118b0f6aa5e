import {
  MODERATION_MESSAGES,
  moderationIdParamsSchema,
  operatorParticipationPageSchema,
  operatorParticipationQuerySchema,
  operatorParticipationSchema,
  operatorVotePageSchema,
  operatorVoteQuerySchema,
  publishParticipationInputSchema,
  rejectedParticipationSchema,
  rejectParticipationInputSchema,
  removeVotesInputSchema,
  removeVotesResultSchema,
} from '@erd/shared-contracts/schemas';
import { operatorPaths } from '@erd/shared-contracts/wire';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { ValidationError } from '../../errors.js';
import { answerInvalid, errorsWith } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import {
  fieldAnswer,
  listParticipationsForReview,
  listVotesForReview,
  publishParticipation,
  rejectParticipation,
  removeCheckedVotes,
} from './service.js';

/**
 * Moderation of entries and votes (both roles): the entries for review, publishing (with the
 * complete Werberat checklist) and rejecting one, an entry's votes and removing some. Registered in
 * the operator API (modules/operators/scope.ts: its access hook checks each route's
 * `operatorAccess`; answers are `no-store`).
 */

export { OPERATOR_COOKIE } from '../operators/access.js';

const errors = errorsWith(401, 403, 409, 429);

/** Without or with an incomplete checklist: 400 `field: 'checklist'` (the rule's own message for a point not confirmed). */
const publishBody = answerInvalid(
  publishParticipationInputSchema,
  (error) =>
    new ValidationError(
      error.issues.some((issue) => issue.message === MODERATION_MESSAGES.checklistIncomplete)
        ? MODERATION_MESSAGES.checklistIncomplete
        : MODERATION_MESSAGES.checklist,
      { field: 'checklist' },
    ),
);
const rejectBody = answerInvalid(rejectParticipationInputSchema, fieldAnswer(['checklist', 'reason']));
const removeVotesBody = answerInvalid(removeVotesInputSchema, fieldAnswer(['ids', 'reason']));

export const moderationRoutes = operatorScope('back office: moderation', (r, ctx) => {
  operatorRead(r, operatorPaths.participations, {
    access: 'operator',
    summary: 'Entries for review (pending or published), paged',
    querystring: operatorParticipationQuerySchema,
    answer: operatorParticipationPageSchema,
    errors,
    read: (input) => listParticipationsForReview({ ctx, input }),
  });

  // Over HTTP a publication carries the complete Werberat checklist, like the back office's
  // decisions (modules/moderation/decisions.ts); a rejection may carry it. The command line calls
  // the services without one.
  operatorRoute(r, 'post', '/api/operator/participations/:id/publish', {
    access: 'operator',
    summary: 'Publish a pending entry (with the complete Werberat checklist)',
    params: moderationIdParamsSchema,
    body: publishBody,
    answer: operatorParticipationSchema,
    errors,
    bodyLimit: 8 * 1024,
    handle: ({ params, body }, request) =>
      publishParticipation({ ctx, input: { id: params.id, checklist: body.checklist, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'post', '/api/operator/participations/:id/reject', {
    access: 'operator',
    summary: 'Reject (delete) an entry; the club may submit again',
    params: moderationIdParamsSchema,
    body: rejectBody,
    answer: rejectedParticipationSchema,
    errors,
    bodyLimit: 8 * 1024,
    handle: ({ params, body }, request) =>
      rejectParticipation({ ctx, input: { id: params.id, reason: body?.reason, checklist: body?.checklist, actor: actorOf(request) } }),
  });

  operatorRead(r, operatorPaths.votes, {
    access: 'operator',
    summary: 'The vote records of an entry, paged',
    querystring: operatorVoteQuerySchema,
    answer: operatorVotePageSchema,
    errors,
    read: (input) => listVotesForReview({ ctx, input }),
  });

  operatorRoute(r, 'post', operatorPaths.removeVotes, {
    access: 'operator',
    summary: 'Remove votes (with a reason; logged)',
    body: removeVotesBody,
    answer: removeVotesResultSchema,
    errors,
    bodyLimit: 64 * 1024,
    handle: ({ body }, request) => removeCheckedVotes({ ctx, input: { ...body, actor: actorOf(request) } }),
  });
});
