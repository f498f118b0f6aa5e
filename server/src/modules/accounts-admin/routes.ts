import { accountsAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  accountAdminDeletedSchema,
  accountAdminPageSchema,
  accountAdminQuerySchema,
  accountAdminReasonInputSchema,
  accountAdminSchema,
  accountAdminSubParamsSchema,
} from '@erd/shared-contracts/schemas';
import { ValidationError } from '../../errors.js';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid, errorsWith } from '../../http/zod.js';
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

export const accountsAdminRoutes = operatorScope('back office: accounts', (r, ctx) => {
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

  operatorRoute(r, 'get', '/api/operator/accounts/:sub', {
    access: 'operator',
    summary: 'One club account',
    params: accountAdminSubParamsSchema,
    answer: accountAdminSchema,
    errors,
    handle: ({ params }) => getAccountForOperator({ ctx, input: { sub: params.sub } }),
  });

  operatorRoute(r, 'post', '/api/operator/accounts/:sub/resend-code', {
    access: 'admin',
    summary: 'Send the account’s confirmation code again',
    params: accountAdminSubParamsSchema,
    answer: accountAdminSchema,
    errors,
    bodyLimit: 8 * 1024,
    handle: ({ params }, request) => resendCodeByOperator({ ctx, input: { sub: params.sub, actor: actorOf(request) } }),
  });

  // Block, unblock and delete: an admin's write with a reason, answered 501 with Cognito before the reason is read.
  for (const [path, summary, answer, change] of [
    ['/api/operator/accounts/:sub/block', 'Block an account', accountAdminSchema, blockAccount],
    ['/api/operator/accounts/:sub/unblock', 'Unblock an account', accountAdminSchema, unblockAccount],
    ['/api/operator/accounts/:sub/delete', 'Delete an account', accountAdminDeletedSchema, deleteAccountByOperator],
  ] as const) {
    operatorRoute(r, 'post', path, {
      access: 'admin',
      summary,
      preValidation: builtInFirst,
      params: accountAdminSubParamsSchema,
      body: reasonBody,
      answer,
      errors,
      bodyLimit: 8 * 1024,
      handle: ({ params, body }, request) => change({ ctx, input: { sub: params.sub, reason: body.reason, actor: actorOf(request) } }),
    });
  }
});
