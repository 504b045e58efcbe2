import type { z } from 'zod';
import { AppError, zodIssuesToFieldErrors, type AnyRoute } from '@lp/contracts';
import type { RpcRequest } from '@lp/bus';

/** Validates the three parts of a request against the route's schemas; every problem listed at once. */
export function validateRequest(route: AnyRoute, raw: { params: unknown; query: unknown; body: unknown }): RpcRequest {
  const errors: { path: string; message: string }[] = [];
  const part = (schema: z.ZodType | undefined, value: unknown, prefix: string, empty: unknown) => {
    if (!schema) return empty;
    const r = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
    if (r.success) return r.data;
    errors.push(...zodIssuesToFieldErrors(r.error.issues, prefix === 'body' ? '' : prefix));
    return undefined;
  };
  const query = { ...(raw.query as Record<string, unknown> | undefined) };
  for (const [prefix, value] of [['params', raw.params], ['query', query], ['', raw.body]] as const) findNul(value, prefix, errors);
  const out = {
    params: part(route.params, raw.params, 'params', {}),
    query: part(route.query, query, 'query', {}),
    body: part(route.body, route.body && raw.body === undefined ? {} : raw.body, 'body', undefined),
  };
  if (errors.length) {
    const malformedId = errors.some((e) => e.path.startsWith('params.'));
    throw AppError.validation(errors, malformedId ? 'The id in the path is not valid' : 'Please check the highlighted fields');
  }
  return out;
}

/**
 * No text anywhere may hold a NUL character: PostgreSQL cannot store one, and nothing a
 * person types contains it. Refused here, for every route, with the field named.
 */
export function findNul(value: unknown, path: string, errors: { path: string; message: string }[], depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) errors.push({ path: path || 'body', message: 'Text may not contain NUL characters' });
    return;
  }
  if (!value || typeof value !== 'object' || depth > 32) return;
  for (const [key, v] of Object.entries(value)) findNul(v, path ? `${path}.${key}` : key, errors, depth + 1);
}
