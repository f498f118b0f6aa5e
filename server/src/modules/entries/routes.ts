import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ownEntryAnswerSchema,
  ownEntryQuerySchema,
  ownParticipationSchema,
  participationInputSchema,
  participationParamsSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { errorResponses, errorSchema, ID_MAX_LENGTH, objectBody } from '../../http/schemas.js';
import { zodErrorResponses, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { createPresignedPost, getOwnParticipation, saveParticipation } from './service.js';

/**
 * The clubs' own entries (contracts `entries.ts`, spec §7): all three calls need the access token
 * (`requireUser`); PUT and POST also the anti-forgery header. Paths with the product's spelling
 * `particpation`. Answers are never cached. GET and PUT take and answer the zod schemas of
 * `@erd/shared-contracts/schemas` (entries.ts, issue 24: the entry's state, the last rejection,
 * an estimate as '4.500'); the presigned post keeps its own checks and messages.
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
  await app.register(async (scope) => {
    const r = zodRoutes(scope);
    const zodErrors = { ...zodErrorResponses, 401: zodErrorSchema, 403: zodErrorSchema, 409: zodErrorSchema, 429: zodErrorSchema } as const;

    r.get(
      BASE,
      {
        onRequest: app.requireUser,
        schema: {
          summary: 'The club’s own entry of a challenge with its state, or null; with include=rejection the last rejection instead of null',
          params: participationParamsSchema,
          querystring: ownEntryQuerySchema,
          response: { 200: ownEntryAnswerSchema, ...zodErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const own = await getOwnParticipation({
          ctx,
          input: { sub: subOf(request), challengeId: request.params.challengeId, withRejection: request.query.include === 'rejection' },
        });
        // `null` (no entry yet) as a JSON body, not an empty answer (a string is sent as it is).
        if (own === null) return reply.type('application/json; charset=utf-8').send('null' as never);
        // The contracts' DTO interfaces have no index signature; the schema checks them on the way out.
        return own as z.input<typeof ownEntryAnswerSchema>;
      },
    );

    r.put(
      BASE,
      {
        onRequest: app.requireUser,
        bodyLimit: 16 * 1024,
        schema: {
          summary: 'Submit the club’s entry: exactly one of estimate (a number or "4.500"), slogan or picture',
          params: participationParamsSchema,
          body: participationInputSchema,
          response: { 200: ownParticipationSchema, ...zodErrors, 413: zodErrorSchema, 415: zodErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const saved = await saveParticipation({ ctx, input: { sub: subOf(request), challengeId: request.params.challengeId, body: request.body } });
        return saved as unknown as z.input<typeof ownParticipationSchema>;
      },
    );
  });

  app.post<{ Params: { challengeId: string } }>(
    `${BASE}/createpresignedpost`,
    {
      onRequest: app.requireUser,
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
