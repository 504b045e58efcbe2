import { cn } from './cn';

interface ProgressBarProps {
  /** 0-100; values outside are clamped */
  value: number;
  /** the accessible name, e.g. "Course progress" */
  label: string;
  /** what a screen reader says instead of the bare number, e.g. "45%" */
  valueText?: string;
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  size?: 'sm' | 'md';
  className?: string;
  testId?: string;
}

const tones = {
  primary: 'bg-primary',
  success: 'bg-emerald-600',
  warning: 'bg-amber-500',
  danger: 'bg-red-600',
} as const;

export function ProgressBar({ value, label, valueText, tone = 'primary', size = 'md', className, testId }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      data-testid={testId}
      className={cn('w-full overflow-hidden rounded-full bg-slate-200', size === 'sm' ? 'h-1.5' : 'h-2.5', className)}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-300', tones[tone])} style={{ width: `${clamped}%` }} />
    </div>
  );
}
