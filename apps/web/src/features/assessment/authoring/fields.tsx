import type { ReactNode } from 'react';
import { FormField, Input, Switch } from '../../../ui';

/** A whole-number input whose empty state is NaN (the checks then refuse it). */
export function NumberField({
  label,
  hint,
  value,
  min,
  max,
  onChange,
  testId,
  disabled,
}: {
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <FormField label={label} hint={hint}>
      {(field) => (
        <Input
          {...field}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={Number.isNaN(value) ? '' : value}
          onChange={(e) => onChange(e.target.valueAsNumber)}
          disabled={disabled}
          data-testid={testId}
        />
      )}
    </FormField>
  );
}

/** A labelled switch on one line. */
export function Toggle({ label, checked, onChange, testId, children }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId: string; children?: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
      <span>{label}</span>
      {children}
      <Switch checked={checked} onCheckedChange={onChange} data-testid={testId} />
    </label>
  );
}
