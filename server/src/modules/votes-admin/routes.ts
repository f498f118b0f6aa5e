import type { FastifyPluginAsync } from 'fastify';
import { votesAdminPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, optionalObjectBody } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { getVoteEntry, listEntryVotes, listVoteEntries, removeEntryVotes, type VoteEntryQueryInput, type VoteRecordQueryInput } from './service.js';

/**
 * The vote review in the back office (`votesAdminPaths`): a scope of its own with the operator
 * access hook (modules/operators/access.ts). Both roles read and remove (moderators moderate
 * votes). Query values arrive as strings and are checked by the service, so every bad value gets
 * a German message.
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const participationParams = {
  type: 'object',
  required: ['participationId'],
  properties: { participationId: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } },
} as const;
const ENTRY = '/api/operator/vote-review/entries/:participationId';

export const votesAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: votes');

  app.get<{ Querystring: VoteEntryQueryInput }>(
    votesAdminPaths.entries,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'Entries with their vote figures and flags, for vote review',
        querystring: {
          type: 'object',
          properties: { challengeId: text(ID_MAX_LENGTH), flagged: text(5), sort: text(20), from: text(12), size: text(12) },
        },
        response: { 200: dto('VoteEntryPageDto'), ...errors },
      },
    },
    async (request) => listVoteEntries({ ctx, input: request.query }),
  );

  app.get<{ Params: { participationId: string } }>(
    ENTRY,
    {
      config: { operatorAccess: 'operator' },
      schema: { summary: 'One entry’s vote figures', params: participationParams, response: { 200: dto('VoteEntryDetailDto'), ...errors } },
    },
    async (request) => getVoteEntry({ ctx, input: { participationId: request.params.participationId } }),
  );

  app.get<{ Params: { participationId: string }; Querystring: VoteRecordQueryInput }>(
    `${ENTRY}/votes`,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'An entry’s vote records, filtered and paged',
        params: participationParams,
        querystring: {
          type: 'object',
          properties: { ipHash: text(200), minute: text(40), state: text(20), from: text(12), size: text(12) },
        },
        response: { 200: dto('VoteRecordPageDto'), ...errors },
      },
    },
    async (request) => listEntryVotes({ ctx, input: { participationId: request.params.participationId, query: request.query } }),
  );

  app.post<{ Params: { participationId: string }; Body: unknown }>(
    `${ENTRY}/remove`,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 64 * 1024,
      schema: {
        summary: 'Remove votes of an entry (by ids or by filter)',
        params: participationParams,
        body: optionalObjectBody('RemoveEntryVotesInput: { ids?: number[], ipHash?: string, minute?: string, reason: string }'),
        response: { 200: dto('RemoveEntryVotesResultDto'), ...errors },
      },
    },
    async (request) => removeEntryVotes({ ctx, input: { participationId: request.params.participationId, body: request.body, actor: actorOf(request) } }),
  );
};
