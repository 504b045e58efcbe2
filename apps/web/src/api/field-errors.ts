import type { FieldError } from '@lp/contracts';
import { isApiError } from './api-error';

export interface ServerFieldErrors<F extends string> {
  /** the first message per form field (a path "expertise_areas.2" belongs to expertise_areas: the longest field path it starts with) */
  byField: Partial<Record<F, string>>;
  /** messages whose path names no field of the form */
  other: string[];
}

/** Sorts the field errors of a 400 answer (errors[].path) onto a form's fields. */
export function sortFieldErrors<F extends string>(errors: readonly FieldError[], fields: readonly F[]): ServerFieldErrors<F> {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const field = fieldOf(path, fields);
    if (field) byField[field] ??= message;
    else other.push(message);
  }
  return { byField, other };
}

/** The longest of the fields (nested ones written "account_details.phone_number") that the path is or lies under. */
function fieldOf<F extends string>(path: string, fields: readonly F[]): F | undefined {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    const field = fields.find((f) => f === candidate);
    if (field) return field;
  }
  return undefined;
}

/** The field errors a failed call carries (none unless it is an API error with errors[]). */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): ServerFieldErrors<F> {
  return sortFieldErrors(isApiError(error) ? error.errors : [], fields);
}
