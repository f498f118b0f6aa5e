import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { errorSchema } from './schemas.js';

/**
 * Routes whose schemas are the contracts' zod schemas (`@erd/shared-contracts/schemas`, issue 23
 * onwards): the request is validated by zod with German messages, the answer serialised through
 * its schema (fastify-type-provider-zod), and the OpenAPI document shows every field
 * (http/openapi.ts converts them with zod's own `toJSONSchema`). `zodRoutes(app)` switches a
 * plugin scope over: every route in it gives zod schemas, its error answers `zodErrorSchema`.
 */

const german = z.locales.de().localeError;

/** The shared error answer (`{ code, message, requestId? }`) as zod; the OpenAPI document shows it as `Error`. */
export const zodErrorSchema = z.looseObject({ code: z.string(), message: z.string(), requestId: z.string().optional() });

export const zodErrorResponses = { 400: zodErrorSchema, 404: zodErrorSchema, 500: zodErrorSchema } as const;

type ErrorAnswers<C extends number> = typeof zodErrorResponses & { readonly [K in C]: typeof zodErrorSchema };

/** `zodErrorResponses` and the further statuses a route answers with the shared error (`errorsWith(403, 429)`). */
export function errorsWith<const C extends number>(...codes: C[]): ErrorAnswers<C> {
  return { ...zodErrorResponses, ...Object.fromEntries(codes.map((code) => [code, zodErrorSchema])) } as ErrorAnswers<C>;
}

/** The errors of a route for a signed-in operator or member: not signed in (401), not allowed (403). */
export const signedInErrors = errorsWith(401, 403);

/** …and of one that changes something another change may have got to first (409). */
export const signedInChangeErrors = errorsWith(401, 403, 409);

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Where a problem is: its path joined with dots (`prizes.images.0`), empty for the input itself. */
const fieldOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');

/** The first problem as one German sentence naming the field (`via: Ungültige Option: …`). */
export function germanIssue(error: z.ZodError): { message: string; field: string } {
  const issue = error.issues[0]!;
  const field = fieldOf(issue);
  return { message: field ? `${field}: ${issue.message}` : issue.message, field };
}

/** A module's own answer to input its schema refuses (the codes and messages its screens already switch on). */
export type InvalidAnswer = (error: z.ZodError) => Error;

const invalidAnswers = new WeakMap<z.ZodType, InvalidAnswer>();

/**
 * Gives `schema` its own error for refused input where the module answered so before the schemas
 * (e.g. the accounts' `{ user: [fields] }`); every other schema answers 400 ValidationError with
 * `germanIssue`. Returns the schema, so a route can write `body: answerInvalid(schema, answer)`.
 */
export function answerInvalid<T extends z.ZodType>(schema: T, answer: InvalidAnswer): T {
  invalidAnswers.set(schema, answer);
  return schema;
}

/**
 * The answer of an editor that shows every problem at its field: 400 ValidationError with the first
 * problem's message (naming its field as `germanIssue` does, or zod's message alone with
 * `{ fieldInMessage: false }`), its `field` (null for the input itself) and every problem as
 * `problems: [{ field, message }]`. For `answerInvalid(schema, listProblems(…))`.
 */
export function listProblems({ fieldInMessage }: { fieldInMessage: boolean }): InvalidAnswer {
  return (error) => {
    const { message, field } = germanIssue(error);
    return new ValidationError(fieldInMessage ? message : error.issues[0]!.message, {
      field: field || null,
      problems: error.issues.map((issue) => ({ field: fieldOf(issue), message: issue.message })),
    });
  };
}

/**
 * `value` checked by `schema` where no route checked it (the command line, scripts, tests): the
 * schema's output, or the error `answer` makes of refused input (the one the route answers with
 * `answerInvalid`). zod words its own problems in English unless `error` gives its messages.
 */
export function checkedOrAnswer<S extends z.ZodType>(
  schema: S,
  value: unknown,
  answer: InvalidAnswer,
  error?: z.core.$ZodErrorMap,
): z.output<S> {
  const parsed = schema.safeParse(value, error && { error });
  if (!parsed.success) throw answer(parsed.error);
  return parsed.data;
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A body documented by its media type only (a CSV file, a multipart form, the identity protocol's
    // action object; Fastify compiles each media type's schema on its own): its handler reads it.
    if (httpPart === 'body' && !isZodSchema(schema)) return { value: data };
    const result = schema.safeParse(data, { error: german });
    if (result.success) return { value: result.data };
    const own = invalidAnswers.get(schema);
    if (own) return { error: Object.assign(own(result.error), { validation: result.error.issues }) };
    const { message, field } = germanIssue(result.error);
    return { error: Object.assign(new ValidationError(message, { field }), { validation: result.error.issues }) };
  };

// Answers with a zod schema go through it; others (a file's binary answer, documented only) as JSON.
const answerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  isZodSchema(route.schema) ? (serializerCompiler as FastifySerializerCompiler<unknown>)(route) : (data: unknown) => JSON.stringify(data);

/** Switches the plugin scope `app` to zod schemas; use the answer's type provider for typed handlers. */
export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

const COMPONENTS = '#/components/schemas/';

/**
 * Schemas that refer to themselves (rich text) are named with `.meta({ id })` and become one
 * component each in the OpenAPI document (`$ref: #/components/schemas/<id>`), collected here as
 * the routes are converted; http/openapi.ts adds them to the document's components.
 */
export const namedJsonSchemas = new Map<string, unknown>();

/** Moves zod's local `$defs` of one converted schema to the document's components. */
function hoistDefinitions(json: Record<string, unknown>): Record<string, unknown> {
  const { $defs, ...rest } = json as { $defs?: Record<string, unknown> };
  const toComponents = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as Record<string, unknown>;
  for (const [name, definition] of Object.entries($defs ?? {})) {
    if (name.startsWith('__'))
      throw new Error(`a schema that refers to itself needs a name for the OpenAPI document: .meta({ id }) (${name})`);
    namedJsonSchemas.set(name, toComponents(definition));
  }
  return $defs ? toComponents(rest) : rest;
}

/** For the OpenAPI document: a zod schema as JSON schema (`io` input for requests, output for answers); anything else as it is. */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): unknown {
  if (!isZodSchema(schema)) return schema;
  if (schema === zodErrorSchema) return errorSchema;
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return hoistDefinitions(json);
}
