import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type BadgeTone = 'primary' | 'neutral' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  primary: 'bg-primary-soft text-primary-strong',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-50 text-emerald-800',
  warning: 'bg-amber-50 text-amber-900',
  danger: 'bg-red-50 text-red-800',
};

export function Badge({ className, tone = 'primary', ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone], className)} {...rest} />
  );
}
