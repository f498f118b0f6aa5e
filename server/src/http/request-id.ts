import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Logger } from '../logger.js';

/**
 * Request ids: every request gets one, answered in `X-Request-Id`, logged with every line written
 * while it runs (`requestId`, also by services through `ctx.log`), and put into JSON error bodies
 * (app.ts). An incoming `X-Request-Id` (a proxy's or load balancer's) is kept when it is a plain
 * token of at most 64 characters; anything else gets a new UUID (no log injection, no unbounded id).
 */

export const REQUEST_ID_HEADER = 'x-request-id';
/** The log field of the request id (Fastify's `requestIdLogLabel`). */
export const REQUEST_ID_LOG_LABEL = 'requestId';
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the incoming id when well-formed, else a new one. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The request's logger (carries the request id). */
    log: FastifyBaseLogger;
  }
}

/**
 * Answers the id in `X-Request-Id` (set first, so every answer has it, a 401 of basic auth too)
 * and keeps the request's logger in an async context for `requestScopedLogger`.
 */
export async function registerRequestIds(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ log: request.log }) });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * A logger that writes through the current request's logger (with its id) while a request runs,
 * else through `base`: what services get as `ctx.log`.
 */
export function requestScopedLogger(base: FastifyBaseLogger): Logger {
  const current = () => requestContext.get('log') ?? base;
  const level =
    (name: 'error' | 'warn' | 'info' | 'debug') =>
    (objOrMsg: object | string, msg?: string): void => {
      const log = current();
      if (typeof objOrMsg === 'string') log[name](objOrMsg);
      else if (msg === undefined) log[name](objOrMsg);
      else log[name](objOrMsg, msg);
    };
  return { error: level('error'), warn: level('warn'), info: level('info'), debug: level('debug') };
}
