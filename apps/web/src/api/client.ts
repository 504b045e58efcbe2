import { CommonErrorCode, fillPath, PendingWork, type AnyRoute, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { API_BASE } from '../config/product';
import { ApiError } from './api-error';
import { readToken } from './token-store';
import { currentToken, refreshAccessToken } from './token-refresh';

// `{} extends T` asks "is every field of T optional?": the empty object type is the point here.
/* eslint-disable @typescript-eslint/no-empty-object-type */
type Part<T, Key extends string> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : {} extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/**
 * What a call of `Rt` needs, read off its declaration: `params` when the path has
 * `{param}`s, `query` when it declares one (optional if every field is), `body`
 * when it declares one. Keys a route does not declare cannot be passed.
 */
export type RouteArgs<Rt extends AnyRoute> = Part<RouteRequest<Rt>['params'], 'params'> &
  Part<RouteRequest<Rt>['query'], 'query'> &
  Part<RouteRequest<Rt>['body'], 'body'> &
  Part<RouteRequest<Rt>['headers'], 'headers'>;

export interface CallOptions {
  signal?: AbortSignal;
  /** a `background` route's progress while it answers 202 (asked again after its Retry-After) */
  onProgress?: (pending: PendingWork) => void;
}

/** No second argument is needed when a route declares nothing the caller must send. */
export type CallRest<Rt extends AnyRoute> =
  {} extends RouteArgs<Rt> ? [args?: RouteArgs<Rt> & CallOptions] : [args: RouteArgs<Rt> & CallOptions];

/* eslint-enable @typescript-eslint/no-empty-object-type */

export interface LooseArgs extends CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** the request headers the route declares (an Idempotency-Key, ...) */
  headers?: Record<string, string | undefined>;
}

export function buildUrl(route: AnyRoute, args: LooseArgs): string {
  const path = `${API_BASE}${fillPath(route.path, args.params)}`;
  if (!args.query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args.query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Form bodies go as multipart fields: the gateway parses multipart, and files may ride along. */
export function toFormData(body: unknown): FormData {
  const form = new FormData();
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      form.append(key, value instanceof Blob ? value : String(value));
    }
  }
  return form;
}

function buildInit(route: AnyRoute, args: LooseArgs, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(args.headers ?? {})) if (value !== undefined) headers.set(name, value);
  const init: RequestInit = { method: route.method, headers, signal: args.signal ?? null };
  // An empty JSON body with a JSON content type is rejected by the gateway, so bodiless calls send neither.
  if (args.body !== undefined) {
    if (route.bodyKind === 'form') {
      init.body = toFormData(args.body);
    } else {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(args.body);
    }
  }
  return init;
}

async function attempt(route: AnyRoute, args: LooseArgs, token: string | null): Promise<Response> {
  try {
    return await fetch(buildUrl(route, args), buildInit(route, args, token));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiError.network(cause);
  }
}

/**
 * A token that died on the way (expired, or replaced by another tab's refresh or portal
 * switch) gets one more try with the fresh one; a revoked session stays signed out.
 */
export async function retryToken(sent: string | null, error: ApiError): Promise<string | null> {
  if (!sent || error.status !== 401) return null;
  const stored = readToken();
  if (stored && stored !== sent) return stored;
  // expired, or not ours any more (a rotated signing key): the session's refresh cookie decides
  return error.code === CommonErrorCode.TOKEN_REVOKED ? null : refreshAccessToken(sent);
}

async function send(route: AnyRoute, args: LooseArgs): Promise<Response> {
  const token = await currentToken();
  let response = await attempt(route, args, token);
  if (!response.ok) {
    const error = ApiError.fromResponse(response.status, await readJson(response));
    const fresh = await retryToken(token, error);
    if (!fresh) throw error;
    response = await attempt(route, args, fresh);
    if (!response.ok) throw ApiError.fromResponse(response.status, await readJson(response));
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls one declared route. Method, path, body encoding and the shape of the
 * answer all come from the route's declaration in @lp/contracts. A `background` route is
 * asked again while it answers 202 (a payment on its way), its progress reported.
 */
export async function callRoute<Rt extends AnyRoute>(route: Rt, ...rest: CallRest<Rt>): Promise<RouteOutput<Rt>> {
  if (route.responseKind === 'file') throw new Error(`${route.subject} answers a file; use fetchRouteFile`);
  const args = (rest[0] ?? {}) as LooseArgs;
  const response = route.background ? await untilDone(route, args) : await send(route, args);
  // The gateway validates what it sends; re-parsing here would only turn additive server changes into failures.
  return (await readJson(response)) as RouteOutput<Rt>;
}

/** Asks a background route until it answers more than 202, waiting its Retry-After between asks. */
async function untilDone(route: AnyRoute, args: LooseArgs): Promise<Response> {
  const giveUpAt = Date.now() + 10 * 60_000;
  for (;;) {
    const response = await send(route, args);
    if (response.status !== 202) return response;
    const pending = PendingWork.safeParse(await readJson(response));
    if (!pending.success || Date.now() > giveUpAt) throw new ApiError(504, 'STILL_PENDING', null);
    args.onProgress?.(pending.data);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, pending.data.retry_after * 1000);
      args.signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Aborted', 'AbortError'))), {
        once: true,
      });
    });
  }
}

export interface DownloadedFile {
  blob: Blob;
  /** the name the server suggested in Content-Disposition, if any */
  suggestedName: string | null;
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/**
 * A file made by background work (`background` routes): asks until the file is there,
 * waiting what the server says between asks (202 + Retry-After), reporting its progress.
 */
export async function fetchBackgroundFile<Rt extends AnyRoute>(
  route: Rt,
  onProgress: (pending: PendingWork) => void,
  ...rest: CallRest<Rt>
): Promise<DownloadedFile> {
  const response = await untilDone(route, { ...((rest[0] ?? {}) as LooseArgs), onProgress });
  return { blob: await response.blob(), suggestedName: filenameFrom(response.headers.get('Content-Disposition')) };
}

/** Fetches a route whose responseKind is `file` as a blob, with the bearer header. */
export async function fetchRouteFile<Rt extends AnyRoute>(route: Rt, ...rest: CallRest<Rt>): Promise<DownloadedFile> {
  const response = await send(route, (rest[0] ?? {}) as LooseArgs);
  return { blob: await response.blob(), suggestedName: filenameFrom(response.headers.get('Content-Disposition')) };
}
