import { newsletterAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  newsletterAdminConsentLogQuerySchema,
  newsletterAdminConsentLogSchema,
  newsletterAdminSubscriberIdParamsSchema,
  newsletterAdminSubscriberPageSchema,
  newsletterAdminSubscriberQuerySchema,
  newsletterAdminSubscriberSchema,
  newsletterAdminUnsubscribeInputSchema,
} from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import { ValidationError } from '../../errors.js';
import { operatorCsv, operatorRead, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid, signedInErrors } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import {
  consentLogForOperator,
  listSubscriptionsForOperator,
  subscribersCsv,
  UNSUBSCRIBE_REASON_MESSAGE,
  unsubscribeByOperator,
} from './service.js';

/**
 * The newsletter in the back office (`newsletterAdminPaths`): a scope of its own in the operator
 * API (modules/operators/scope.ts: access hook, `no-store`). Every route is for admins: subscriber addresses are
 * personal data a moderator does not need (the service checks the role again and audits each read).
 */

/** The answers these forms had before the schemas: the field's own German message without a prefix. */
const consentLogQuery = answerInvalid(newsletterAdminConsentLogQuerySchema, (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return new ValidationError(issue.message, { field: issue.path.map(String).join('.') || 'email' });
});
const unsubscribeBody = answerInvalid(
  newsletterAdminUnsubscribeInputSchema,
  () => new ValidationError(UNSUBSCRIBE_REASON_MESSAGE, { field: 'reason' }),
);

export const newsletterAdminRoutes = operatorScope('back office: newsletter', (r, ctx) => {
  operatorRead(r, newsletterAdminPaths.subscribers, {
    access: 'admin',
    summary: 'Newsletter subscriptions, searched, filtered, sorted and paged (admin; audited)',
    querystring: newsletterAdminSubscriberQuerySchema,
    answer: newsletterAdminSubscriberPageSchema,
    read: (query, request) => listSubscriptionsForOperator({ ctx, input: { ...query, actor: actorOf(request) } }),
  });

  operatorRead(r, newsletterAdminPaths.consentLog, {
    access: 'admin',
    summary: 'The consent log of one address (admin)',
    querystring: consentLogQuery,
    answer: newsletterAdminConsentLogSchema,
    read: (query, request) => consentLogForOperator({ ctx, input: { ...query, actor: actorOf(request) } }),
  });

  operatorCsv(r, newsletterAdminPaths.subscribersCsv, {
    access: 'admin',
    summary: 'The confirmed subscribers as CSV (X-Total-Count; audited)',
    csv: async (_query, request) => {
      const csv = await subscribersCsv({ ctx, input: { actor: actorOf(request) } });
      return { name: 'newsletter', now: ctx.now(), total: csv.total, body: csv.text };
    },
  });

  r.post(
    '/api/operator/newsletter/subscribers/:id/unsubscribe',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Unsubscribe an address for its owner',
        body: unsubscribeBody,
        params: newsletterAdminSubscriberIdParamsSchema,
        response: { 200: newsletterAdminSubscriberSchema, ...signedInErrors },
      },
    },
    async (request) =>
      unsubscribeByOperator({ ctx, input: { id: request.params.id, reason: request.body.reason, actor: actorOf(request) } }),
  );
});
