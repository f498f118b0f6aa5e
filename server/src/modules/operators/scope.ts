import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { accountsAdminRoutes } from '../accounts-admin/routes.js';
import { auditRoutes } from '../audit/routes.js';
import { challengeAdminRoutes } from '../challenges-admin/routes.js';
import { operatorClubFanRoutes } from '../club-fans/routes.js';
import { clubsAdminRoutes } from '../clubs-admin/routes.js';
import { contentAdminRoutes } from '../content-admin/routes.js';
import { moderationAdminRoutes } from '../moderation/admin-routes.js';
import { moderationRoutes } from '../moderation/routes.js';
import { newsletterAdminRoutes } from '../newsletter-admin/routes.js';
import { operatorMessageRoutes } from '../operator-messages/routes.js';
import { overviewRoutes } from '../overview/routes.js';
import { operatorReachRoutes } from '../reach/routes.js';
import { operatorResultRoutes } from '../results/routes.js';
import { seasonPreviewRoutes } from '../season-preview/routes.js';
import { seasonAdminRoutes } from '../seasons-admin/routes.js';
import { votesAdminRoutes } from '../votes-admin/routes.js';
import { actorOf, registerOperatorAccess } from './access.js';
import { operatorAccountRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An operator route's `cache-control` when not `no-store` (the operator API's default, see below). */
    operatorCacheControl?: string;
  }
}

/**
 * The operator API (`/api/operator/*`, the back office's server): one scope, set up once here.
 *
 * - Access: one hook (modules/operators/access.ts) checks every route's `config.operatorAccess`
 *   (`public`, `operator` or `admin`) before anything else of the route runs; a route in this scope
 *   without one does not start.
 * - Never cached: every answer is `cache-control: no-store`, set before the access check (so also
 *   on its 401 and 403), or the route's `config.operatorCacheControl` (the season preview's
 *   `private, no-store`).
 * - Unsafe calls need the anti-forgery header, as every `/api/` call (http/security.ts).
 *
 * Every module's operator routes are registered below, one line each; a module keeps its own
 * OpenAPI tag, its zod schemas and anything else of its own (multipart, its own hooks). A module
 * with public or member routes as well (reach, club fans) exports its operator part for this list
 * and registers the rest itself (app.ts).
 */
export const operatorApi: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', request.routeOptions.config.operatorCacheControl ?? 'no-store');
  });
  registerOperatorAccess(app, ctx);

  // Session, own account, operator management, the OpenAPI document: /api/operator/{login,logout,me,password,operators,openapi.json,openapi.yaml}
  await app.register(operatorAccountRoutes, { ctx });
  // The audit log: /api/operator/audit, /api/operator/audit.csv
  await app.register(auditRoutes, { ctx });
  // Moderation of entries and votes: /api/operator/participations/*, /api/operator/votes/*
  await app.register(moderationRoutes, { ctx });
  // Results: /api/operator/results/* (overview, preview, right answer, publish, versions, audit)
  await app.register(operatorResultRoutes, { ctx, actorOf });
  // Challenges and their media: /api/operator/challenges/*, /api/operator/media
  await app.register(challengeAdminRoutes, { ctx });
  // Newsletter subscribers and consent log: /api/operator/newsletter/*
  await app.register(newsletterAdminRoutes, { ctx });
  // 'Nachrichten' to the clubs: /api/operator/messages/*
  await app.register(operatorMessageRoutes, { ctx });
  // Seasons and their challenges: /api/operator/seasons/*, /api/operator/season-challenges/*
  await app.register(seasonAdminRoutes, { ctx });
  // A season's preview in this browser: /api/operator/seasons/preview (PUT; DELETE is public)
  await app.register(seasonPreviewRoutes, { ctx });
  // Club accounts: /api/operator/accounts/*
  await app.register(accountsAdminRoutes, { ctx });
  // Clubs, their CSV import and logos: /api/operator/clubs/*
  await app.register(clubsAdminRoutes, { ctx });
  // Site content: /api/operator/content/*
  await app.register(contentAdminRoutes, { ctx });
  // Vote review: /api/operator/vote-review/*
  await app.register(votesAdminRoutes, { ctx });
  // Moderation decisions and an entry's history: /api/operator/moderation/*
  await app.register(moderationAdminRoutes, { ctx });
  // The overview: /api/operator/overview
  await app.register(overviewRoutes, { ctx });
  // Reach: /api/operator/reach, /api/operator/reach.csv
  await app.register(operatorReachRoutes, { ctx });
  // 'Mein Verein' fans: /api/operator/club-fans/*
  await app.register(operatorClubFanRoutes, { ctx });
};
