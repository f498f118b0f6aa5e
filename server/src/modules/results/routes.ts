import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resultPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, objectBody } from '../../http/schemas.js';
import type { Actor } from '../moderation/service.js';
import type { FastAnswers } from '../../http/fast-answers.js';
import { type CachePolicy, documentSender } from '../cache/http.js';
import type { ResultFiles } from './files.js';
import {
  getResultsOverview,
  listResultAudit,
  listResultVersions,
  previewChallengeResults,
  publishChallengeResults,
  setRightAnswer,
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
  app.get<{ Params: { file: string } }>(
    '/:file',
    {
      compress: false,
      schema: {
        summary: 'A published result file (overall-{yearId}.json, challenge-{id}.json): StandingRowDto[] (ETag, 304)',
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 250 } },
        },
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...errorResponses },
      },
    },
    async (request, reply: FastifyReply) => {
      return sender.send(request, reply, await files.get(request.params.file));
    },
  );
};

/** Year and challenge ids as the season import allows them (letters, digits, '-', '_'): anything else is a 400, never a query. */
const idSchema = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' } as const;
const challengeParams = { type: 'object', required: ['challengeId'], properties: { challengeId: idSchema } } as const;
const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema } as const;

export interface OperatorResultRoutesOptions {
  ctx: AppContext;
  actorOf: (request: FastifyRequest) => Actor;
}

/**
 * The operator's results API (`/api/operator/results/*`, contracts `resultPaths`); registered inside
 * the operator routes, whose access hook checks `operatorAccess`: both roles read, admins write.
 */
export const operatorResultRoutes: FastifyPluginAsync<OperatorResultRoutesOptions> = async (app, { ctx, actorOf }) => {
  tagRoutes(app, 'back office: results');
  app.get<{ Querystring: { yearId?: string } }>(
    resultPaths.overview,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The challenges of a year and their results state',
        querystring: { type: 'object', properties: { yearId: idSchema }, additionalProperties: false },
        response: { 200: dto('ResultOverviewDto'), ...errors },
      },
    },
    async (request) => getResultsOverview({ ctx, input: { yearId: request.query.yearId } }),
  );

  app.get<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/preview',
    {
      config: { operatorAccess: 'operator' },
      schema: { summary: 'The table as publishing now would freeze it', params: challengeParams, response: { 200: dto('ResultPreviewDto'), ...errors } },
    },
    async (request) => previewChallengeResults({ ctx, input: { challengeId: request.params.challengeId } }),
  );

  app.put<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/answer',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Record the right answer and the goals ranking (after publication only with a reason)',
        params: challengeParams,
        body: objectBody('RightAnswerInput: { rightAnswer?: number | string | null, ranking?: "highest" | "closest", reason?: string }'),
        response: { 200: dto('ResultChallengeDto'), ...errors },
      },
    },
    async (request) => setRightAnswer({ ctx, input: { challengeId: request.params.challengeId, body: request.body, actor: actorOf(request) } }),
  );

  app.post<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/publish',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Publish the challenge’s results (a correction needs a reason); writes the result files',
        params: challengeParams,
        body: objectBody('PublishResultInput: { expectedVersion: number, reason?: string }'),
        response: { 200: dto('PublishResultDto'), ...errors },
      },
    },
    async (request) => {
      // The service announces the new files (modules/cache): this instance drops its copies before answering.
      return publishChallengeResults({
        ctx,
        input: { challengeId: request.params.challengeId, body: request.body, actor: actorOf(request) },
      });
    },
  );

  app.get<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/versions',
    {
      config: { operatorAccess: 'operator' },
      schema: { summary: 'Every published version of a challenge’s results, newest first', params: challengeParams, response: { 200: dto('{ items: ResultVersionDto[] }'), ...errors } },
    },
    async (request) => listResultVersions({ ctx, input: { kind: 'challenge', key: request.params.challengeId } }),
  );

  app.get<{ Params: { yearId: string } }>(
    '/api/operator/results/years/:yearId/versions',
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'Every published version of a year’s overall results, newest first',
        params: { type: 'object', required: ['yearId'], properties: { yearId: idSchema } },
        response: { 200: dto('{ items: ResultVersionDto[] }'), ...errors },
      },
    },
    async (request) => listResultVersions({ ctx, input: { kind: 'overall', key: request.params.yearId } }),
  );

  app.get<{ Querystring: { challengeId?: string; from?: number; size?: number } }>(
    resultPaths.audit,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The results’ audit trail (answers, publications), paged',
        querystring: {
          type: 'object',
          properties: {
            challengeId: idSchema,
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1, maximum: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: dto('ResultAuditPageDto'), ...errors },
      },
    },
    async (request) => listResultAudit({ ctx, input: request.query }),
  );
};
