import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, looseObject, objectBody } from '../../http/schemas.js';
import { createPresignedPost, getOwnParticipation, saveParticipation } from './service.js';

/**
 * The clubs' own entries (contracts `entries.ts`, spec §7): all three calls need the access token
 * (`requireUser`); PUT and POST also the anti-forgery header. Paths with the product's spelling
 * `particpation`. Answers are never cached.
 */

const BASE = '/api/challenge/particpation/:challengeId';

const params = {
  type: 'object',
  required: ['challengeId'],
  properties: { challengeId: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } },
} as const;

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema } as const;

type Request = FastifyRequest<{ Params: { challengeId: string } }>;

function subOf(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser did not run');
  return request.user.sub;
}

export const entryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'entries');
  app.get<{ Params: { challengeId: string } }>(
    BASE,
    {
      preHandler: app.requireUser,
      schema: { summary: 'The club’s own entry of a challenge, or null', params, response: { 200: { anyOf: [looseObject, { type: 'null' }] }, ...errors } },
    },
    async (request: Request, reply) => {
      reply.header('cache-control', 'no-store');
      const own = await getOwnParticipation({ ctx, input: { sub: subOf(request), challengeId: request.params.challengeId } });
      // `null` (no entry yet) as a JSON body, not an empty answer.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(own));
    },
  );

  app.put<{ Params: { challengeId: string } }>(
    BASE,
    {
      preHandler: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: { summary: 'Submit the club’s entry', params, body: objectBody('EntryInput: exactly one of { estimate } | { slogan } | { picture }'), response: { 200: dto('SavedParticipationDto'), ...errors } },
    },
    async (request: Request, reply) => {
      reply.header('cache-control', 'no-store');
      return saveParticipation({ ctx, input: { sub: subOf(request), challengeId: request.params.challengeId, body: request.body } });
    },
  );

  app.post<{ Params: { challengeId: string } }>(
    `${BASE}/createpresignedpost`,
    {
      preHandler: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Permission to upload a picture: the form fields of a presigned POST',
        params,
        body: objectBody('PresignedPostInput: { name: string, contentType: string }'),
        response: {
          200: {
            type: 'object',
            required: ['file', 'data'],
            properties: {
              file: { type: 'string' },
              data: {
                type: 'object',
                required: ['url', 'fields'],
                properties: { url: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request: Request, reply) => {
      reply.header('cache-control', 'no-store');
      return createPresignedPost({ ctx, input: { sub: subOf(request), challengeId: request.params.challengeId, body: request.body, ip: request.ip } });
    },
  );
};
