import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_SORTS, accountsAdminPaths, type AccountSortDto } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, optionalObjectBody } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import {
  ACCOUNT_MAX_PAGE_SIZE,
  blockAccount,
  deleteAccountByOperator,
  getAccountForOperator,
  listAccountsForOperator,
  resendCodeByOperator,
  unblockAccount,
} from './service.js';

/**
 * Club accounts in the back office (`accountsAdminPaths`): a scope of its own with the operator
 * access hook (modules/operators/access.ts). Both roles read; resend, block, unblock and delete
 * are admin. 501 `NotAvailableWithCognito` with IDENTITY_PROVIDER=cognito.
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema, 501: errorSchema } as const;
const subParams = {
  type: 'object',
  required: ['sub'],
  properties: { sub: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } },
} as const;
type SubRequest = { Params: { sub: string }; Body: { reason?: unknown } | undefined };

const reasonBody = optionalObjectBody('AccountReasonInput: { reason: string }');

export const accountsAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: accounts');

  app.get<{ Querystring: { query?: string; from?: number; size?: number; sort?: AccountSortDto } }>(
    accountsAdminPaths.accounts,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'Club accounts, searched, sorted and paged',
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 254 },
            sort: { type: 'string', enum: [...ACCOUNT_SORTS] },
            from: { type: 'integer', minimum: 0, maximum: 10_000_000 },
            size: { type: 'integer', minimum: 1, maximum: ACCOUNT_MAX_PAGE_SIZE },
          },
          additionalProperties: false,
        },
        response: { 200: dto('AccountAdminPageDto'), ...errors },
      },
    },
    async (request) => listAccountsForOperator({ ctx, input: request.query }),
  );

  app.get<{ Params: { sub: string } }>(
    '/api/operator/accounts/:sub',
    { config: { operatorAccess: 'operator' }, schema: { summary: 'One club account', params: subParams, response: { 200: dto('AccountAdminDto'), ...errors } } },
    async (request) => getAccountForOperator({ ctx, input: { sub: request.params.sub } }),
  );

  app.post<SubRequest>(
    '/api/operator/accounts/:sub/resend-code',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Send the account’s confirmation code again', params: subParams, response: { 200: dto('AccountAdminDto'), ...errors } },
    },
    async (request) => resendCodeByOperator({ ctx, input: { sub: request.params.sub, actor: actorOf(request) } }),
  );

  app.post<SubRequest>(
    '/api/operator/accounts/:sub/block',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Block an account', params: subParams, body: reasonBody, response: { 200: dto('AccountAdminDto'), ...errors } },
    },
    async (request) => blockAccount({ ctx, input: { sub: request.params.sub, reason: request.body?.reason, actor: actorOf(request) } }),
  );

  app.post<SubRequest>(
    '/api/operator/accounts/:sub/unblock',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Unblock an account', params: subParams, body: reasonBody, response: { 200: dto('AccountAdminDto'), ...errors } },
    },
    async (request) => unblockAccount({ ctx, input: { sub: request.params.sub, reason: request.body?.reason, actor: actorOf(request) } }),
  );

  app.post<SubRequest>(
    '/api/operator/accounts/:sub/delete',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Delete an account', params: subParams, body: reasonBody, response: { 200: dto('{ sub, deleted: true }'), ...errors } },
    },
    async (request) => deleteAccountByOperator({ ctx, input: { sub: request.params.sub, reason: request.body?.reason, actor: actorOf(request) } }),
  );
};
