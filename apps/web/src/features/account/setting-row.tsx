import type { ReactNode } from 'react';
import { cn } from '../../ui';

interface SettingRowProps {
  title: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  control: ReactNode;
  /** keep the control beside the text on phones too (switches); buttons drop below */
  inline?: boolean;
}

/** One setting: what it is on the left, the control on the right. */
export function SettingRow({ title, hint, hintId, control, inline = false }: SettingRowProps) {
  return (
    <div
      className={cn(
        'flex gap-3 py-4 first:pt-0 last:pb-0',
        inline ? 'items-center justify-between' : 'flex-col sm:flex-row sm:items-center sm:justify-between',
      )}
    >
      <div className="min-w-0 space-y-0.5">
        <div className="font-medium text-slate-900">{title}</div>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
      <div className="shrink-0">{control}</div>
    </div>
  );
}
