import type { FastifyPluginAsync } from 'fastify';
import {
  clubAvailabilityParamsSchema,
  clubAvailabilitySchema,
  clubRequestInputSchema,
  clubRequestResultSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { scopeCacheControl } from '../../http/headers.js';
import { tagRoutes } from '../../http/openapi.js';
import { errorsWith, zodRoutes } from '../../http/zod.js';
import { getClubAvailability, requestClub } from './service.js';

/**
 * The registration's club steps over HTTP (issue 24; zod schemas of `@erd/shared-contracts/schemas`),
 * public and never cached, each with a per-IP limit (429 LimitExceeded):
 *
 * - `GET /api/clubs/{clubId}/availability`: `{ available }` of a catalogue entry (club and team),
 *   asked as soon as one is chosen; 404 ClubNotFound for an unknown id. The sign-up still decides.
 * - `POST /api/club-requests` (the anti-forgery header like every unsafe `/api/` call): a club that
 *   is missing from the catalogue, mailed to the service address; 202 `{ ok: true }` for every valid request.
 */
export const CLUB_AVAILABILITY_PATH = '/api/clubs/:clubId/availability';
export const CLUB_REQUESTS_PATH = '/api/club-requests';

export const clubSignupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'club sign-up');
  scopeCacheControl(app, 'no-store');
  const r = zodRoutes(app);

  r.get(
    CLUB_AVAILABILITY_PATH,
    {
      schema: {
        summary: 'Whether a club entry (club number and team) can still be registered: false when it already has an account',
        params: clubAvailabilityParamsSchema,
        response: { 200: clubAvailabilitySchema, ...errorsWith(429) },
      },
    },
    async (request) => getClubAvailability({ ctx, input: { clubId: request.params.clubId, ip: request.ip } }),
  );

  r.post(
    CLUB_REQUESTS_PATH,
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: "'Verein nicht gefunden?': a club missing from the catalogue, mailed to the service address (Reply-To: the given address)",
        body: clubRequestInputSchema,
        response: { 202: clubRequestResultSchema, ...errorsWith(403, 429) },
      },
    },
    async (request, reply) => {
      await requestClub({ ctx, input: { request: request.body, ip: request.ip } });
      return reply.code(202).send({ ok: true as const });
    },
  );
};
