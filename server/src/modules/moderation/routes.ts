import type { FastifyPluginAsync } from 'fastify';
import { operatorPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, objectBody, optionalObjectBody } from '../../http/schemas.js';
import { auditRoutes } from '../audit/routes.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { operatorAccountRoutes } from '../operators/routes.js';
import { operatorResultRoutes } from '../results/routes.js';
import { checklistOf, completeChecklistOf } from './decisions.js';
import { listParticipationsForReview, listVotesForReview, publishParticipation, rejectParticipation, removeVotes } from './service.js';

/**
 * The operator API (`/api/operator/*`): one scope with one access hook (modules/operators/access.ts:
 * every route declares `public`, `operator` or `admin`). Here: the session and account calls
 * (modules/operators), the audit log (modules/audit), moderation of entries and votes (both
 * roles), and the results (modules/results: reading for both roles, right answers and publishing
 * for admins). Unsafe calls need the anti-forgery header, as every `/api/` call; answers are
 * `no-store`.
 */

export { OPERATOR_COOKIE } from '../operators/access.js';

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema } as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } },
} as const;

export const operatorRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: moderation');

  await app.register(operatorAccountRoutes, { ctx });
  await app.register(auditRoutes, { ctx });

  app.get<{ Querystring: { state?: string; challengeId?: string; from?: number; size?: number } }>(
    operatorPaths.participations,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'Entries for review (pending or published), paged',
        querystring: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['pending', 'published'] },
            challengeId: { type: 'string', maxLength: ID_MAX_LENGTH },
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: dto('OperatorParticipationPageDto'), ...errors },
      },
    },
    async (request) => listParticipationsForReview({ ctx, input: request.query }),
  );

  // Over HTTP a publication carries the complete Werberat checklist, like the back office's
  // decisions (modules/moderation/decisions.ts); a rejection may carry it. The command line calls
  // the services without one.
  app.post<{ Params: { id: string }; Body: { checklist?: unknown } | undefined }>(
    '/api/operator/participations/:id/publish',
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Publish a pending entry',
        params: idParams,
        body: optionalObjectBody('{ checklist: WerberatChecklistDto } (complete over HTTP)'),
        response: { 200: dto('OperatorParticipationDto'), ...errors },
      },
    },
    async (request) =>
      publishParticipation({ ctx, input: { id: request.params.id, checklist: completeChecklistOf(request.body?.checklist), actor: actorOf(request) } }),
  );

  app.post<{ Params: { id: string }; Body: { reason?: unknown; checklist?: unknown } | undefined }>(
    '/api/operator/participations/:id/reject',
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Reject (delete) an entry; the club may submit again',
        params: idParams,
        body: optionalObjectBody('RejectParticipationInput: { reason?: string, checklist?: WerberatChecklistDto }'),
        response: { 200: dto('RejectedParticipationDto'), ...errors },
      },
    },
    async (request) =>
      rejectParticipation({
        ctx,
        input: {
          id: request.params.id,
          reason: request.body?.reason,
          checklist: request.body?.checklist === undefined ? undefined : checklistOf(request.body.checklist),
          actor: actorOf(request),
        },
      }),
  );

  app.get<{ Querystring: { participationId?: string; from?: number; size?: number } }>(
    operatorPaths.votes,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The vote records of an entry, paged',
        querystring: {
          type: 'object',
          required: ['participationId'],
          properties: {
            participationId: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: dto('OperatorVotePageDto'), ...errors },
      },
    },
    async (request) => listVotesForReview({ ctx, input: request.query }),
  );

  app.post(
    operatorPaths.removeVotes,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 64 * 1024,
      schema: { summary: 'Remove votes', body: objectBody('RemoveVotesInput: { ids: number[], reason: string }'), response: { 200: dto('RemoveVotesResultDto'), ...errors } },
    },
    async (request) => removeVotes({ ctx, input: { body: request.body, actor: actorOf(request) } }),
  );

  // Results (decisions §6): preview, right answer, publish, versions, audit.
  await app.register(operatorResultRoutes, { ctx, actorOf });
};
