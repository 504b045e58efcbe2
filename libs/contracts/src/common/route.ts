import { z } from 'zod';
import type { Role } from './roles.js';
import type { ServiceName } from './services.js';
// type-only: erased at runtime, so no import cycle between common and institution
import type { ApiKeyPermission } from '../institution/schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route, enforced by the gateway: `public` (no token), `any`
 * (any signed-in user) or a list of roles. Ownership (only the course's
 * instructor, ...) is the owning service's job.
 */
export type Guard = 'public' | 'any' | readonly Role[];

/** A fixed-window limit counted in Redis, shared by every gateway replica. */
export interface RateLimit {
  /** requests allowed per window */
  limit: number;
  windowSeconds: number;
  /** what the counter is keyed by besides the route: the client address, and optionally a body field */
  keyBodyField?: string;
  /** `user`: one counter per signed-in user, whatever address they come from (costly work such as exports) */
  per?: 'address' | 'user';
}

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteDef<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  H extends AnyObject | undefined = AnyObject | undefined,
> {
  /** NATS request-reply subject, `<service>.<entity>.<verb>`; unique */
  subject: string;
  service: ServiceName;
  method: HttpMethod;
  /** path under /api, parameters written `{name}` as in ROUTES.md */
  path: string;
  guard: Guard;
  summary: string;
  params: P;
  query: Q;
  body: B;
  /**
   * request headers the route reads (lower-case names, e.g. `idempotency-key`): the gateway
   * forwards only these, validated like the other parts
   */
  headers: H;
  /**
   * how the browser sends the body; `form` is urlencoded or multipart fields; `raw` is the
   * body's exact text, unparsed (a webhook whose signature covers its bytes), its schema a string
   */
  bodyKind: 'json' | 'form' | 'raw';
  response: R;
  /** `file`: the response is a FileRef; the gateway streams the stored file */
  responseKind: 'json' | 'file';
  /** a file route's files open in place (lesson media) or download (certificates, exports) */
  fileDisposition: 'inline' | 'attachment';
  /**
   * the answer depends on background work (a file being made, a payment on its way): the
   * service answers the result when it is there, else `{ pending: PendingWork }`, which the
   * gateway sends as 202 with Retry-After (the caller asks again; nothing starts twice)
   */
  background: boolean;
  /** how long the gateway waits for the owning service (default: RPC_TIMEOUT_MS) */
  timeoutMs?: number;
  successStatus: number;
  rateLimit?: RateLimit;
  /** what the route does to the browser's sign-in session (see SessionGrant) */
  session: SessionEffect;
  /**
   * an institution API key holding this permission (or one of these) may call the route
   * (the gateway checks it); a route without it refuses keys
   */
  apiKey?: ApiKeyPermission | readonly ApiKeyPermission[];
  /**
   * a development convenience (the Google stand-in, the demo checkout): the gateway answers it
   * only in development and only to this machine, or to anyone with LP_DEV_DOORS=1; to
   * everyone else it does not exist (404). See libs/service-kit dev-doors.ts.
   */
  devDoor: boolean;
  /**
   * the route proves who someone is with a password or a code: its refusals (401) count
   * towards the address's limit on failed sign-ins across accounts (password spraying), and
   * past it the route answers 429 (the gateway's routing/sign-in-failures.ts)
   */
  checksCredentials: boolean;
}

/**
 * `start` and `refresh` routes answer a refresh token besides their declared response: the
 * gateway moves it into an httpOnly cookie, so it never reaches the page's scripts.
 * `refresh` routes read that cookie; `end` routes clear it.
 */
export type SessionEffect = 'none' | 'start' | 'refresh' | 'end';

export const SessionGrant = z.object({
  refresh_token: z.string().min(32),
  /** seconds until the refresh token (the whole sign-in session) ends */
  refresh_expires_in: z.number().int().positive(),
});
export type SessionGrant = z.infer<typeof SessionGrant>;

/**
 * What the owning service answers: the declared response, plus the session grant where the
 * route starts or refreshes one (optional: a start route may answer "code sent" first).
 */
export function serviceResponseOf(route: AnyRoute): z.ZodType {
  if (route.background) return z.union([route.response as z.ZodType, PendingReply]);
  if (route.session !== 'start' && route.session !== 'refresh') return route.response;
  return z.intersection(route.response as z.ZodType, SessionGrant.partial());
}

export interface RouteSpec<
  P extends AnyObject | undefined,
  Q extends AnyObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  H extends AnyObject | undefined = undefined,
> {
  subject: string;
  service: ServiceName;
  method: HttpMethod;
  path: string;
  guard: Guard;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  headers?: H;
  bodyKind?: 'json' | 'form' | 'raw';
  response: R;
  responseKind?: 'json' | 'file';
  fileDisposition?: 'inline' | 'attachment';
  background?: boolean;
  timeoutMs?: number;
  successStatus?: number;
  rateLimit?: RateLimit;
  session?: SessionEffect;
  apiKey?: ApiKeyPermission | readonly ApiKeyPermission[];
  devDoor?: boolean;
  checksCredentials?: boolean;
}

/** Declares one endpoint. Everything else (gateway, handler, client, OpenAPI) derives from it. */
export function defineRoute<
  R extends z.ZodType,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends AnyObject | undefined = undefined,
>(spec: RouteSpec<P, Q, B, R, H>): RouteDef<P, Q, B, R, H> {
  return {
    ...spec,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    headers: spec.headers as H,
    bodyKind: spec.bodyKind ?? 'json',
    responseKind: spec.responseKind ?? 'json',
    fileDisposition: spec.fileDisposition ?? 'attachment',
    background: spec.background ?? false,
    successStatus: spec.successStatus ?? 200,
    session: spec.session ?? 'none',
    devDoor: spec.devDoor ?? false,
    checksCredentials: spec.checksCredentials ?? false,
  };
}

type InferOr<T, D> = T extends z.ZodType ? z.infer<T> : D;
type InputOr<T, D> = T extends z.ZodType ? z.input<T> : D;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any, any>;

/** What a handler receives after validation. */
export interface RouteInput<Rt extends AnyRoute> {
  params: InferOr<Rt['params'], Record<string, never>>;
  query: InferOr<Rt['query'], Record<string, never>>;
  body: InferOr<Rt['body'], undefined>;
  headers: InferOr<Rt['headers'], Record<string, never>>;
}
/** What a caller sends (before defaults are applied). */
export interface RouteRequest<Rt extends AnyRoute> {
  params: InputOr<Rt['params'], undefined>;
  query: InputOr<Rt['query'], undefined>;
  body: InputOr<Rt['body'], undefined>;
  headers: InputOr<Rt['headers'], undefined>;
}
export type RouteOutput<Rt extends AnyRoute> = z.infer<Rt['response']>;
/** What the owning service's handler answers (see serviceResponseOf). */
export type ServiceOutput<Rt extends AnyRoute> = RouteOutput<Rt> | (RouteOutput<Rt> & SessionGrant) | z.infer<typeof PendingReply>;

/** Builds a concrete URL path from a route's template. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/**
 * Background work still under way (a data export being gathered): answered 202, with a
 * Retry-After; asking again is cheap and never starts the work twice.
 */
export const PendingWork = z.object({
  status: z.enum(['queued', 'running']),
  /** 0-100 */
  progress: z.number().int().min(0).max(100),
  /** seconds until asking again is worth it */
  retry_after: z.number().int().positive(),
  message: z.string(),
});
export type PendingWork = z.infer<typeof PendingWork>;
export const PendingReply = z.object({ pending: PendingWork });

/** A stored file handed back by a route whose responseKind is `file`. */
export const FileRefSchema = z.object({
  storage_key: z.string(),
  filename: z.string(),
  content_type: z.string(),
  /**
   * absent: the file is not cached (the default for anything behind sign-in); given: anyone
   * may cache it for `max_age` seconds (`immutable` when its URL changes with its content)
   */
  public_cache: z.object({ max_age: z.number().int().min(0), immutable: z.boolean() }).optional(),
});
export type FileRef = z.infer<typeof FileRefSchema>;
