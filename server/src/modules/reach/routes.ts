import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { reachPaths } from '@erd/shared-contracts/wire';
import { ownReachSchema, reachQuerySchema, reachReportSchema, reachVisitInputSchema, wireId } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { CodedError } from '../../errors.js';
import { scopeCacheControl } from '../../http/headers.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorCsv, operatorRead, operatorScope } from '../../http/operator-routes.js';
import { errorsWith, signedInErrors, zodRoutes } from '../../http/zod.js';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/service.js';
import { getOwnReach, getReachCsv, getReachReport, reachSettled, recordVisit } from './service.js';

/**
 * Reach over HTTP (issue 23; zod schemas of `@erd/shared-contracts/schemas`, http/zod.ts), never cached:
 *
 * - `POST /api/reach/visits` (public; the anti-forgery header like every unsafe `/api/` call, per-IP
 *   limit `reachVisit`): a page was opened through a `via` link. 204 whether it counted or not: an
 *   unknown or unpublished target is not counted and not told apart, so the call reveals nothing.
 * - `GET /api/reach/own/{challengeId}` (member): what the club's shared links of its entry brought.
 * - `GET /api/operator/reach` and `…/reach.csv` (operators, both roles, as the other read screens):
 *   the counts per day, target and channel. Aggregated counts: reading them is not audited.
 */

const LIMIT_MESSAGE = 'Zu viele Aufrufe von dieser Verbindung. Bitte versuche es später erneut.';

const publicReachRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'reach');
  scopeCacheControl(app, 'no-store');
  const r = zodRoutes(app);

  r.post(
    reachPaths.visits,
    {
      bodyLimit: 4 * 1024,
      compress: false,
      schema: {
        summary:
          'A page was opened through a shared link (`?via=`): counted for its entry or club page and channel (204 also when not counted)',
        body: reachVisitInputSchema,
        response: {
          204: z.null().describe('Taken (counted when the target is public)'),
          ...errorsWith(403, 429),
        },
      },
    },
    async (request, reply) => {
      if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.reachVisit, subject: request.ip } }))) {
        throw new CodedError(429, 'LimitExceeded', LIMIT_MESSAGE);
      }
      await recordVisit({ ctx, input: { target: request.body.target, channel: request.body.via } });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/reach/own/:challengeId',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'What the shared links of the own club’s entry in a challenge brought, all days (0 and 0 without entry or counts)',
        params: z.strictObject({ challengeId: wireId }),
        response: { 200: ownReachSchema, ...signedInErrors },
      },
    },
    async (request) => getOwnReach({ ctx, input: { sub: request.user!.sub, challengeId: request.params.challengeId } }),
  );
};

/** The operator part: registered in the operator API (modules/operators/scope.ts), which sets `no-store` and checks access. */
export const operatorReachRoutes = operatorScope('back office: reach', (r, ctx) => {
  operatorRead(r, reachPaths.operator, {
    access: 'operator',
    summary: 'Reach: previews, visits and votes per Berlin day, target (entry or club page) and channel, with totals and per channel',
    querystring: reachQuerySchema,
    answer: reachReportSchema,
    read: (input) => getReachReport({ ctx, input }),
  });

  operatorCsv(r, reachPaths.operatorCsv, {
    access: 'operator',
    summary: 'Reach as CSV (German header; X-Total-Count: its rows)',
    querystring: reachQuerySchema,
    description: 'CSV (UTF-8 with BOM, `;`)',
    csv: async (input) => {
      const csv = await getReachCsv({ ctx, input });
      return { name: 'reichweite', now: ctx.now(), total: csv.rows, body: csv.text };
    },
  });
});

/** The public and member routes (the operator part is `operatorReachRoutes`); on close, the counts under way are written before the database goes. */
export const reachRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app: FastifyInstance, { ctx }) => {
  app.addHook('onClose', async () => reachSettled(ctx.db));
  await app.register(publicReachRoutes, { ctx });
};
