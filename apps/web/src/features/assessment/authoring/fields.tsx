import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useValidationText } from '../../../i18n/validation-text';
import { FormField, Input, Switch } from '../../../ui';

interface NumberFieldProps {
  label: string;
  hint?: string;
  /** the field's message, as the form's schema gave it */
  error?: string | undefined;
  min: number;
  max: number;
  /** `register(name, { valueAsNumber: true })`: an empty input is NaN, which the schema refuses */
  registration: UseFormRegisterReturn;
  testId: string;
  disabled?: boolean;
}

/** A whole-number input of a react-hook-form form, its error beside it. */
export function NumberField({ label, hint, error, min, max, registration, testId, disabled }: NumberFieldProps) {
  const vt = useValidationText();
  return (
    <FormField label={label} hint={hint} error={vt(error)}>
      {(field) => (
        <Input
          {...field}
          {...registration}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          disabled={disabled}
          data-testid={testId}
        />
      )}
    </FormField>
  );
}

/** A labelled switch on one line. */
export function Toggle({
  label,
  checked,
  onChange,
  testId,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
      <span>{label}</span>
      {children}
      <Switch checked={checked} onCheckedChange={onChange} data-testid={testId} />
    </label>
  );
}
