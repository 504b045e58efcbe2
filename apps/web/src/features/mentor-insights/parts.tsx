import type { Timeframe } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { cn, FormField, Select, Spinner } from '../../ui';
import { TIMEFRAME_OPTIONS, timeframeOf } from './logic';

/** The spec's timeframe selector (Last 7 Days ... Last Year); a change asks the server again. */
export function TimeframeSelect({ value, onChange, testId }: { value: Timeframe; onChange: (value: Timeframe) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <FormField label={t('mentorInsights.timeframe.label')} className="sm:w-56">
      {(field) => (
        <Select {...field} value={value} onChange={(e) => onChange(timeframeOf(e.target.value))} data-testid={testId}>
          {TIMEFRAME_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`mentorInsights.timeframe.options.${option}`)}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** A query's state as a figure needs it (react-query's result fits). */
export interface FigureSource {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * One figure (as dashboard-parts' Figure) whose value may be styled: without data it shows "—"
 * and the sentence saying why, never a bare 0; a failed load says so.
 */
export function StatFigure({
  label,
  source,
  value,
  hint,
  testId,
  valueClassName,
}: {
  label: string;
  source: FigureSource;
  value: ReactNode | null;
  hint: string;
  testId: string;
  valueClassName?: string;
}) {
  const { t } = useTranslation();
  const detail = useDetailOrMessage();
  let shown: ReactNode = value;
  let note = hint;
  if (source.isPending) {
    shown = <Spinner className="size-5 text-primary" label={false} />;
    note = t('roleDashboard.loadingFigure');
  } else if (source.isError || value === null) {
    shown = <span aria-hidden="true">{t('roleDashboard.noFigure')}</span>;
    if (source.isError) note = t('roleDashboard.figureFailed', { detail: detail(source.error) });
  }
  const state = source.isPending ? 'loading' : source.isError ? 'error' : value === null ? 'empty' : 'ready';
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId} data-state={state}>
      <dl>
        <dt className="text-sm font-medium text-slate-600">{label}</dt>
        <dd
          className={cn('mt-1 flex min-h-8 items-center text-2xl font-bold text-slate-900', state === 'ready' && valueClassName)}
          data-testid={`${testId}-value`}
        >
          {shown}
        </dd>
        <dd className="mt-1 text-xs text-slate-600" data-testid={`${testId}-hint`}>
          {note}
        </dd>
      </dl>
    </div>
  );
}

/** A titled block of a tab (an h3 under the tab's h2). */
export function Block({
  title,
  id,
  children,
  className,
  testId,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
      data-testid={testId}
    >
      <h3 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A sentence standing in for an empty list or chart. */
export function Nothing({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-slate-600" data-testid={testId}>
      {children}
    </p>
  );
}
