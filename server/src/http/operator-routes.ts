import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { OperatorAccess } from '../modules/operators/access.js';
import { csvAnswer, csvDownload } from './csv-download.js';
import { tagRoutes } from './openapi.js';
import { signedInErrors, type zodErrorSchema, zodRoutes } from './zod.js';

/**
 * The operator API's routes (`/api/operator/*`, the back office's server), declared by what differs
 * between them: `operatorScope` for a module's part, `operatorRead` for its lists and pages,
 * `operatorCsv` for its exports and `operatorRoute` for anything else (a read by id, a write).
 */

/** The zod scope a module's routes are declared in (`zodRoutes(app)`). */
export type ZodRoutes = ReturnType<typeof zodRoutes>;

/**
 * A module's part of the operator API, registered in modules/operators/scope.ts (whose hooks check
 * each route's access and set `no-store`): a plugin whose routes carry the module's OpenAPI `tag`
 * and take the contracts' zod schemas. `declare` registers them in the zod scope `r`, with the
 * application context and the plugin scope `app` (for a module's own hooks).
 */
export function operatorScope(
  tag: string,
  declare: (r: ZodRoutes, ctx: AppContext, app: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync<{ ctx: AppContext }> {
  return async (app, { ctx }) => {
    tagRoutes(app, tag);
    await declare(zodRoutes(app), ctx, app);
  };
}

/**
 * The operator API's reading routes (lists, pages, reports), declared by what differs between
 * them: who may call it (`access`, checked by the operator scope's hook, modules/operators/access.ts),
 * its `summary`, the query it takes (`querystring`, none when left out), its answer (`200`) and its
 * error answers (`errors`, by default `signedInErrors`), and `read`, which gets the checked query
 * and the request (for who acts) and returns the answer. Registered as the route a module would
 * spell out itself with `r.get(path, { config: { operatorAccess }, schema }, handler)`.
 */
export interface OperatorRead<Q extends z.ZodType | undefined, A extends z.ZodType> {
  access: Exclude<OperatorAccess, 'public'>;
  summary: string;
  querystring?: Q;
  answer: A;
  errors?: Readonly<Record<number, typeof zodErrorSchema>>;
  read: (query: Q extends z.ZodType ? z.output<Q> : undefined, request: FastifyRequest) => Promise<z.input<A>> | z.input<A>;
}

/** Registers a GET `path` in the zod scope `r` (`zodRoutes(app)`) that answers with what `route.read` returns. */
export function operatorRead<A extends z.ZodType, Q extends z.ZodType | undefined = undefined>(
  r: ZodRoutes,
  path: string,
  route: OperatorRead<Q, A>,
): void {
  const { read, ...declared } = route;
  operatorRoute<A, undefined, Q>(r, 'get', path, { ...declared, handle: ({ query }, request) => read(query, request) });
}

/** What a route gets of the schema `S` it takes (its params, query or body), once checked. */
export type OperatorInput<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Any route of the operator API, read or write, declared like `operatorRead`'s: `access`,
 * `summary`, what it takes (`params`, `querystring`, `body`, each left out when it takes none), its
 * answer (with its `status`: 200 unless given, 201 for what a write created, 202 for what it
 * started), its error answers (`errors`, by default `signedInErrors`), a write's `bodyLimit` (the
 * server's 1 MiB unless given), a `preValidation` hook where one runs before the input is checked,
 * and `handle`, which gets the checked input and the request (for who acts) and returns the answer.
 */
export interface OperatorRoute<
  A extends z.ZodType,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
> {
  access: Exclude<OperatorAccess, 'public'>;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  answer: A;
  status?: 200 | 201 | 202;
  errors?: Readonly<Record<number, typeof zodErrorSchema>>;
  bodyLimit?: number;
  preValidation?: RouteShorthandOptions['preValidation'];
  handle: (
    input: { params: OperatorInput<P>; query: OperatorInput<Q>; body: OperatorInput<B> },
    request: FastifyRequest,
  ) => Promise<z.input<A>> | z.input<A>;
}

/** Registers `method` `path` in the zod scope `r` (`zodRoutes(app)`) that answers with what `route.handle` returns. */
export function operatorRoute<
  A extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(r: ZodRoutes, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, route: OperatorRoute<A, P, Q, B>): void {
  const {
    access,
    summary,
    params,
    querystring,
    body,
    answer,
    status = 200,
    errors = signedInErrors,
    bodyLimit,
    preValidation,
    handle,
  } = route;
  // Typed by `handle` (its input and answer, above); the route's own options as Fastify's plain ones,
  // since the zod type provider cannot resolve the generic schemas.
  const options: RouteShorthandOptions = {
    config: { operatorAccess: access },
    ...(bodyLimit !== undefined && { bodyLimit }),
    ...(preValidation && { preValidation }),
    schema: {
      summary,
      ...(params && { params }),
      ...(querystring && { querystring }),
      ...(body && { body }),
      response: { [status]: answer, ...errors },
    },
  };
  r[method](path, options, async (request, reply) => {
    const answered = await handle(
      { params: request.params, query: request.query, body: request.body } as Parameters<typeof handle>[0],
      request,
    );
    return status === 200 ? answered : reply.code(status).send(answered);
  });
}

/**
 * The back office's CSV exports, declared like `operatorRead`'s lists: `access`, `summary`, the
 * query (`querystring`, none when left out), a `description` of the file where the document gives
 * one, and `csv`, which gets the checked query and the request and returns the file: its name, day
 * and rows for `csvDownload`'s headers (http/csv-download.ts) and its `body` (text or a stream).
 */
export interface OperatorCsv<Q extends z.ZodType | undefined> {
  access: Exclude<OperatorAccess, 'public'>;
  summary: string;
  querystring?: Q;
  description?: string;
  csv: (query: OperatorInput<Q>, request: FastifyRequest) => Promise<Parameters<typeof csvDownload>[1] & { body: string | Readable }>;
}

/** Registers a GET `path` in the zod scope `r` that sends the file `route.csv` returns as a CSV download. */
export function operatorCsv<Q extends z.ZodType | undefined = undefined>(r: ZodRoutes, path: string, route: OperatorCsv<Q>): void {
  const { access, summary, querystring, description, csv } = route;
  const options: RouteShorthandOptions = {
    config: { operatorAccess: access },
    schema: {
      summary,
      ...(querystring && { querystring }),
      response: { 200: description ? { description, ...csvAnswer } : csvAnswer, ...signedInErrors },
    },
  };
  r.get(path, options, async (request, reply) => {
    const { body, ...file } = await csv(request.query as Parameters<typeof csv>[0], request);
    return csvDownload(reply, file).send(body);
  });
}
