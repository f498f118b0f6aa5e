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
import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
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

  /**
   * One frontend-users call: `POST {base}/…/{call}` (its path in `frontendUserPaths`), admitted by
   * `admit(call)`, its body checked by `body`, answered `status` with what `action` returns (never cached).
   */
  const frontendUserCall = <B extends z.ZodType>(
    call: keyof typeof FRONTEND_USER_LIMITS,
    route: { summary: string; body: B; status?: 200 | 201 },
    action: (args: { ctx: AppContext; input: z.output<B> }) => Promise<z.input<typeof registrationResultSchema>>,
  ) => {
    const { summary, body, status = 200 } = route;
    // Typed by `action`; the options as Fastify's plain ones, since the zod type provider cannot resolve the generic `B`.
    const options: RouteShorthandOptions = {
      bodyLimit: 16 * 1024,
      preValidation: admit(call),
      schema: { summary, params: frontendUserParamsSchema, body, response: { [status]: registrationResultSchema, ...accountErrors } },
    };
    r.post(`/${frontendUserPaths[call]}`, options, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(status).send(await action({ ctx, input: request.body as z.output<B> }));
    });
  };

  frontendUserCall(
    'signup',
    { summary: 'Register a club account; mails a confirmation code', body: registrationBody, status: 201 },
    registerAccount,
  );
  frontendUserCall('confirmSignup', { summary: 'Confirm the registration with the mailed code', body: confirmSignupBody }, confirmAccount);
  frontendUserCall('resendCode', { summary: 'Send the confirmation code again', body: emailBody }, resendAccountCode);
  frontendUserCall('forgotPassword', { summary: 'Mail a code to set a new password', body: emailBody }, forgotAccountPassword);
  frontendUserCall(
    'confirmForgotPassword',
    { summary: 'Set a new password with the mailed code', body: passwordResetBody },
    confirmAccountPassword,
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
