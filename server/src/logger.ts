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
      else console.error(`${prefix}${msg ?? ''} ${JSON.stringify(objOrMsg)}`.trim());
    };
  return { error: make('error: '), warn: make('warning: '), info: make(''), debug: make('debug: ', verbose) };
}
