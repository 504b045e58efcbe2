import type { z } from 'zod';
import { AppError, zodIssuesToFieldErrors, type AnyRoute } from '@lp/contracts';
import type { RpcRequest } from '@lp/bus';

/** Validates the three parts of a request against the route's schemas; every problem listed at once. */
export function validateRequest(route: AnyRoute, raw: { params: unknown; query: unknown; body: unknown; headers?: unknown }): RpcRequest {
  const errors: { path: string; message: string }[] = [];
  const part = (schema: z.ZodType | undefined, value: unknown, prefix: string, empty: unknown) => {
    if (!schema) return empty;
    const r = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
    if (r.success) return r.data;
    errors.push(...zodIssuesToFieldErrors(r.error.issues, prefix === 'body' ? '' : prefix));
    return undefined;
  };
  const query = { ...(raw.query as Record<string, unknown> | undefined) };
  for (const [prefix, value] of [
    ['params', raw.params],
    ['query', query],
    ['', raw.body],
  ] as const)
    findBadText(value, prefix, errors);
  const out = {
    params: part(route.params, raw.params, 'params', {}),
    query: part(route.query, query, 'query', {}),
    body: part(route.body, route.body && raw.body === undefined ? (route.bodyKind === 'raw' ? '' : {}) : raw.body, 'body', undefined),
    ...(route.headers ? { headers: part(route.headers, declaredHeaders(route, raw.headers), 'headers', {}) } : {}),
  };
  if (errors.length) {
    const malformedId = errors.some((e) => e.path.startsWith('params.'));
    throw AppError.validation(errors, malformedId ? 'The id in the path is not valid' : 'Please check the highlighted fields');
  }
  return out;
}

/** Only the headers a route declares go on to its service; an absent or repeated one is left out. */
function declaredHeaders(route: AnyRoute, headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const all = (headers ?? {}) as Record<string, unknown>;
  for (const name of Object.keys((route.headers as z.ZodObject).shape)) {
    const value = all[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** A lone half of a surrogate pair: not a character, so not valid Unicode. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text no person types and PostgreSQL cannot store, or null. */
export function badText(text: string, what = 'Text'): string | null {
  // text and varchar refuse NUL (22021), jsonb refuses both as escapes (22P05)
  if (text.includes('\u0000')) return `${what} may not contain NUL characters`;
  if (LONE_SURROGATE.test(text)) return `${what} must be valid Unicode`;
  return null;
}

/**
 * No text anywhere, value or key (a record's keys are stored too), may hold a NUL character
 * or a lone surrogate. Refused here, for every route, with the field named.
 */
export function findBadText(value: unknown, path: string, errors: { path: string; message: string }[], depth = 0): void {
  if (typeof value === 'string') {
    const problem = badText(value);
    if (problem) errors.push({ path: path || 'body', message: problem });
    return;
  }
  if (!value || typeof value !== 'object' || depth > 32) return;
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const problem = badText(key, 'A name');
    // the key itself is the bad text: the field holding it is named, not the key again
    if (problem) errors.push({ path: path || 'body', message: problem });
    else findBadText(v, at, errors, depth + 1);
  }
}
