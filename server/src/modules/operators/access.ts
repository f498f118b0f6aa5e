import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { operatorAccountPaths } from '@erd/shared-contracts/backoffice';
import { operatorErrorCodeSchema } from '@erd/shared-contracts/schemas';
import { operatorPaths } from '@erd/shared-contracts/wire';
import { CodedError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { Actor } from '../audit/service.js';
import { operatorOfSession, type OperatorPrincipal } from './service.js';

/**
 * Who may call which operator route. Every route of the operator API declares
 * `config: { operatorAccess }`, and one hook checks it before anything else of the route runs
 * (before body parsing and validation):
 *
 * - `public`: anyone (login, logout);
 * - `operator`: a live operator session of either role (moderation, votes, reading results and
 *   the audit log, the own account);
 * - `admin`: a live session of an admin (right answers, publishing results, operator management).
 *
 * No session (or a club's access token, which counts for nothing here) is 401 `Unauthorized`; a
 * moderator on an admin route is 403 `Forbidden`. A route without a declaration does not start
 * (`onRoute` throws), so no route is open by omission.
 */

export type OperatorAccess = 'public' | 'operator' | 'admin';

export const OPERATOR_COOKIE = 'erd_operator';
export const OPERATOR_COOKIE_PATH = '/api/operator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator on `operator` and `admin` routes. */
    operator: OperatorPrincipal | null;
  }
  interface FastifyContextConfig {
    operatorAccess?: OperatorAccess;
  }
}

export const ACCESS_MESSAGES = {
  unauthorized: 'Bitte melde dich als Operator an.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  passwordChangeRequired: 'Bitte wähle zuerst ein eigenes Passwort.',
} as const;

/** What a session with a start password may call (`OperatorPrincipal.passwordChangeRequired`). */
const WHILE_PASSWORD_CHANGE_REQUIRED = new Set<string>([operatorPaths.me, operatorAccountPaths.password]);

const ACCESS_LEVELS: readonly OperatorAccess[] = ['public', 'operator', 'admin'];

export function registerOperatorAccess(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'now'>): void {
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    const access = (route.config as { operatorAccess?: unknown } | undefined)?.operatorAccess;
    if (!ACCESS_LEVELS.includes(access as OperatorAccess)) {
      throw new Error(`operator route ${String(route.method)} ${route.url} declares no config.operatorAccess (public, operator or admin)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.operatorAccess ?? 'admin';
    if (access === 'public') return;
    const token = request.cookies[OPERATOR_COOKIE];
    const operator = token ? await operatorOfSession({ ctx, input: { token } }) : null;
    if (!operator) throw new UnauthorizedError(ACCESS_MESSAGES.unauthorized);
    if (operator.passwordChangeRequired && !WHILE_PASSWORD_CHANGE_REQUIRED.has(request.routeOptions.url ?? '')) {
      throw new CodedError(403, operatorErrorCodeSchema.enum.PasswordChangeRequired, ACCESS_MESSAGES.passwordChangeRequired);
    }
    if (access === 'admin' && operator.role !== 'admin') throw new ForbiddenError(ACCESS_MESSAGES.forbidden);
    request.operator = operator;
  });
}

/** The acting operator of a request on an `operator` or `admin` route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.operator) throw new UnauthorizedError(ACCESS_MESSAGES.unauthorized);
  return { operatorId: request.operator.id, name: request.operator.email, role: request.operator.role };
}
