import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { OperatorAccess } from '../modules/operators/access.js';
import { signedInErrors, type zodErrorSchema, type zodRoutes } from './zod.js';

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
  r: ReturnType<typeof zodRoutes>,
  path: string,
  route: OperatorRead<Q, A>,
): void {
  const { access, summary, querystring, answer, errors = signedInErrors, read } = route;
  // Typed by `read` (its query and answer, above); the route's own options as Fastify's plain ones,
  // since the zod type provider cannot resolve the generic `Q` and `A`.
  const options: RouteShorthandOptions = {
    config: { operatorAccess: access },
    schema: { summary, ...(querystring && { querystring }), response: { 200: answer, ...errors } },
  };
  r.get(path, options, async (request) => read(request.query as Parameters<typeof read>[0], request));
}
