import type { FastifyPluginAsync } from 'fastify';
import { moderationAdminPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, objectBody } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { decideParticipations, lookupParticipation } from './decisions.js';

/**
 * Moderation in the back office (`moderationAdminPaths`, issue 8): decisions with the Werberat
 * checklist on one or several entries, and looking an entry up by its id with its history. A scope
 * of its own with the operator access hook; both roles. The body is checked in full by the service
 * (German messages with the field).
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema } as const;

export const moderationAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: moderation');

  app.post(
    moderationAdminPaths.decisions,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 32 * 1024,
      schema: { summary: 'Decide on 1–50 entries with the Werberat checklist (per-entry outcome)', body: objectBody('ModerationDecisionInput: { decision, ids: string[], checklist: WerberatChecklistDto, reason?: string }'), response: { 200: dto('ModerationDecisionResultDto'), ...errors } },
    },
    async (request) => decideParticipations({ ctx, input: { body: request.body, actor: actorOf(request) } }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/operator/moderation/entries/:id',
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'An entry in any state with its moderation history',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } } },
        response: { 200: dto('ModerationLookupDto'), ...errors },
      },
    },
    async (request) => lookupParticipation({ ctx, input: { id: request.params.id } }),
  );
};
