import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { challengeAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  adminChallengeListSchema,
  adminChallengeSchema,
  challengeAdminParamsSchema,
  patchChallengeInputSchema,
} from '@erd/shared-contracts/schemas';
import { PICTURE_MAX_BYTES } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead, operatorRoute } from '../../http/operator-routes.js';
import { answerInvalid, listProblems, signedInChangeErrors, zodRoutes } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import { mediaUploadRoutes } from './media.js';
import { getAdminChallenge, listAdminChallenges, updateAdminChallenge } from './service.js';

/**
 * Challenges in the back office (`challengeAdminPaths`): a scope of its own in the operator
 * API (modules/operators/scope.ts: the access hook, `no-store`). Both roles read; changes are admin. Right answers and
 * publishing are the results API's (modules/results).
 */

export const challengeAdminRoutePaths = {
  challenges: challengeAdminPaths.challenges,
  challenge: `${challengeAdminPaths.challenges}/:id`,
  media: challengeAdminPaths.media,
} as const;

/**
 * The challenges' list, one challenge and its change, on the contracts' zod schemas. Registered in
 * the scope below, inside the operator API: its access hook and `cache-control` apply. A refused change answers
 * the first problem at its field with every problem listed (`problems`), as the editor shows them.
 */
const patchBody = answerInvalid(patchChallengeInputSchema, listProblems({ fieldInMessage: true }));

const challengeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const r = zodRoutes(app);
  operatorRead(r, challengeAdminRoutePaths.challenges, {
    access: 'operator',
    summary: 'The season’s challenges with their editable fields',
    answer: adminChallengeListSchema,
    errors: signedInChangeErrors,
    read: () => listAdminChallenges({ ctx }),
  });

  operatorRoute(r, 'get', challengeAdminRoutePaths.challenge, {
    access: 'operator',
    summary: 'One challenge with its editable fields',
    params: challengeAdminParamsSchema,
    answer: adminChallengeSchema,
    errors: signedInChangeErrors,
    handle: ({ params }) => getAdminChallenge({ ctx, input: { id: params.id } }),
  });

  operatorRoute(r, 'patch', challengeAdminRoutePaths.challenge, {
    access: 'admin',
    summary: 'Change a challenge (texts, dates, pictures, prizes)',
    params: challengeAdminParamsSchema,
    body: patchBody,
    answer: adminChallengeSchema,
    errors: signedInChangeErrors,
    bodyLimit: 256 * 1024,
    handle: ({ params, body }, request) => updateAdminChallenge({ ctx, input: { id: params.id, body, actor: actorOf(request) } }),
  });
};

export const challengeAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: challenges');
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fieldNameSize: 100, fieldSize: 1024, fields: 5, fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 6, headerPairs: 50 },
  });

  await app.register(challengeRoutes, { ctx });

  // One picture (multipart field `file`) → the ImageDto for teaserImage or prizeImages (media.ts).
  await app.register(mediaUploadRoutes, { ctx });
};
