import type { z } from 'zod';
import { operatorPaths } from '@erd/shared-contracts/wire';
import { operatorAccountPaths } from '@erd/shared-contracts/backoffice';
import {
  operatorAccountSchema,
  operatorCreateInputSchema,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginInputSchema,
  operatorOpenApiDocumentSchema,
  operatorPasswordChangeInputSchema,
  operatorSchema,
  operatorUpdateInputSchema,
} from '@erd/shared-contracts/schemas';
import { isAppError, ValidationError } from '../../errors.js';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid, errorsWith } from '../../http/zod.js';
import { actorOf, OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from './access.js';
import { changePassword, createOperator, listOperators, loginOperator, logoutOperator, toOperatorDto, updateOperator } from './service.js';

/**
 * The operator's own session and account, and operator management (admins). Registered inside the
 * operator API (modules/operators/scope.ts), whose access hook checks `config.operatorAccess`.
 *
 * The session is `erd_operator`, an http-only cookie (SameSite=Strict, Secure on https, path
 * /api/operator) holding a random token the database keeps as SHA-256 only. A cookie rather than
 * a bearer token: the back office is a browser page, and a script-readable token is what an XSS
 * would steal. The cookie lives 12 hours; the server ends the session earlier after 30 idle minutes.
 *
 * Also the API's OpenAPI document (http/openapi.ts) for signed-in operators: the list of routes is
 * not public.
 */

export const OPENAPI_JSON_PATH = '/api/operator/openapi.json';
export const OPENAPI_YAML_PATH = '/api/operator/openapi.yaml';

const errors = errorsWith(401, 403, 409, 429);

/**
 * The forms' answer to a refused field, as before the schemas: 400 `ValidationError` with the
 * field's own German message (no field prefix) and `field`. Fields are told in the form's order
 * (`order`), whatever order zod found them in.
 */
const fieldAnswer =
  (order: readonly string[] = []) =>
  (error: z.ZodError) => {
    const rank = (issue: z.core.$ZodIssue) => {
      const at = order.indexOf(String(issue.path[0] ?? ''));
      return at < 0 ? order.length : at;
    };
    const issue = [...error.issues].sort((a, b) => rank(a) - rank(b))[0]!;
    const field = issue.path.map(String).join('.');
    return new ValidationError(issue.message, field ? { field } : {});
  };

const loginBody = answerInvalid(operatorLoginInputSchema, fieldAnswer());
const passwordBody = answerInvalid(operatorPasswordChangeInputSchema, fieldAnswer(['newPassword', 'currentPassword']));
const createBody = answerInvalid(operatorCreateInputSchema, fieldAnswer(['email', 'role', 'password']));
const updateBody = answerInvalid(operatorUpdateInputSchema, fieldAnswer(['role', 'disabled', 'reason']));

export const operatorAccountRoutes = operatorScope('back office: operators', (r, ctx, app) => {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const cookieOptions = { path: OPERATOR_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure } as const;

  r.post(
    operatorPaths.login,
    {
      config: { operatorAccess: 'public' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Sign in: sets the session cookie', body: loginBody, response: { 200: operatorSchema, ...errors } },
    },
    async (request, reply) => {
      let session: Awaited<ReturnType<typeof loginOperator>>;
      try {
        session = await loginOperator({ ctx, input: { credentials: request.body, ip: request.ip } });
      } catch (error) {
        ctx.metrics?.signIn('operator', 'failed', isAppError(error) ? error.code : 'InternalError');
        throw error;
      }
      ctx.metrics?.signIn('operator', 'succeeded');
      const { operator, token, cookieExpiresAt } = session;
      reply.setCookie(OPERATOR_COOKIE, token, { ...cookieOptions, expires: cookieExpiresAt });
      return operator;
    },
  );

  r.post(
    operatorPaths.logout,
    {
      config: { operatorAccess: 'public' },
      schema: { summary: 'Sign out: ends the session, clears the cookie', response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      const token = request.cookies[OPERATOR_COOKIE];
      if (token) await logoutOperator({ ctx, input: { token } });
      reply.clearCookie(OPERATOR_COOKIE, cookieOptions);
      return reply.code(204).send();
    },
  );

  operatorRead(r, operatorPaths.me, {
    access: 'operator',
    summary: 'The signed-in operator',
    answer: operatorSchema,
    errors,
    read: (_query, request) => toOperatorDto(request.operator!),
  });

  r.post(
    operatorAccountPaths.password,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Change the own password', body: passwordBody, response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply) => {
      await changePassword({
        ctx,
        input: { operator: request.operator!, token: request.cookies[OPERATOR_COOKIE]!, passwords: request.body },
      });
      return reply.code(204).send();
    },
  );

  operatorRead(r, operatorAccountPaths.operators, {
    access: 'admin',
    summary: 'The operators (role, disabled, last login)',
    answer: operatorListSchema,
    errors,
    read: (_query, request) => listOperators({ ctx, input: { actor: actorOf(request) } }),
  });

  operatorRoute(r, 'post', operatorAccountPaths.operators, {
    access: 'admin',
    summary: 'Create an operator with a start password',
    body: createBody,
    answer: operatorAccountSchema,
    status: 201,
    errors,
    bodyLimit: 8 * 1024,
    handle: ({ body }, request) => createOperator({ ctx, input: { operator: body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'patch', '/api/operator/operators/:id', {
    access: 'admin',
    summary: 'Change an operator’s role or disable/enable it (with a reason)',
    params: operatorIdParamsSchema,
    body: updateBody,
    answer: operatorAccountSchema,
    errors,
    bodyLimit: 8 * 1024,
    handle: ({ params, body }, request) => updateOperator({ ctx, input: { id: params.id, body, actor: actorOf(request) } }),
  });

  operatorRead(r, OPENAPI_JSON_PATH, {
    access: 'operator',
    summary: 'The OpenAPI 3.1 document of this server’s API (JSON)',
    answer: operatorOpenApiDocumentSchema,
    errors,
    read: () => app.swagger() as z.input<typeof operatorOpenApiDocumentSchema>,
  });

  r.get(
    OPENAPI_YAML_PATH,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The OpenAPI 3.1 document of this server’s API (YAML)',
        response: { 200: { content: { 'application/yaml': { schema: { type: 'string' } } } }, ...errors },
      },
    },
    async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(app.swagger({ yaml: true })),
  );
});
