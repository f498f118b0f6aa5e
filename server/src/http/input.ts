import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors.js';
import { isPlainText } from '../lib/text.js';

/**
 * One input rule for every text the server takes: no string anywhere in a request's path
 * parameters, query or JSON body (values and keys, at any depth) may hold a control character
 * (tab and line breaks aside: a slogan may have them) or broken UTF-16. Checked before any route's
 * own validation, so no such text reaches a service, a query or a log line; PostgreSQL refuses NUL
 * outright, and an escape sequence in a name would reach operators' terminals. Field rules stay in
 * the services (e.g. names are single-line, `isSingleLineText`).
 */

export const UNSAFE_TEXT_MESSAGE = 'Die Eingabe enthält Zeichen, die nicht erlaubt sind.';

const MAX_DEPTH = 32;

/** The path (`fields.firstname`, `items[2]`) of the first unsafe text in `value`, or null. */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isPlainText(value) ? null : path || '(text)';
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return path || '(body)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (!isPlainText(key)) return path || '(key)';
    const found = findUnsafeText(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export interface InputRuleOptions {
  /** The error for a refused request (default: 400 ValidationError with `field`); the identity endpoint answers in Cognito's terms. */
  errorFor?: (request: FastifyRequest, field: string) => Error;
}

export function registerInputRule(app: FastifyInstance, options: InputRuleOptions = {}): void {
  const errorFor = options.errorFor ?? ((_request: FastifyRequest, field: string) => new ValidationError(UNSAFE_TEXT_MESSAGE, { field }));
  app.addHook('preValidation', async (request) => {
    const field =
      findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'query') ?? findUnsafeText(request.body, 'body');
    if (field) throw errorFor(request, field);
  });
}
