import { ErrorBodySchema, type FieldError } from '@lp/contracts';

/** A failed call: the gateway's `{detail, code, errors}` body plus the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** the server's `detail`; null when the answer carried none (network failure, proxy error page) */
    readonly detail: string | null,
    readonly errors: FieldError[] = [],
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  static fromResponse(status: number, body: unknown): ApiError {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) return new ApiError(status, parsed.data.code, parsed.data.detail, parsed.data.errors);
    return new ApiError(status, `HTTP_${status}`, null);
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, 'NETWORK_ERROR', null);
    error.message = cause instanceof Error ? cause.message : 'Network error';
    return error;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
