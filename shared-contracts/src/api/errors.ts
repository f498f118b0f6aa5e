/** The one error type the HTTP clients throw; the app layer decides what it means on screen. */
export class ApiError extends Error {
  readonly status: number;
  /** Stable code from the server's error body (`code` or `__type`), or `NetworkError` / `HttpError`. */
  readonly code: string;
  readonly data: unknown;

  constructor(message: string, status: number, code: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
