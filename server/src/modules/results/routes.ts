import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resultPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { errorResponses, errorSchema, ID_MAX_LENGTH, looseObject } from '../../http/schemas.js';
import type { Actor } from '../moderation/service.js';
import type { ResultFile, ResultFiles } from './files.js';
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
export const RESULT_FILE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400';

/** Whether the request's validators match the file (If-None-Match wins over If-Modified-Since). */
function notModified(request: FastifyRequest, file: ResultFile): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string') {
    return inm.trim() === '*' || inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag);
  }
  const ims = request.headers['if-modified-since'];
  if (typeof ims === 'string' && file.lastModified) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/** The best encoding the client accepts (`br`, `gzip` or none); `q=0` refuses one. */
function encodingFor(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * GET /results/overall-{yearId}.json and /results/challenge-{challengeId}.json: the frozen files,
 * from memory, already compressed, with ETag and Last-Modified (304 on a match) and CORS `*`
 * (the sponsor's embed reads them from another origin, and its conditional requests need the tag).
 */
export const resultsRoutes: FastifyPluginAsync<{ files: ResultFiles }> = async (app, { files }) => {
  app.get<{ Params: { file: string } }>(
    '/:file',
    {
      compress: false,
      schema: {
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 250 } },
        },
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...errorResponses },
      },
    },
    async (request, reply: FastifyReply) => {
      const file = await files.get(request.params.file);
      reply
        .header('cache-control', RESULT_FILE_CACHE_CONTROL)
        .header('etag', file.etag)
        .header('vary', 'Accept-Encoding')
        .header('access-control-expose-headers', 'ETag, Last-Modified');
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (notModified(request, file)) return reply.code(304).send();
      const encoding = encodingFor(request.headers['accept-encoding']);
      const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.body;
      if (encoding) reply.header('content-encoding', encoding);
      // A Buffer is sent as it is (no serializer): the frozen bytes.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};

/** Year and challenge ids as the season import allows them (letters, digits, '-', '_'): anything else is a 400, never a query. */
const idSchema = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' } as const;
const challengeParams = { type: 'object', required: ['challengeId'], properties: { challengeId: idSchema } } as const;
const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema } as const;

export interface OperatorResultRoutesOptions {
  ctx: AppContext;
  files: ResultFiles;
  actorOf: (request: FastifyRequest) => Actor;
}

/**
 * The operator's results API (`/api/operator/results/*`, contracts `resultPaths`); registered inside
 * the operator routes, whose access hook checks `operatorAccess`: both roles read, admins write.
 */
export const operatorResultRoutes: FastifyPluginAsync<OperatorResultRoutesOptions> = async (app, { ctx, files, actorOf }) => {
  app.get<{ Querystring: { yearId?: string } }>(
    resultPaths.overview,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        querystring: { type: 'object', properties: { yearId: idSchema }, additionalProperties: false },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => getResultsOverview({ ctx, input: { yearId: request.query.yearId } }),
  );

  app.get<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/preview',
    { config: { operatorAccess: 'operator' }, schema: { params: challengeParams, response: { 200: looseObject, ...errors } } },
    async (request) => previewChallengeResults({ ctx, input: { challengeId: request.params.challengeId } }),
  );

  app.put<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/answer',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { params: challengeParams, body: { type: 'object' }, response: { 200: looseObject, ...errors } },
    },
    async (request) => setRightAnswer({ ctx, input: { challengeId: request.params.challengeId, body: request.body, actor: actorOf(request) } }),
  );

  app.post<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/publish',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { params: challengeParams, body: { type: 'object' }, response: { 200: looseObject, ...errors } },
    },
    async (request) => {
      const published = await publishChallengeResults({
        ctx,
        input: { challengeId: request.params.challengeId, body: request.body, actor: actorOf(request) },
      });
      files.invalidate('challenge', published.challenge.key);
      files.invalidate('overall', (published.challenge.rules as { yearId: string }).yearId);
      return published;
    },
  );

  app.get<{ Params: { challengeId: string } }>(
    '/api/operator/results/challenges/:challengeId/versions',
    { config: { operatorAccess: 'operator' }, schema: { params: challengeParams, response: { 200: looseObject, ...errors } } },
    async (request) => listResultVersions({ ctx, input: { kind: 'challenge', key: request.params.challengeId } }),
  );

  app.get<{ Params: { yearId: string } }>(
    '/api/operator/results/years/:yearId/versions',
    {
      config: { operatorAccess: 'operator' },
      schema: {
        params: { type: 'object', required: ['yearId'], properties: { yearId: idSchema } },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => listResultVersions({ ctx, input: { kind: 'overall', key: request.params.yearId } }),
  );

  app.get<{ Querystring: { challengeId?: string; from?: number; size?: number } }>(
    resultPaths.audit,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            challengeId: idSchema,
            from: { type: 'integer', minimum: 0 },
            size: { type: 'integer', minimum: 1, maximum: 200 },
          },
          additionalProperties: false,
        },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => listResultAudit({ ctx, input: request.query }),
  );
};
