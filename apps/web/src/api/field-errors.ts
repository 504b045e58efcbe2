import type { FieldError } from '@lp/contracts';
import { isApiError } from './api-error';

export interface ServerFieldErrors<F extends string> {
  /** the first message per form field (a path "expertise_areas.2" belongs to expertise_areas) */
  byField: Partial<Record<F, string>>;
  /** messages whose path names no field of the form */
  other: string[];
}

/** Sorts the field errors of a 400 answer (errors[].path) onto a form's fields. */
export function sortFieldErrors<F extends string>(errors: readonly FieldError[], fields: readonly F[]): ServerFieldErrors<F> {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const head = path.split('.')[0] as F;
    if ((fields as readonly string[]).includes(head)) byField[head] ??= message;
    else other.push(message);
  }
  return { byField, other };
}

/** The field errors a failed call carries (none unless it is an API error with errors[]). */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): ServerFieldErrors<F> {
  return sortFieldErrors(isApiError(error) ? error.errors : [], fields);
}
