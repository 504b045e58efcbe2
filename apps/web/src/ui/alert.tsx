import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-primary-soft text-primary-strong',
};

/** An inline message; errors are announced immediately, the rest politely. */
export function Alert({ className, tone = 'info', ...rest }: HTMLAttributes<HTMLDivElement> & { tone?: AlertTone }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-3 py-2 text-sm', tones[tone], className)}
      {...rest}
    />
  );
}
