import type { FastifyPluginAsync } from 'fastify';
import { NEWSLETTER_SORTS, NEWSLETTER_STATUSES, newsletterAdminPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { berlinToday } from '../../lib/dates.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, optionalObjectBody } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import {
  consentLogForOperator,
  listSubscriptionsForOperator,
  SUBSCRIBER_MAX_PAGE_SIZE,
  subscribersCsv,
  unsubscribeByOperator,
  type SubscriberQueryInput,
} from './service.js';

/**
 * The newsletter in the back office (`newsletterAdminPaths`): a scope of its own with the operator
 * access hook (modules/operators/access.ts). Every route is for admins: subscriber addresses are
 * personal data a moderator does not need (the service checks the role again and audits each read).
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema } as const;

export const newsletterAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: newsletter');

  app.get<{ Querystring: SubscriberQueryInput }>(
    newsletterAdminPaths.subscribers,
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'Newsletter subscriptions, searched, filtered, sorted and paged (admin; audited)',
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 254 },
            status: { type: 'string', enum: [...NEWSLETTER_STATUSES] },
            sort: { type: 'string', enum: [...NEWSLETTER_SORTS] },
            from: { type: 'integer', minimum: 0, maximum: 10_000_000 },
            size: { type: 'integer', minimum: 1, maximum: SUBSCRIBER_MAX_PAGE_SIZE },
          },
          additionalProperties: false,
        },
        response: { 200: dto('NewsletterSubscriberPageDto'), ...errors },
      },
    },
    async (request) => listSubscriptionsForOperator({ ctx, input: { ...request.query, actor: actorOf(request) } }),
  );

  app.get<{ Querystring: { email?: string } }>(
    newsletterAdminPaths.consentLog,
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'The consent log of one address (admin)',
        querystring: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', maxLength: 254 } },
          additionalProperties: false,
        },
        response: { 200: dto('NewsletterConsentLogDto'), ...errors },
      },
    },
    async (request) => consentLogForOperator({ ctx, input: { ...request.query, actor: actorOf(request) } }),
  );

  app.get(
    newsletterAdminPaths.subscribersCsv,
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'The confirmed subscribers as CSV (X-Total-Count; audited)',
        response: { 200: { content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
      },
    },
    async (request, reply) => {
      const csv = await subscribersCsv({ ctx, input: { actor: actorOf(request) } });
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-${berlinToday(ctx.now())}.csv"`)
        .header('x-total-count', String(csv.total));
      return reply.send(csv.text);
    },
  );

  app.post<{ Params: { id: number }; Body: { reason?: unknown } | undefined }>(
    '/api/operator/newsletter/subscribers/:id/unsubscribe',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Unsubscribe an address for its owner',
        body: optionalObjectBody('{ reason?: string }'),
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
        response: { 200: dto('NewsletterSubscriberDto'), ...errors },
      },
    },
    async (request) => unsubscribeByOperator({ ctx, input: { id: request.params.id, reason: request.body?.reason, actor: actorOf(request) } }),
  );
};
