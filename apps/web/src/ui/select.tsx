import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { focusRing } from './focus-ring';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** The platform's own select: keyboard, screen readers and phones handle it natively. */
export function Select({ className, children, ...rest }: SelectProps) {
  return (
    <select
      className={cn(
        'block h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
        'disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600',
        focusRing,
        className,
      )}
      {...rest}
    >
      {children}
    </select>
  );
}
