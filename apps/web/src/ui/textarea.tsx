import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { focusRing } from './focus-ring';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
        'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100',
        'aria-[invalid=true]:border-red-600',
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}
