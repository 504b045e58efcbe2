import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useRef, useState } from 'react';
import { get, useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useDetailOrMessage } from '../../api/error-text';
import { fieldErrorsOf } from '../../api/field-errors';
import { useValidationText } from '../../i18n/validation-text';

/** A schema whose input is what the form holds and whose output is what the form sends. */
export type FormSchema<Values extends FieldValues = FieldValues, Output = unknown> = z.ZodType<Output, Values>;

export interface ContractFormOptions<Values extends FieldValues, Output = Values> extends Omit<
  UseFormProps<Values, unknown, Output>,
  'resolver' | 'defaultValues' | 'formControl'
> {
  defaultValues: UseFormProps<Values, unknown, Output>['defaultValues'];
  /**
   * The field paths a server error may be put on. By default every key path of defaultValues
   * (nested objects too, arrays as one field) and the top-level keys of an object schema.
   */
  fields?: readonly string[];
}

export interface ContractForm<Values extends FieldValues, Output> extends UseFormReturn<Values, unknown, Output> {
  /** a field's error (or the first one under it) in the reader's language (contract messages are looked up under validation.*) */
  errorText: (name: FieldPath<Values>) => string | undefined;
  /**
   * Puts a failed call onto the form: each errors[].path on its field (a path "features.2"
   * belongs to the field features), and what no field can show as the form's error: the
   * messages of unknown paths, else the error's own text (by its code, else the server's detail).
   */
  applyServerError: (error: unknown) => void;
  /** what the last failed call said that no field shows; null once submitted again */
  formError: string | null;
  /** handleSubmit that first clears the last call's form error */
  submit: UseFormReturn<Values, unknown, Output>['handleSubmit'];
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...keyPaths(inner, path)];
  });
}

/** The first message at or under an error (a list's "features.2", an object's "account_details.provider"). */
function firstMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * A react-hook-form form validated by a contract's zod schema: the same rules the server
 * checks, said before the call; what the server still refuses lands on the same fields.
 */
export function useContractForm<Values extends FieldValues, Output>(
  schema: FormSchema<Values, Output>,
  // the schema alone says what the form holds; defaults (partial by nature) must not narrow it
  { fields, ...options }: NoInfer<ContractFormOptions<Values, Output>>,
): ContractForm<Values, Output> {
  const form = useForm<Values, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = options.defaultValues;
  const known = useMemo(
    () => fields ?? [...new Set([...keyPaths(typeof defaults === 'function' ? undefined : defaults), ...schemaKeys(schema)])],
    [fields, defaults, schema],
  );
  const { setError, handleSubmit, formState } = form;

  const applyServerError = useCallback(
    (error: unknown) => {
      const { byField, other } = fieldErrorsOf(error, known);
      const onFields = Object.entries(byField) as [string, string][];
      for (const [name, message] of onFields) setError(name as FieldPath<Values>, { type: 'server', message });
      setFormError(other.length > 0 ? other.join('; ') : onFields.length > 0 ? null : detailOrMessage(error));
    },
    [known, setError, detailOrMessage],
  );

  const submit: ContractForm<Values, Output>['submit'] = useCallback(
    (onValid, onInvalid) => (event) => {
      setFormError(null);
      return handleSubmit(onValid, onInvalid)(event);
    },
    [handleSubmit],
  );

  const { errors } = formState;
  const errorText = useCallback((name: FieldPath<Values>) => vt(firstMessage(get(errors, name))), [errors, vt]);

  // one object for the form's life, as useForm's own: effects that depend on `form` do not rerun each render
  const stable = useRef<ContractForm<Values, Output> | null>(null);
  stable.current = Object.assign(stable.current ?? ({} as ContractForm<Values, Output>), form, {
    errorText,
    applyServerError,
    formError,
    submit,
  });
  return stable.current;
}
