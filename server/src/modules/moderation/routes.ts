import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { operatorPaths, type OperatorDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { UnauthorizedError } from '../../errors.js';
import { errorResponses, errorSchema, ID_MAX_LENGTH, looseObject } from '../../http/schemas.js';
import type { ResultFiles } from '../results/files.js';
import { operatorResultRoutes } from '../results/routes.js';
import {
  listParticipationsForReview,
  listVotesForReview,
  loginOperator,
  logoutOperator,
  operatorOfSession,
  publishParticipation,
  rejectParticipation,
  removeVotes,
  type Actor,
} from './service.js';

/**
 * The operator API (`/api/operator/*`, contracts `operatorPaths`). An operator logs in with e-mail
 * and password; the answer sets `erd_operator`, an http-only cookie (SameSite=Strict, Secure on
 * https, path /api/operator) holding a random token the database keeps as SHA-256 only, valid
 * 12 hours, ended by logout. A cookie rather than a bearer token: the back office is a browser
 * page, and a script-readable token is what an XSS would steal. Unsafe calls also need the
 * anti-forgery header, as every `/api/` call. Club access tokens count for nothing here.
 */

export const OPERATOR_COOKIE = 'erd_operator';
const COOKIE_PATH = '/api/operator';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorDto | null;
  }
}

const errors = { ...errorResponses, 401: errorSchema, 409: errorSchema, 429: errorSchema } as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } },
} as const;

function actorOf(request: FastifyRequest): Actor {
  if (!request.operator) throw new UnauthorizedError('Bitte melde dich als Operator an.');
  return { operatorId: request.operator.id, name: request.operator.email };
}

export const operatorRoutes: FastifyPluginAsync<{ ctx: AppContext; resultFiles: ResultFiles }> = async (app, { ctx, resultFiles }) => {
  const secure = ctx.config.publicUrl.startsWith('https:');
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const requireOperator = async (request: FastifyRequest) => {
    const token = request.cookies[OPERATOR_COOKIE];
    const operator = token ? await operatorOfSession({ ctx, input: { token } }) : null;
    if (!operator) throw new UnauthorizedError('Bitte melde dich als Operator an.');
    request.operator = operator;
  };

  app.post(
    operatorPaths.login,
    { bodyLimit: 8 * 1024, schema: { body: { type: 'object' }, response: { 200: looseObject, ...errors } } },
    async (request, reply) => {
      const { operator, token, expiresAt } = await loginOperator({ ctx, input: { body: request.body, ip: request.ip } });
      reply.setCookie(OPERATOR_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, expires: expiresAt });
      return operator;
    },
  );

  app.post(operatorPaths.logout, { schema: { response: { 204: { type: 'null' }, ...errors } } }, async (request, reply: FastifyReply) => {
    const token = request.cookies[OPERATOR_COOKIE];
    if (token) await logoutOperator({ ctx, input: { token } });
    reply.clearCookie(OPERATOR_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
    return reply.code(204).send();
  });

  app.get(operatorPaths.me, { preHandler: requireOperator, schema: { response: { 200: looseObject, ...errors } } }, async (request) => request.operator);

  app.get<{ Querystring: { state?: string; challengeId?: string; from?: number; size?: number } }>(
    operatorPaths.participations,
    {
      preHandler: requireOperator,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['pending', 'published'] },
            challengeId: { type: 'string', maxLength: ID_MAX_LENGTH },
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => listParticipationsForReview({ ctx, input: request.query }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/operator/participations/:id/publish',
    { preHandler: requireOperator, schema: { params: idParams, response: { 200: looseObject, ...errors } } },
    async (request) => publishParticipation({ ctx, input: { id: request.params.id, actor: actorOf(request) } }),
  );

  app.post<{ Params: { id: string }; Body: { reason?: unknown } | undefined }>(
    '/api/operator/participations/:id/reject',
    { preHandler: requireOperator, bodyLimit: 8 * 1024, schema: { params: idParams, response: { 200: looseObject, ...errors } } },
    async (request) => rejectParticipation({ ctx, input: { id: request.params.id, reason: request.body?.reason, actor: actorOf(request) } }),
  );

  app.get<{ Querystring: { participationId?: string; from?: number; size?: number } }>(
    operatorPaths.votes,
    {
      preHandler: requireOperator,
      schema: {
        querystring: {
          type: 'object',
          required: ['participationId'],
          properties: {
            participationId: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => listVotesForReview({ ctx, input: request.query }),
  );

  app.post(
    operatorPaths.removeVotes,
    { preHandler: requireOperator, bodyLimit: 64 * 1024, schema: { body: { type: 'object' }, response: { 200: looseObject, ...errors } } },
    async (request) => removeVotes({ ctx, input: { body: request.body, actor: actorOf(request) } }),
  );

  // Results (decisions §6): preview, right answer, publish, versions, audit.
  await app.register(operatorResultRoutes, { ctx, files: resultFiles, requireOperator, actorOf });
};
