import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { focusRing } from './focus-ring';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...rest }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
        'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100',
        'aria-[invalid=true]:border-red-600',
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}
