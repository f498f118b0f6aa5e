import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestApp } from './app.js';
import { XSRF } from './members.js';
import { OPERATOR_COOKIE } from '../modules/operators/access.js';
import { addOperator } from '../modules/operators/service.js';

/**
 * Back-office operators for tests: added through the service, signed in through the real login,
 * and their calls through `inject` with the session cookie and the anti-forgery pair.
 *
 * A session is the value of the operator cookie (a string); `null` or `undefined` is no session.
 */

export interface OperatorCredentials {
  email: string;
  password: string;
}

export type OperatorRole = 'admin' | 'moderator';
export type OperatorMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const ADMIN: OperatorCredentials = { email: 'admin@example.org', password: 'Vorstand!Sitzung2026' };
export const MODERATOR: OperatorCredentials = { email: 'moderator@example.org', password: 'Schiri!Pfeife2026' };

/** The answer of the real login (same-origin: anti-forgery cookie and header; more headers or another address if given). */
export function operatorLogin(
  app: FastifyInstance,
  who: OperatorCredentials,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/operator/login',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { email: who.email, password: who.password },
  });
}

/** Signs an operator in; the session cookie's value (throws when the login is refused). */
export async function signInOperator(app: FastifyInstance, who: OperatorCredentials): Promise<string> {
  const res = await operatorLogin(app, who);
  const cookie = res.cookies.find((c) => c.name === OPERATOR_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login of ${who.email}: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/**
 * Adds an operator with the role (default credentials: ADMIN or MODERATOR) and signs it in: the
 * session cookie's value, for `operatorHeaders` and `operatorCall`.
 */
export async function operatorSession(t: TestApp, options: { role: OperatorRole } & Partial<OperatorCredentials>): Promise<string> {
  const { role, ...given } = options;
  const who = { ...(role === 'admin' ? ADMIN : MODERATOR), ...given };
  await addOperator({ ctx: t.ctx, input: { ...who, role } });
  return signInOperator(t.app, who);
}

/** An admin's and a moderator's session (the default credentials unless given). */
export async function operatorSessions(
  t: TestApp,
  who: { admin?: OperatorCredentials; moderator?: OperatorCredentials } = {},
): Promise<{ admin: string; moderator: string }> {
  const admin = who.admin ?? ADMIN;
  const moderator = who.moderator ?? MODERATOR;
  await addOperator({ ctx: t.ctx, input: { ...admin, role: 'admin' } });
  await addOperator({ ctx: t.ctx, input: { ...moderator, role: 'moderator' } });
  return { admin: await signInOperator(t.app, admin), moderator: await signInOperator(t.app, moderator) };
}

/** The cookie of a same-origin operator call: the anti-forgery cookie and the session, if any. */
export function operatorCookie(session?: string | null): string {
  return `XSRF-TOKEN=${XSRF}${session ? `; ${OPERATOR_COOKIE}=${session}` : ''}`;
}

/** Headers of an operator call: the cookie, and the anti-forgery header on every method but GET. */
export function operatorHeaders(
  session: string | null | undefined,
  method: OperatorMethod = 'GET',
  extra: Record<string, string> = {},
): Record<string, string> {
  return { ...(method !== 'GET' ? { 'x-xsrf-token': XSRF } : {}), cookie: operatorCookie(session), ...extra };
}

/** An operator call through `inject` (`payload` as JSON unless `extra` sets another content type). */
export function operatorCall(
  app: FastifyInstance,
  method: OperatorMethod,
  url: string,
  session: string | null | undefined,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: operatorHeaders(session, method, extra),
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
}
