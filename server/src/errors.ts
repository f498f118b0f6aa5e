/**
 * Typed errors with a stable `code`. Services throw them; the one error handler in `app.ts` maps
 * them to HTTP. Anything else is a 500 whose details stay in the log.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: string;
  /** Extra fields for the JSON body (never internals). */
  readonly details?: Record<string, unknown>;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

/** An error class whose status and code are the same wherever it is thrown. */
type FixedStatusError<S extends number, C extends string> = new (
  message: string,
  details?: Record<string, unknown>,
) => AppError & { readonly statusCode: S; readonly code: C };

/** The base of a `FixedStatusError`: `class NotFoundError extends fixedStatus(404, 'NotFound') {}`. */
function fixedStatus<S extends number, C extends string>(statusCode: S, code: C): FixedStatusError<S, C> {
  return class extends AppError {
    readonly statusCode = statusCode;
    readonly code = code;
  };
}

export class ValidationError extends fixedStatus(400, 'ValidationError') {}
export class UnauthorizedError extends fixedStatus(401, 'Unauthorized') {}
export class ForbiddenError extends fixedStatus(403, 'Forbidden') {}
export class NotFoundError extends fixedStatus(404, 'NotFound') {}
export class ConflictError extends fixedStatus(409, 'Conflict') {}
export class GoneError extends fixedStatus(410, 'Gone') {}
export class TooManyRequestsError extends fixedStatus(429, 'TooManyRequests') {}

/**
 * An error with a status and code chosen by the service (the accounts calls answer the codes the
 * screens switch on: `ClubTaken`, `CodeMismatchException`, …).
 */
export class CodedError extends AppError {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(message, details);
  }
}

/** A configuration or operator error that a CLI reports as one readable line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
