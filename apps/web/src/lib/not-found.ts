import { isApiError } from '../api/api-error';

/**
 * The thing a page's path names does not exist: 404, or the gateway's 400 for an id in the
 * path that is not an id at all (/lessons/not-a-uuid). Both are "not found" to a person who
 * followed or typed a link; "Must be a valid id" describes a form field, not a page.
 */
export function isMissing(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && error.errors.length > 0 && error.errors.every((e) => e.path.startsWith('params.'));
}
