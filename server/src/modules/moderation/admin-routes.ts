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
import { answerInvalid, signedInErrors, zodRoutes } from '../../http/zod.js';
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

  r.post(
    moderationAdminPaths.decisions,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 32 * 1024,
      schema: {
        summary: 'Decide on 1–50 entries with the Werberat checklist (per-entry outcome)',
        body: answerInvalid(moderationDecisionInputSchema, decisionAnswer),
        response: { 200: moderationDecisionResultSchema, ...signedInErrors },
      },
    },
    async (request) => applyDecision({ ctx, input: { decision: request.body, actor: actorOf(request) } }),
  );

  r.get(
    '/api/operator/moderation/entries/:id',
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'An entry in any state with its moderation history',
        params: answerInvalid(moderationLookupParamsSchema, () => new ValidationError(M.lookupId, { field: 'id' })),
        response: { 200: moderationLookupSchema, ...signedInErrors },
      },
    },
    async (request) => lookupParticipation({ ctx, input: { id: request.params.id } }),
  );
};
