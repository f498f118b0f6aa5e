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

export class ValidationError extends AppError {
  readonly statusCode = 400;
  readonly code = 'ValidationError';
}

export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  readonly code = 'Unauthorized';
}

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
  readonly code = 'Forbidden';
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
  readonly code = 'NotFound';
}

export class ConflictError extends AppError {
  readonly statusCode = 409;
  readonly code = 'Conflict';
}

export class GoneError extends AppError {
  readonly statusCode = 410;
  readonly code = 'Gone';
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  readonly code = 'TooManyRequests';
}

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
