import { apiPaths, frontendUserPaths } from '@erd/shared-contracts/wire';
import {
  accountEmailInputSchema,
  accountErrorSchema,
  confirmForgotPasswordInputSchema,
  confirmSignupInputSchema,
  frontendUserParamsSchema,
  meSchema,
  profileUpdateInputSchema,
  profileUpdateResultSchema,
  registrationInputSchema,
  registrationResultSchema,
} from '@erd/shared-contracts/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../http/auth.js';
import { tagRoutes } from '../../http/openapi.js';
import { answerInvalid, errorsWith, zodRoutes } from '../../http/zod.js';
import {
  admitFrontendUserCall,
  confirmAccount,
  confirmAccountPassword,
  deleteAccount,
  forgotAccountPassword,
  type FRONTEND_USER_LIMITS,
  getMe,
  registerAccount,
  resendAccountCode,
  updateProfile,
} from './service.js';
import { invalidAccountInput, invalidPasswordReset } from './validation.js';

/**
 * Accounts over HTTP (contracts `accounts.ts`; zod schemas of `@erd/shared-contracts/schemas`).
 * The frontend-users calls sit under the content API (`{base}/public/spaces/:spaceId/frontend-users/…`,
 * no auth); `/api/me` and `/api/profile` need the access token (`requireUser`) and, for PUT/DELETE,
 * the anti-forgery header. A refused body is answered as always (`validation.ts`): 400
 * `ValidationError` naming the bad fields in `user`, or `InvalidPasswordException`.
 */

/** Every 400 may name the bad fields (`user`); the other errors are the shared answer. */
const accountErrors = { ...errorsWith(409, 429, 503), 400: accountErrorSchema } as const;

/** The registration's club sits inside `fields`: when `fields` is no object, the club is named too. */
const registrationBody = answerInvalid(registrationInputSchema, invalidAccountInput(['club']));
const confirmSignupBody = answerInvalid(confirmSignupInputSchema, invalidAccountInput());
const emailBody = answerInvalid(accountEmailInputSchema, invalidAccountInput());
const passwordResetBody = answerInvalid(confirmForgotPasswordInputSchema, invalidPasswordReset);
const profileUpdateBody = answerInvalid(profileUpdateInputSchema, invalidAccountInput());

export const frontendUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  const r = zodRoutes(app);

  /** Space (404) and the call's per-IP limit (429) before the body is looked at, as always. */
  const admit = (call: keyof typeof FRONTEND_USER_LIMITS) => async (request: FastifyRequest) =>
    admitFrontendUserCall({ ctx, input: { spaceId: (request.params as { spaceId: string }).spaceId, call, ip: request.ip } });
  const options = (call: keyof typeof FRONTEND_USER_LIMITS) => ({ bodyLimit: 16 * 1024, preValidation: admit(call) });

  r.post(
    `/${frontendUserPaths.signup}`,
    {
      ...options('signup'),
      schema: {
        summary: 'Register a club account; mails a confirmation code',
        params: frontendUserParamsSchema,
        body: registrationBody,
        response: { 201: registrationResultSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await registerAccount({ ctx, input: request.body }));
    },
  );

  r.post(
    `/${frontendUserPaths.confirmSignup}`,
    {
      ...options('confirmSignup'),
      schema: {
        summary: 'Confirm the registration with the mailed code',
        params: frontendUserParamsSchema,
        body: confirmSignupBody,
        response: { 200: registrationResultSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(await confirmAccount({ ctx, input: request.body }));
    },
  );

  r.post(
    `/${frontendUserPaths.resendCode}`,
    {
      ...options('resendCode'),
      schema: {
        summary: 'Send the confirmation code again',
        params: frontendUserParamsSchema,
        body: emailBody,
        response: { 200: registrationResultSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(await resendAccountCode({ ctx, input: request.body }));
    },
  );

  r.post(
    `/${frontendUserPaths.forgotPassword}`,
    {
      ...options('forgotPassword'),
      schema: {
        summary: 'Mail a code to set a new password',
        params: frontendUserParamsSchema,
        body: emailBody,
        response: { 200: registrationResultSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(await forgotAccountPassword({ ctx, input: request.body }));
    },
  );

  r.post(
    `/${frontendUserPaths.confirmForgotPassword}`,
    {
      ...options('confirmForgotPassword'),
      schema: {
        summary: 'Set a new password with the mailed code',
        params: frontendUserParamsSchema,
        body: passwordResetBody,
        response: { 200: registrationResultSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(await confirmAccountPassword({ ctx, input: request.body }));
    },
  );
};

const authErrors = { ...errorsWith(401, 403, 409, 503), 400: accountErrorSchema } as const;

export const meRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  const r = zodRoutes(app);
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw new Error('requireUser did not run');
    return request.user.sub;
  };

  r.get(
    apiPaths.me,
    {
      onRequest: app.requireUser,
      schema: { summary: 'The signed-in member’s account and profile (MeDto)', response: { 200: meSchema, ...authErrors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMe({ ctx, input: { sub: userOf(request), accessToken: bearerToken(request) } });
    },
  );

  r.put(
    apiPaths.profile,
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Change the profile (a stale `updatedAt` is 409)',
        body: profileUpdateBody,
        response: { 200: profileUpdateResultSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return updateProfile({ ctx, input: { sub: userOf(request), update: request.body } });
    },
  );

  r.delete(
    apiPaths.profile,
    {
      onRequest: app.requireUser,
      schema: { summary: 'Delete the account, profile and sessions', response: { 204: { type: 'null' }, ...authErrors } },
    },
    async (request, reply) => {
      await deleteAccount({ ctx, input: { sub: userOf(request), accessToken: bearerToken(request) } });
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
