import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { resultPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead, operatorRoute } from '../../http/operator-routes.js';
import { z } from 'zod';
import {
  publishResultInputSchema,
  publishResultSchema,
  resultAuditPageSchema,
  resultAuditQuerySchema,
  resultChallengeParamsSchema,
  resultChallengeSchema,
  resultFileParamsSchema,
  resultOverviewQuerySchema,
  resultOverviewSchema,
  resultPreviewSchema,
  resultVersionListSchema,
  resultYearParamsSchema,
  rightAnswerInputSchema,
  standingRowSchema,
} from '@erd/shared-contracts/schemas';
import { answerInvalid, signedInChangeErrors, zodErrorResponses, zodRoutes } from '../../http/zod.js';
import type { Actor } from '../moderation/service.js';
import type { FastAnswers } from '../../http/fast-answers.js';
import { type CachePolicy, documentSender } from '../cache/http.js';
import type { ResultFiles } from './files.js';
import {
  getResultsOverview,
  listResultAudit,
  listResultVersions,
  previewChallengeResults,
  publishResults,
  recordRightAnswer,
  resultInputError,
} from './service.js';

/**
 * Browsers revalidate on every view (a cheap 304 with the ETag), so a correction shows at once; a
 * CDN may keep a file for a minute and serve it stale while it revalidates or when we are down.
 */
export const RESULT_FILE_CACHE: CachePolicy = { sMaxAge: 60, staleWhileRevalidate: 60, staleIfError: 86400 };

/**
 * GET /results/overall-{yearId}.json and /results/challenge-{challengeId}.json: the frozen files,
 * from memory, already compressed, with ETag and Last-Modified (304 on a match) and CORS `*`
 * (the sponsor's embed reads them from another origin, and its conditional requests need the tag).
 */
export const resultsRoutes: FastifyPluginAsync<{ files: ResultFiles; fast?: FastAnswers | null }> = async (app, { files, fast }) => {
  tagRoutes(app, 'results');
  const route = `${app.prefix}/:file`;
  const sender = documentSender(RESULT_FILE_CACHE, { 'access-control-expose-headers': 'ETag, Last-Modified' });
  // A file in memory and current is answered before Fastify's routing (http/fast-answers.ts), the same way.
  fast?.add(`${app.prefix}/`, (path, headers) => {
    const file = files.peek(path.slice(app.prefix.length + 1));
    return file && { route, representation: sender.choose(file, headers) };
  });
  const r = zodRoutes(app);
  r.get(
    '/:file',
    {
      compress: false,
      schema: {
        summary: 'A published result file (overall-{yearId}.json, challenge-{id}.json): StandingRowDto[] (ETag, 304)',
        params: resultFileParamsSchema,
        response: { 200: z.array(standingRowSchema), ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      return sender.send(request, reply, await files.get(request.params.file));
    },
  );
};

// Refused input answers the module's own German message with its field (no `field: ` prefix), as before the schemas.
const rightAnswerBody = answerInvalid(rightAnswerInputSchema, resultInputError);
const publishBody = answerInvalid(publishResultInputSchema, resultInputError);

export interface OperatorResultRoutesOptions {
  ctx: AppContext;
  actorOf: (request: FastifyRequest) => Actor;
}

/**
 * The operator's results API (`/api/operator/results/*`, contracts `resultPaths`); registered in
 * the operator API (modules/operators/scope.ts), whose access hook checks `operatorAccess`: both roles read, admins write.
 * A plugin scope of its own on the contracts' zod schemas (`@erd/shared-contracts/schemas`).
 */
export const operatorResultRoutes: FastifyPluginAsync<OperatorResultRoutesOptions> = async (app, { ctx, actorOf }) => {
  tagRoutes(app, 'back office: results');
  const r = zodRoutes(app);
  operatorRead(r, resultPaths.overview, {
    access: 'operator',
    summary: 'The challenges of a year and their results state',
    querystring: resultOverviewQuerySchema,
    answer: resultOverviewSchema,
    errors: signedInChangeErrors,
    read: (query) => getResultsOverview({ ctx, input: { yearId: query.yearId } }),
  });

  operatorRoute(r, 'get', '/api/operator/results/challenges/:challengeId/preview', {
    access: 'operator',
    summary: 'The table as publishing now would freeze it',
    params: resultChallengeParamsSchema,
    answer: resultPreviewSchema,
    errors: signedInChangeErrors,
    handle: ({ params }) => previewChallengeResults({ ctx, input: { challengeId: params.challengeId } }),
  });

  operatorRoute(r, 'put', '/api/operator/results/challenges/:challengeId/answer', {
    access: 'admin',
    summary: 'Record the right answer and the goals ranking (after publication only with a reason)',
    params: resultChallengeParamsSchema,
    body: rightAnswerBody,
    answer: resultChallengeSchema,
    errors: signedInChangeErrors,
    bodyLimit: 8 * 1024,
    handle: ({ params, body }, request) =>
      recordRightAnswer({ ctx, input: { challengeId: params.challengeId, body, actor: actorOf(request) } }),
  });

  // The service announces the new files (modules/cache): this instance drops its copies before answering.
  operatorRoute(r, 'post', '/api/operator/results/challenges/:challengeId/publish', {
    access: 'admin',
    summary: 'Publish the challenge’s results (a correction needs a reason); writes the result files',
    params: resultChallengeParamsSchema,
    body: publishBody,
    answer: publishResultSchema,
    errors: signedInChangeErrors,
    bodyLimit: 8 * 1024,
    handle: ({ params, body }, request) =>
      publishResults({ ctx, input: { challengeId: params.challengeId, body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'get', '/api/operator/results/challenges/:challengeId/versions', {
    access: 'operator',
    summary: 'Every published version of a challenge’s results, newest first',
    params: resultChallengeParamsSchema,
    answer: resultVersionListSchema,
    errors: signedInChangeErrors,
    handle: ({ params }) => listResultVersions({ ctx, input: { kind: 'challenge', key: params.challengeId } }),
  });

  operatorRoute(r, 'get', '/api/operator/results/years/:yearId/versions', {
    access: 'operator',
    summary: 'Every published version of a year’s overall results, newest first',
    params: resultYearParamsSchema,
    answer: resultVersionListSchema,
    errors: signedInChangeErrors,
    handle: ({ params }) => listResultVersions({ ctx, input: { kind: 'overall', key: params.yearId } }),
  });

  operatorRead(r, resultPaths.audit, {
    access: 'operator',
    summary: 'The results’ audit trail (answers, publications), paged',
    querystring: resultAuditQuerySchema,
    answer: resultAuditPageSchema,
    errors: signedInChangeErrors,
    read: (input) => listResultAudit({ ctx, input }),
  });
};
