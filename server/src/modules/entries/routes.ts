import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ownEntryAnswerSchema,
  ownEntryQuerySchema,
  ownParticipationSchema,
  participationInputSchema,
  participationParamsSchema,
  PRESIGNED_POST_MESSAGES,
  presignedPostInputSchema,
  presignedPostSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { ValidationError } from '../../errors.js';
import { answerInvalid, errorsWith, zodRoutes } from '../../http/zod.js';
import { createPresignedPost, getOwnParticipation, saveParticipation } from './service.js';

/**
 * The clubs' own entries (contracts `entries.ts`, spec §7): all three calls need the access token
 * (`requireUser`); PUT and POST also the anti-forgery header. Paths with the product's spelling
 * `particpation`. Answers are never cached. GET and PUT take and answer the zod schemas of
 * `@erd/shared-contracts/schemas` (entries.ts, issue 24: the entry's state, the last rejection,
 * an estimate as '4.500'); the presigned post as well (issue 27), its refused body told as before.
 */

const BASE = '/api/challenge/particpation/:challengeId';

function subOf(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser did not run');
  return request.user.sub;
}

const zodErrors = errorsWith(401, 403, 409, 429);
/** …and where a picture comes: too large (413), not an image (415). */
const pictureErrors = errorsWith(401, 403, 409, 413, 415, 429);

export const entryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'entries');
  await app.register(async (scope) => {
    const r = zodRoutes(scope);

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
          response: { 200: ownParticipationSchema, ...pictureErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const saved = await saveParticipation({
          ctx,
          input: { sub: subOf(request), challengeId: request.params.challengeId, body: request.body },
        });
        return saved as unknown as z.input<typeof ownParticipationSchema>;
      },
    );
  });

  // The picture's upload permission: a scope of its own (zod), its refused body told as before (German, with the field).
  await app.register(async (scope) => {
    const r = zodRoutes(scope);
    const presignedBody = answerInvalid(presignedPostInputSchema, (error) => {
      const contentType = error.issues.every((issue) => issue.path[0] === 'contentType');
      return contentType
        ? new ValidationError(PRESIGNED_POST_MESSAGES.contentType, { field: 'contentType' })
        : new ValidationError(PRESIGNED_POST_MESSAGES.fileName, { field: 'name' });
    });
    r.post(
      `${BASE}/createpresignedpost`,
      {
        onRequest: app.requireUser,
        bodyLimit: 16 * 1024,
        schema: {
          summary: 'Permission to upload a picture: the form fields of a presigned POST',
          params: participationParamsSchema,
          body: presignedBody,
          response: { 200: presignedPostSchema, ...pictureErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return createPresignedPost({
          ctx,
          input: { sub: subOf(request), challengeId: request.params.challengeId, body: request.body, ip: request.ip },
        });
      },
    );
  });
};
