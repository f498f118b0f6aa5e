import { apiPaths, frontendUserPaths } from '@erd/shared-contracts/wire';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../http/auth.js';
import { tagRoutes } from '../../http/openapi.js';
import { errorResponses, errorSchema, looseObject, objectBody } from '../../http/schemas.js';
import {
  confirmAccount,
  confirmAccountPassword,
  deleteAccount,
  forgotAccountPassword,
  getMe,
  registerAccount,
  resendAccountCode,
  updateProfile,
} from './service.js';

/**
 * Accounts over HTTP (contracts `accounts.ts`). The frontend-users calls sit under the content API
 * (`{base}/public/spaces/:spaceId/frontend-users/…`, no auth); `/api/me` and `/api/profile` need
 * the access token (`requireUser`) and, for PUT/DELETE, the anti-forgery header.
 */

const spaceParams = {
  type: 'object',
  required: ['spaceId'],
  properties: { spaceId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const emailResult = { type: 'object', required: ['email'], properties: { email: { type: 'string' } } } as const;

const accountErrors = { ...errorResponses, 409: errorSchema, 429: errorSchema, 503: errorSchema } as const;

type SpaceRequest = FastifyRequest<{ Params: { spaceId: string } }>;

const input = (request: SpaceRequest) => ({ spaceId: request.params.spaceId, body: request.body, ip: request.ip });

export const frontendUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  const post = (path: string, status: 200 | 201, summary: string, body: string, run: (request: SpaceRequest) => Promise<unknown>) =>
    app.post<{ Params: { spaceId: string } }>(
      `/${path}`,
      {
        bodyLimit: 16 * 1024,
        schema: { summary, params: spaceParams, body: objectBody(body), response: { [status]: emailResult, ...accountErrors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const result = await run(request);
        return reply.code(status).send(result);
      },
    );

  post(frontendUserPaths.signup, 201, 'Register a club account; mails a confirmation code', 'RegistrationInput: { email, password, fields: ProfileFieldsDto }', (request) => registerAccount({ ctx, input: input(request) }));
  post(frontendUserPaths.confirmSignup, 200, 'Confirm the registration with the mailed code', 'ConfirmSignupInput: { email, code }', (request) => confirmAccount({ ctx, input: input(request) }));
  post(frontendUserPaths.resendCode, 200, 'Send the confirmation code again', 'EmailInput: { email }', (request) => resendAccountCode({ ctx, input: input(request) }));
  post(frontendUserPaths.forgotPassword, 200, 'Mail a code to set a new password', 'EmailInput: { email }', (request) => forgotAccountPassword({ ctx, input: input(request) }));
  post(frontendUserPaths.confirmForgotPassword, 200, 'Set a new password with the mailed code', 'ConfirmForgotPasswordInput: { email, code, password }', (request) => confirmAccountPassword({ ctx, input: input(request) }));
};

const fieldsSchema = {
  type: 'object',
  required: ['firstname', 'lastname', 'street', 'city', 'club'],
  properties: {
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    street: { type: 'string' },
    city: { type: 'string' },
    phone: { type: 'string' },
    club: { type: 'object', required: ['id', 'linkType', 'type'], properties: { id: { type: 'string' }, linkType: { type: 'string' }, type: { type: 'string' } } },
  },
} as const;

const authErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema, 503: errorSchema } as const;

export const meRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw new Error('requireUser did not run');
    return request.user.sub;
  };

  app.get(
    apiPaths.me,
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The signed-in member’s account and profile (MeDto)',
        response: {
          200: {
            type: 'object',
            required: ['sub', 'email', 'fields', 'club', 'updatedAt'],
            properties: {
              sub: { type: 'string' },
              email: { type: 'string' },
              fields: fieldsSchema,
              club: { anyOf: [looseObject, { type: 'null' }] },
              updatedAt: { type: 'string' },
            },
          },
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMe({ ctx, input: { sub: userOf(request), accessToken: bearerToken(request) } });
    },
  );

  app.put(
    apiPaths.profile,
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Change the profile (a stale `updatedAt` is 409)',
        body: objectBody('ProfileUpdateInput: { fields (without club), updatedAt: string, password?: string }'),
        response: {
          200: { type: 'object', required: ['fields', 'updatedAt'], properties: { fields: fieldsSchema, updatedAt: { type: 'string' } } },
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return updateProfile({ ctx, input: { sub: userOf(request), body: request.body } });
    },
  );

  app.delete(apiPaths.profile, { onRequest: app.requireUser, schema: { summary: 'Delete the account, profile and sessions', response: { 204: { type: 'null' }, ...authErrors } } }, async (request, reply) => {
    await deleteAccount({ ctx, input: { sub: userOf(request), accessToken: bearerToken(request) } });
    return reply.code(204).header('cache-control', 'no-store').send();
  });
};
