import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { operatorPaths } from '@erd/shared-contracts/wire';
import { operatorAccountPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH, looseObject, objectBody } from '../../http/schemas.js';
import { actorOf, OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from './access.js';
import { changePassword, createOperator, listOperators, loginOperator, logoutOperator, toOperatorDto, updateOperator } from './service.js';

/**
 * The operator's own session and account, and operator management (admins). Registered inside the
 * operator API (modules/moderation/routes.ts), whose access hook checks `config.operatorAccess`.
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

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema } as const;

export const operatorAccountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const cookieOptions = { path: OPERATOR_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure } as const;
  tagRoutes(app, 'back office: operators');

  app.post(
    operatorPaths.login,
    { config: { operatorAccess: 'public' }, bodyLimit: 8 * 1024, schema: { summary: 'Sign in: sets the session cookie', body: objectBody('OperatorLoginInput: { email: string, password: string }'), response: { 200: dto('OperatorDto'), ...errors } } },
    async (request, reply) => {
      let session: Awaited<ReturnType<typeof loginOperator>>;
      try {
        session = await loginOperator({ ctx, input: { body: request.body, ip: request.ip } });
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

  app.post(
    operatorPaths.logout,
    { config: { operatorAccess: 'public' }, schema: { summary: 'Sign out: ends the session, clears the cookie', response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply: FastifyReply) => {
      const token = request.cookies[OPERATOR_COOKIE];
      if (token) await logoutOperator({ ctx, input: { token } });
      reply.clearCookie(OPERATOR_COOKIE, cookieOptions);
      return reply.code(204).send();
    },
  );

  app.get(operatorPaths.me, { config: { operatorAccess: 'operator' }, schema: { summary: 'The signed-in operator', response: { 200: dto('OperatorDto'), ...errors } } },
    async (request) => toOperatorDto(request.operator!),
  );

  app.post(
    operatorAccountPaths.password,
    {
      config: { operatorAccess: 'operator' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Change the own password', body: objectBody('ChangePasswordInput: { currentPassword: string, newPassword: string }'), response: { 204: { type: 'null' }, ...errors } },
    },
    async (request, reply: FastifyReply) => {
      await changePassword({ ctx, input: { operator: request.operator!, token: request.cookies[OPERATOR_COOKIE]!, body: request.body } });
      return reply.code(204).send();
    },
  );

  app.get(
    operatorAccountPaths.operators,
    { config: { operatorAccess: 'admin' }, schema: { summary: 'The operators (role, disabled, last login)', response: { 200: dto('OperatorListDto'), ...errors } } },
    async (request) => listOperators({ ctx, input: { actor: actorOf(request) } }),
  );

  app.post(
    operatorAccountPaths.operators,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: { summary: 'Create an operator with a start password', body: objectBody('CreateOperatorInput: { email: string, role: OperatorRole, password: string }'), response: { 201: dto('OperatorAccountDto'), ...errors } },
    },
    async (request, reply: FastifyReply) => {
      const created = await createOperator({ ctx, input: { body: request.body, actor: actorOf(request) } });
      return reply.code(201).send(created);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/operator/operators/:id',
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        summary: 'Change an operator’s role or disable/enable it (with a reason)',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } } },
        body: objectBody('UpdateOperatorInput: { role?: OperatorRole, disabled?: boolean, reason: string }'),
        response: { 200: dto('OperatorAccountDto'), ...errors },
      },
    },
    async (request) => updateOperator({ ctx, input: { id: request.params.id, body: request.body, actor: actorOf(request) } }),
  );

  app.get(
    OPENAPI_JSON_PATH,
    {
      config: { operatorAccess: 'operator' },
      schema: { summary: 'The OpenAPI 3.1 document of this server’s API (JSON)', response: { 200: looseObject, ...errors } },
    },
    async () => app.swagger(),
  );

  app.get(
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
};
