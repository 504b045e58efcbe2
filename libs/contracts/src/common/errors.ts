import { z } from 'zod';

/** The one error shape every client sees: `{detail, code, errors}`. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const ErrorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(FieldErrorSchema),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Generic codes shared by every service; services add their own UPPER_SNAKE codes. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REVOKED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  SERVICE_TIMEOUT: 504,
} as const;

/**
 * One service's error codes, declared once: each code is its own value
 * (`CatalogErrorCode.COURSE_NOT_FOUND === 'COURSE_NOT_FOUND'`), and the type of the object's
 * values is the union of the codes. Clients translate an error by its code.
 */
export function errorCodes<const C extends string>(...codes: C[]): { readonly [K in C]: K } {
  return Object.freeze(Object.fromEntries(codes.map((code) => [code, code]))) as { readonly [K in C]: K };
}
export type ErrorCodeOf<T extends Readonly<Record<string, string>>> = T[keyof T];

/**
 * The platform's own codes, answered whichever service is called: the generic ones above and
 * those of the gateway, the bus and the tokens. Their details usually say more than the code
 * (which field, how long to wait, which service).
 */
export const CommonErrorCode = errorCodes(
  ...(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
  'SESSION_ENDED',
  'INVALID_DOWNLOAD_LINK',
  'CALLER_NOT_VERIFIED',
  'FILE_TOO_LARGE',
  'BAD_URL',
  'URI_TOO_LONG',
);
export type CommonErrorCode = ErrorCodeOf<typeof CommonErrorCode>;

/**
 * The one exception type of the platform. It carries its HTTP status so that the
 * status survives the trip over NATS: a handler throws it, the bus serialises it,
 * the gateway answers with it.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { detail: this.detail, code: this.code, errors: this.errors };
  }

  static validation(errors: FieldError[], detail = 'Validation failed'): AppError {
    return new AppError(400, 'VALIDATION_FAILED', detail, errors);
  }
  static badRequest(code: string, detail: string, errors: FieldError[] = []): AppError {
    return new AppError(400, code, detail, errors);
  }
  static unauthenticated(detail = 'Authentication required', code = 'UNAUTHENTICATED'): AppError {
    return new AppError(401, code, detail);
  }
  static forbidden(detail = 'You are not allowed to do this', code = 'FORBIDDEN'): AppError {
    return new AppError(403, code, detail);
  }
  static notFound(detail = 'Not found', code = 'NOT_FOUND'): AppError {
    return new AppError(404, code, detail);
  }
  static conflict(code: string, detail: string, errors: FieldError[] = []): AppError {
    return new AppError(409, code, detail, errors);
  }
  static rule(code: string, detail: string): AppError {
    return new AppError(422, code, detail);
  }

  static isAppError(e: unknown): e is AppError {
    return e instanceof AppError;
  }
}

/** Turns zod issues into the `errors` list of the error shape. */
export function zodIssuesToFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix = '',
): FieldError[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    return { path: prefix && path ? `${prefix}.${path}` : prefix || path, message: i.message };
  });
}
