import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountsAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  accountAdminDeletedSchema,
  accountAdminPageSchema,
  accountAdminQuerySchema,
  accountAdminReasonInputSchema,
  accountAdminSchema,
  accountAdminSubParamsSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead } from '../../http/operator-read.js';
import { answerInvalid, errorsWith, zodRoutes } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import {
  ACCOUNT_MESSAGES,
  assertBuiltIn,
  blockAccount,
  deleteAccountByOperator,
  getAccountForOperator,
  listAccountsForOperator,
  resendCodeByOperator,
  unblockAccount,
} from './service.js';

/**
 * Club accounts in the back office (`accountsAdminPaths`): a scope of its own in the operator
 * API (modules/operators/scope.ts: access hook, `no-store`). Both roles read; resend, block, unblock and delete
 * are admin. 501 `NotAvailableWithCognito` with IDENTITY_PROVIDER=cognito.
 */

const errors = errorsWith(401, 403, 409, 429, 501);

/** A missing or refused reason (or no body at all): the one German message, at the field, as before the schemas. */
const reasonBody = answerInvalid(accountAdminReasonInputSchema, () => new ValidationError(ACCOUNT_MESSAGES.reason, { field: 'reason' }));

export const accountsAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: accounts');
  const r = zodRoutes(app);
  // With Cognito, a write answers 501 before its reason is looked at (as the services did before the schemas).
  const builtInFirst = async () => assertBuiltIn(ctx);

  operatorRead(r, accountsAdminPaths.accounts, {
    access: 'operator',
    summary: 'Club accounts, searched, sorted and paged',
    querystring: accountAdminQuerySchema,
    answer: accountAdminPageSchema,
    errors,
    read: (input) => listAccountsForOperator({ ctx, input }),
  });

  r.get(
    '/api/operator/accounts/:sub',
    {
      config: { operatorAccess: 'operator' },
      schema: { summary: 'One club account', params: accountAdminSubParamsSchema, response: { 200: accountAdminSchema, ...errors } },
    },
    async (request) => getAccountForOperator({ ctx, input: { sub: request.params.sub } }),
  );

  r.post(
    '/api/operator/accounts/:sub/resend-code',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Send the account’s confirmation code again',
        params: accountAdminSubParamsSchema,
        response: { 200: accountAdminSchema, ...errors },
      },
    },
    async (request) => resendCodeByOperator({ ctx, input: { sub: request.params.sub, actor: actorOf(request) } }),
  );

  // Block, unblock and delete: an admin's write with a reason, answered 501 with Cognito before the reason is read.
  const reasonedWrite = { config: { operatorAccess: 'admin' }, bodyLimit: 8 * 1024, preValidation: builtInFirst } as const;
  const reasonInput = (request: FastifyRequest & { params: { sub: string }; body: { reason: string } }) => ({
    sub: request.params.sub,
    reason: request.body.reason,
    actor: actorOf(request),
  });

  for (const [path, summary, change] of [
    ['/api/operator/accounts/:sub/block', 'Block an account', blockAccount],
    ['/api/operator/accounts/:sub/unblock', 'Unblock an account', unblockAccount],
  ] as const) {
    r.post(
      path,
      {
        ...reasonedWrite,
        schema: { summary, params: accountAdminSubParamsSchema, body: reasonBody, response: { 200: accountAdminSchema, ...errors } },
      },
      async (request) => change({ ctx, input: reasonInput(request) }),
    );
  }

  r.post(
    '/api/operator/accounts/:sub/delete',
    {
      ...reasonedWrite,
      schema: {
        summary: 'Delete an account',
        params: accountAdminSubParamsSchema,
        body: reasonBody,
        response: { 200: accountAdminDeletedSchema, ...errors },
      },
    },
    async (request) => deleteAccountByOperator({ ctx, input: reasonInput(request) }),
  );
};
