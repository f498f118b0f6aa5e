import type { FastifyPluginAsync } from 'fastify';
import { moderationAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  MODERATION_MESSAGES,
  moderationDecisionInputSchema,
  moderationDecisionResultSchema,
  moderationLookupParamsSchema,
  moderationLookupSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRoute } from '../../http/operator-read.js';
import { answerInvalid, zodRoutes } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import { applyDecision, decisionAnswer, lookupParticipation } from './decisions.js';

/**
 * Moderation in the back office (`moderationAdminPaths`, issue 8): decisions with the Werberat
 * checklist on one or several entries, and looking an entry up by its id with its history. A scope
 * of its own in the operator API (modules/operators/scope.ts: access hook, `no-store`); both roles. The contracts' zod schemas check the body
 * in full; refused input is told as before (German messages with the field, decisions.ts `decisionAnswer`).
 */

const M = MODERATION_MESSAGES;

export const moderationAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: moderation');
  const r = zodRoutes(app);

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
};
