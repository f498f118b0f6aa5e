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
import { type OperatorInput, operatorRead, operatorRoute, type OperatorRoute, operatorScope } from '../../http/operator-routes.js';
import { signedInChangeErrors, signedInErrors } from '../../http/zod.js';
import type { Actor } from '../audit/service.js';
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

const yearParams = z.strictObject({ yearId: wireId });
const challengeParams = z.strictObject({ id: wireId });

export const seasonAdminRoutes = operatorScope('back office: seasons', (r, ctx) => {
  /** An admin's change (audited by its service), which gets the ids of its path (`yearId` or `id`), its body and the operator who makes it. */
  const adminChange = <A extends z.ZodType, P extends z.ZodType | undefined, B extends z.ZodType>(
    method: 'post' | 'put' | 'delete',
    path: string,
    route: Omit<OperatorRoute<A, P, undefined, B>, 'access' | 'handle'>,
    change: (args: { ctx: AppContext; input: { body: OperatorInput<B>; actor: Actor } & OperatorInput<P> }) => Promise<z.input<A>>,
  ) =>
    operatorRoute(r, method, path, {
      access: 'admin',
      bodyLimit: BODY_LIMIT,
      errors: signedInChangeErrors,
      ...route,
      handle: ({ params, body }, request) => change({ ctx, input: Object.assign({ body, actor: actorOf(request) }, params) }),
    });

  operatorRead(r, seasonAdminRoutePaths.seasons, {
    access: 'operator',
    summary: 'Every season (newest first) with its state, dates and counts, and the day they were computed for',
    answer: adminSeasonListSchema,
    read: () => listSeasons({ ctx }),
  });

  adminChange(
    'post',
    seasonAdminRoutePaths.seasons,
    {
      summary:
        'A new season: empty, or a copy of one with every date moved (no entries, votes, results or right answers); 409 SeasonExists (admin; audited)',
      body: seasonCreateInputSchema,
      answer: adminSeasonSchema,
      status: 201,
    },
    createSeason,
  );

  adminChange(
    'put',
    seasonAdminRoutePaths.current,
    {
      summary:
        'Switch the season the public site shows (confirmed, with a reason; admin; audited); every instance shows it at the next page load',
      body: seasonSwitchInputSchema,
      answer: adminSeasonListSchema,
      errors: signedInErrors,
    },
    switchSeason,
  );

  operatorRoute(r, 'get', seasonAdminRoutePaths.season, {
    access: 'operator',
    summary: 'One season with all its challenges (withdrawn ones too) in order',
    params: yearParams,
    answer: adminSeasonSchema,
    handle: ({ params }) => getSeason({ ctx, input: { yearId: params.yearId } }),
  });

  adminChange(
    'post',
    seasonAdminRoutePaths.challenges,
    {
      summary:
        'A new challenge of one of the four types at the end of the season (live season: confirmLive, else 409 SeasonLive; admin; audited)',
      params: yearParams,
      body: seasonChallengeCreateInputSchema,
      answer: seasonChallengeCreatedSchema,
      status: 201,
    },
    createChallenge,
  );

  adminChange(
    'put',
    seasonAdminRoutePaths.order,
    {
      summary:
        'The challenges of a season in a new order: every id exactly once (live season: confirmLive, else 409 SeasonLive; admin; audited)',
      params: yearParams,
      body: seasonChallengeOrderInputSchema,
      answer: adminSeasonSchema,
    },
    reorderChallenges,
  );

  adminChange(
    'post',
    seasonAdminRoutePaths.duplicate,
    {
      summary:
        "A copy of the challenge right after it, headline ' (Kopie)', without right answer, entries or results (live season: confirmLive; admin; audited)",
      params: challengeParams,
      body: seasonChallengeDuplicateInputSchema,
      answer: seasonChallengeCreatedSchema,
      status: 201,
    },
    duplicateChallenge,
  );

  adminChange(
    'delete',
    seasonAdminRoutePaths.challenge,
    {
      summary:
        'Remove a challenge that has no entry (else 409 ChallengeHasEntries: withdraw it); its unsent mails go with it (live season: confirmLive; admin; audited)',
      params: challengeParams,
      body: seasonChallengeRemoveInputSchema,
      answer: adminSeasonSchema,
    },
    removeChallenge,
  );

  adminChange(
    'post',
    seasonAdminRoutePaths.withdraw,
    {
      summary:
        'Take a challenge out of the public season with a reason; its entries, votes and results stay (live season: confirmLive; admin; audited)',
      params: challengeParams,
      body: seasonChallengeWithdrawInputSchema,
      answer: adminSeasonSchema,
    },
    withdrawChallenge,
  );

  adminChange(
    'post',
    seasonAdminRoutePaths.restore,
    {
      summary: 'Put a withdrawn challenge back into its season, with a reason (admin; audited)',
      params: challengeParams,
      body: seasonReasonInputSchema,
      answer: adminSeasonSchema,
      errors: signedInErrors,
    },
    restoreChallenge,
  );
});
