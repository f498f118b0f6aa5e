import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { challengeAdminPaths } from '@erd/shared-contracts/backoffice';
import { adminChallengeListSchema, adminChallengeSchema, challengeAdminParamsSchema, patchChallengeInputSchema } from '@erd/shared-contracts/schemas';
import { PICTURE_MAX_BYTES } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, multipartBody } from '../../http/schemas.js';
import { answerInvalid, germanIssue, zodErrorResponses, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { mediaTooLarge, uploadMedia } from './media.js';
import { getAdminChallenge, listAdminChallenges, updateAdminChallenge } from './service.js';

/**
 * Challenges in the back office (`challengeAdminPaths`): a scope of its own with the operator access
 * hook (modules/operators/access.ts). Both roles read; changes are admin. Right answers and
 * publishing are the results API's (modules/results).
 */

export const challengeAdminRoutePaths = {
  challenges: challengeAdminPaths.challenges,
  challenge: `${challengeAdminPaths.challenges}/:id`,
  media: challengeAdminPaths.media,
} as const;

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema } as const;
const zodErrors = { ...zodErrorResponses, 401: zodErrorSchema, 403: zodErrorSchema, 409: zodErrorSchema } as const;
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The challenges' list, one challenge and its change, on the contracts' zod schemas. Registered in
 * the scope below: the operator access hook and `cache-control` apply. A refused change answers
 * the first problem at its field with every problem listed (`problems`), as the editor shows them.
 */
const patchBody = answerInvalid(patchChallengeInputSchema, (error) => {
  const { message, field } = germanIssue(error);
  return new ValidationError(message, { field: field || null, problems: error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })) });
});

const challengeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const r = zodRoutes(app);
  r.get(
    challengeAdminRoutePaths.challenges,
    { config: { operatorAccess: 'operator' }, schema: { summary: 'The season’s challenges with their editable fields', response: { 200: adminChallengeListSchema, ...zodErrors } } },
    async () => listAdminChallenges({ ctx }),
  );

  r.get(
    challengeAdminRoutePaths.challenge,
    { config: { operatorAccess: 'operator' }, schema: { summary: 'One challenge with its editable fields', params: challengeAdminParamsSchema, response: { 200: adminChallengeSchema, ...zodErrors } } },
    async (request) => getAdminChallenge({ ctx, input: { id: request.params.id } }),
  );

  r.patch(
    challengeAdminRoutePaths.challenge,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Change a challenge (texts, dates, pictures, prizes)',
        params: challengeAdminParamsSchema,
        body: patchBody,
        response: { 200: adminChallengeSchema, ...zodErrors },
      },
    },
    async (request) => updateAdminChallenge({ ctx, input: { id: request.params.id, body: request.body, actor: actorOf(request) } }),
  );
};

export const challengeAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: challenges');
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fieldNameSize: 100, fieldSize: 1024, fields: 5, fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 6, headerPairs: 50 },
  });

  // The challenges' own routes on the contracts' zod schemas, in a scope of their own (the upload below keeps its multipart schema).
  await app.register(challengeRoutes, { ctx });

  // One picture (multipart field `file`) → the ImageDto for teaserImage or prizeImages.
  app.post(
    challengeAdminRoutePaths.media,
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'Upload a challenge picture (multipart field `file`) → ImageDto',
        body: multipartBody('The picture as `file` (JPEG, PNG or WebP)'),
        response: { 201: dto('ImageDto'), ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > PICTURE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
        reply.header('connection', 'close');
        throw mediaTooLarge();
      }
      if (!request.isMultipart()) throw new ValidationError('Erwartet wird ein Formular (multipart/form-data).', { field: 'file' });
      const actor = actorOf(request);
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') continue;
          if (part.fieldname !== 'file') throw new ValidationError('Die Datei gehört in das Feld "file".', { field: 'file' });
          const image = await uploadMedia({ ctx, input: { file: part.file, filename: part.filename || 'bild', actor } });
          return reply.code(201).send(image);
        }
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      throw new ValidationError('Das Formular enthält keine Datei.', { field: 'file' });
    },
  );
};
