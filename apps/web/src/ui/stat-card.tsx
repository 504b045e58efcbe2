import type { ReactNode } from 'react';
import { Card, cn } from '.';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: string;
  testId?: string;
  className?: string;
}

/** One figure with its label; a <dl> item so the pair is read together. */
export function StatCard({ label, value, hint, testId, className }: StatCardProps) {
  return (
    <Card className={cn('p-4 sm:p-5', className)} data-testid={testId}>
      <dl>
        <dt className="text-sm font-medium text-slate-600">{label}</dt>
        <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </dd>
        {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
      </dl>
    </Card>
  );
}
