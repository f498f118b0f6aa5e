/**
 * The logging surface services use: Fastify's pino logger fits it, and so does the CLI's console
 * logger.
 */
export interface LogFn {
  (msg: string): void;
  (obj: object, msg?: string): void;
}

export interface Logger {
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
}

const MESSAGE_MAX = 300;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A failed query as drizzle reports it: its message and stack start with the statement AND its values. */
function isQueryError(error: Error): error is Error & { query: string; params: unknown[] } {
  const e = error as Error & { query?: unknown; params?: unknown };
  return typeof e.query === 'string' && Array.isArray(e.params);
}

/** A database error (pg or PGlite): its `detail` and often its message quote the values concerned. */
function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SQLSTATE.test(code);
}

const framesOf = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 12)
    .join('\n');

/**
 * How an error appears in a log line (the `err` serializer of the server's logger and the CLI's):
 * never the values of a failed query (an SRP verifier, a member's street and phone), never a
 * database error's detail or message (they quote values): the statement with its placeholders,
 * the SQLSTATE, constraint, table and column, and the stack frames. Other errors keep their type,
 * a message cut to 300 characters and their stack; causes are followed the same way.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: typeof error === 'string' ? error.slice(0, MESSAGE_MAX) : '', stack: '' };
  const out: SerializedError = { type: error.name, message: '', stack: '' };
  const query = isQueryError(error);
  const database = isDatabaseError(error);
  if (query || database) {
    out.message = query ? 'database query failed' : 'database error';
    if (query) {
      out.query = error.query.slice(0, 2000);
      out.params = error.params.length;
    }
    if (database) {
      for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const) {
        if (typeof error[key] === 'string') out[key] = error[key];
      }
    }
    out.stack = framesOf(error);
  } else {
    out.message = error.message.slice(0, MESSAGE_MAX);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') out.code = code;
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === 'number') out.statusCode = statusCode;
    out.stack = `${error.name}: ${out.message}\n${framesOf(error)}`;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  else if (error.cause !== undefined) out.cause = { type: 'cause' };
  return out;
}

/** The server logger's serializers (pino): `err` and `error` through `serializeError`. */
export const LOG_SERIALIZERS = { err: serializeError, error: serializeError };

/** Objects logged with an `err` (or `error`) go through `serializeError`. */
function safeObject(obj: object): object {
  const record = obj as Record<string, unknown>;
  if (!('err' in record) && !('error' in record)) return obj;
  return {
    ...record,
    ...('err' in record ? { err: serializeError(record.err) } : {}),
    ...('error' in record ? { error: serializeError(record.error) } : {}),
  };
}

export const silentLogger: Logger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

/** A logger for the command line: messages as plain lines on stderr. */
export function consoleLogger(verbose = false): Logger {
  const make =
    (prefix: string, enabled = true): LogFn =>
    (objOrMsg: object | string, msg?: string) => {
      if (!enabled) return;
      if (typeof objOrMsg === 'string') console.error(`${prefix}${objOrMsg}`);
      else console.error(`${prefix}${msg ?? ''} ${JSON.stringify(safeObject(objOrMsg))}`.trim());
    };
  return { error: make('error: '), warn: make('warning: '), info: make(''), debug: make('debug: ', verbose) };
}
