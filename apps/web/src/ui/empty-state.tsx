import type { ReactNode } from 'react';
import { cn } from './cn';

interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
  /** heading level that fits the surrounding outline */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ title, description, action, icon, className, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {icon && <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</div>}
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description && <p className="max-w-md text-sm text-slate-600">{description}</p>}
      {action}
    </div>
  );
}
