import { moderationAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  MODERATION_MESSAGES,
  moderationDecisionInputSchema,
  moderationDecisionResultSchema,
  moderationLookupParamsSchema,
  moderationLookupSchema,
} from '@erd/shared-contracts/schemas';
import { ValidationError } from '../../errors.js';
import { operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import { applyDecision, decisionAnswer, lookupParticipation } from './decisions.js';

/**
 * Moderation in the back office (`moderationAdminPaths`, issue 8): decisions with the Werberat
 * checklist on one or several entries, and looking an entry up by its id with its history. A scope
 * of its own in the operator API (modules/operators/scope.ts: access hook, `no-store`); both roles. The contracts' zod schemas check the body
 * in full; refused input is told as before (German messages with the field, decisions.ts `decisionAnswer`).
 */

const M = MODERATION_MESSAGES;

export const moderationAdminRoutes = operatorScope('back office: moderation', (r, ctx) => {
  operatorRoute(r, 'post', moderationAdminPaths.decisions, {
    access: 'operator',
    summary: 'Decide on 1–50 entries with the Werberat checklist (per-entry outcome)',
    body: answerInvalid(moderationDecisionInputSchema, decisionAnswer),
    answer: moderationDecisionResultSchema,
    bodyLimit: 32 * 1024,
    handle: ({ body }, request) => applyDecision({ ctx, input: { decision: body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'get', '/api/operator/moderation/entries/:id', {
    access: 'operator',
    summary: 'An entry in any state with its moderation history',
    params: answerInvalid(moderationLookupParamsSchema, () => new ValidationError(M.lookupId, { field: 'id' })),
    answer: moderationLookupSchema,
    handle: ({ params }) => lookupParticipation({ ctx, input: { id: params.id } }),
  });
});
