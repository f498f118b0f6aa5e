import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminSeasonListSchema,
  adminSeasonSchema,
  seasonChallengeCreatedSchema,
  seasonChallengeCreateInputSchema,
  seasonChallengeDuplicateInputSchema,
  seasonChallengeOrderInputSchema,
  seasonChallengeRemoveInputSchema,
  seasonChallengeWithdrawInputSchema,
  seasonCreateInputSchema,
  seasonReasonInputSchema,
  seasonSwitchInputSchema,
  wireId,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead } from '../../http/operator-read.js';
import { signedInChangeErrors, signedInErrors, zodRoutes } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import {
  createChallenge,
  createSeason,
  duplicateChallenge,
  getSeason,
  listSeasons,
  removeChallenge,
  reorderChallenges,
  restoreChallenge,
  switchSeason,
  withdrawChallenge,
} from './service.js';

/**
 * The back office's seasons over HTTP (issue 26; `seasonAdminPaths`, zod schemas of
 * `@erd/shared-contracts/schemas`), never cached. Both roles read; every change is an admin's
 * (a moderator gets 403). See README.md in this folder.
 */

const BODY_LIMIT = 16 * 1024;

export const seasonAdminRoutePaths = {
  seasons: '/api/operator/seasons',
  season: '/api/operator/seasons/:yearId',
  current: '/api/operator/seasons/current',
  challenges: '/api/operator/seasons/:yearId/challenges',
  order: '/api/operator/seasons/:yearId/order',
  challenge: '/api/operator/season-challenges/:id',
  duplicate: '/api/operator/season-challenges/:id/duplicate',
  withdraw: '/api/operator/season-challenges/:id/withdraw',
  restore: '/api/operator/season-challenges/:id/restore',
} as const;

/** A change's input: the ids of its path (`yearId` or `id`), its body and the operator who makes it. */
const changeInput = <P extends object, B>(request: FastifyRequest & { params: P; body: B }) => ({
  ...request.params,
  body: request.body,
  actor: actorOf(request),
});

const yearParams = z.strictObject({ yearId: wireId });
const challengeParams = z.strictObject({ id: wireId });

export const seasonAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: seasons');
  const r = zodRoutes(app);
  const operator = { operatorAccess: 'operator' } as const;
  const admin = { operatorAccess: 'admin' } as const;
  const adminChange = { config: admin, bodyLimit: BODY_LIMIT } as const;

  operatorRead(r, seasonAdminRoutePaths.seasons, {
    access: 'operator',
    summary: 'Every season (newest first) with its state, dates and counts, and the day they were computed for',
    answer: adminSeasonListSchema,
    read: () => listSeasons({ ctx }),
  });

  r.post(
    seasonAdminRoutePaths.seasons,
    {
      ...adminChange,
      schema: {
        summary:
          'A new season: empty, or a copy of one with every date moved (no entries, votes, results or right answers); 409 SeasonExists (admin; audited)',
        body: seasonCreateInputSchema,
        response: { 201: adminSeasonSchema, ...signedInChangeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSeason({ ctx, input: { body: request.body, actor: actorOf(request) } })),
  );

  r.put(
    seasonAdminRoutePaths.current,
    {
      ...adminChange,
      schema: {
        summary:
          'Switch the season the public site shows (confirmed, with a reason; admin; audited); every instance shows it at the next page load',
        body: seasonSwitchInputSchema,
        response: { 200: adminSeasonListSchema, ...signedInErrors },
      },
    },
    async (request) => switchSeason({ ctx, input: { body: request.body, actor: actorOf(request) } }),
  );

  r.get(
    seasonAdminRoutePaths.season,
    {
      config: operator,
      schema: {
        summary: 'One season with all its challenges (withdrawn ones too) in order',
        params: yearParams,
        response: { 200: adminSeasonSchema, ...signedInErrors },
      },
    },
    async (request) => getSeason({ ctx, input: { yearId: request.params.yearId } }),
  );

  r.post(
    seasonAdminRoutePaths.challenges,
    {
      ...adminChange,
      schema: {
        summary:
          'A new challenge of one of the four types at the end of the season (live season: confirmLive, else 409 SeasonLive; admin; audited)',
        params: yearParams,
        body: seasonChallengeCreateInputSchema,
        response: { 201: seasonChallengeCreatedSchema, ...signedInChangeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await createChallenge({ ctx, input: changeInput(request) })),
  );

  r.put(
    seasonAdminRoutePaths.order,
    {
      ...adminChange,
      schema: {
        summary:
          'The challenges of a season in a new order: every id exactly once (live season: confirmLive, else 409 SeasonLive; admin; audited)',
        params: yearParams,
        body: seasonChallengeOrderInputSchema,
        response: { 200: adminSeasonSchema, ...signedInChangeErrors },
      },
    },
    async (request) => reorderChallenges({ ctx, input: changeInput(request) }),
  );

  r.post(
    seasonAdminRoutePaths.duplicate,
    {
      ...adminChange,
      schema: {
        summary:
          "A copy of the challenge right after it, headline ' (Kopie)', without right answer, entries or results (live season: confirmLive; admin; audited)",
        params: challengeParams,
        body: seasonChallengeDuplicateInputSchema,
        response: { 201: seasonChallengeCreatedSchema, ...signedInChangeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateChallenge({ ctx, input: changeInput(request) })),
  );

  r.delete(
    seasonAdminRoutePaths.challenge,
    {
      ...adminChange,
      schema: {
        summary:
          'Remove a challenge that has no entry (else 409 ChallengeHasEntries: withdraw it); its unsent mails go with it (live season: confirmLive; admin; audited)',
        params: challengeParams,
        body: seasonChallengeRemoveInputSchema,
        response: { 200: adminSeasonSchema, ...signedInChangeErrors },
      },
    },
    async (request) => removeChallenge({ ctx, input: changeInput(request) }),
  );

  r.post(
    seasonAdminRoutePaths.withdraw,
    {
      ...adminChange,
      schema: {
        summary:
          'Take a challenge out of the public season with a reason; its entries, votes and results stay (live season: confirmLive; admin; audited)',
        params: challengeParams,
        body: seasonChallengeWithdrawInputSchema,
        response: { 200: adminSeasonSchema, ...signedInChangeErrors },
      },
    },
    async (request) => withdrawChallenge({ ctx, input: changeInput(request) }),
  );

  r.post(
    seasonAdminRoutePaths.restore,
    {
      ...adminChange,
      schema: {
        summary: 'Put a withdrawn challenge back into its season, with a reason (admin; audited)',
        params: challengeParams,
        body: seasonReasonInputSchema,
        response: { 200: adminSeasonSchema, ...signedInErrors },
      },
    },
    async (request) => restoreChallenge({ ctx, input: changeInput(request) }),
  );
};
