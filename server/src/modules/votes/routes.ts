import type { FastifyPluginAsync } from 'fastify';
import { altchaChallengeSchema, voteInputSchema, voteResultSchema } from '@erd/shared-contracts/schemas';
import { entryPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { authenticate } from '../../http/auth.js';
import { tagRoutes } from '../../http/openapi.js';
import { errorsWith, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { recordVote } from '../reach/service.js';
import { castVote, getProofChallenge, voteGroups } from './service.js';
import { ensureVoterId } from './voter.js';

/**
 * Votes over HTTP (contracts `entries.ts`): no login needed. A valid access token of a member (one
 * with a profile now), when sent, makes the vote a member's (no proof of work; counted per account
 * as well); any other token votes as anyone does, with a proof. Both calls set the voter
 * cookie when the browser has none. POST needs the anti-forgery header like every unsafe `/api/`
 * call (the client sends it: the URL is relative). An accepted vote with `via` (the share channel
 * the browser session came in through, issue 23) is counted for its entry and channel in the reach
 * figures afterwards, without holding up the answer (modules/reach).
 */

const voteErrors = errorsWith(403, 409, 429);

export const voteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'votes');
  ctx.metrics?.trackVoteStatements(() => {
    const { admit, accept } = voteGroups(ctx);
    return { admit: { ...admit.stats }, accept: { ...accept.stats } };
  });
  const r = zodRoutes(app);
  r.get(
    entryPaths.voteChallenge,
    {
      schema: {
        summary: 'A proof-of-work (ALTCHA) challenge for a vote; sets the voter cookie',
        response: { 200: altchaChallengeSchema, 429: zodErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      ensureVoterId(ctx.secret, ctx.config, request, reply);
      return getProofChallenge({ ctx, input: { ip: request.ip } });
    },
  );

  r.post(
    entryPaths.votes,
    {
      bodyLimit: 8 * 1024,
      // Its answers (a count, or a short error) are always below the compression threshold: no
      // compression hooks on the busiest write.
      compress: false,
      schema: {
        summary: 'Vote for an entry (an access token, when sent, makes it a member’s vote without proof of work)',
        security: [
          { xsrfHeader: [], xsrfCookie: [] },
          { xsrfHeader: [], xsrfCookie: [], memberToken: [] },
        ],
        body: voteInputSchema,
        response: { 200: voteResultSchema, ...voteErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const voterId = ensureVoterId(ctx.secret, ctx.config, request, reply);
      const user = await authenticate(ctx, request);
      const { challengeId, participationId, altcha, via } = request.body;
      try {
        const result = await castVote({
          ctx,
          input: { challengeId, participationId, altcha, voterId, user, ip: request.ip, userAgent: request.headers['user-agent'] },
        });
        ctx.metrics?.vote('accepted');
        if (via) void recordVote({ ctx, input: { challengeId, participationId, channel: via } });
        return result;
      } catch (error) {
        if (isAppError(error)) ctx.metrics?.vote('refused', error.code);
        throw error;
      }
    },
  );
};
