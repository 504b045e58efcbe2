import type { RouteOutput, catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { formatDayMonth } from '../../../lib/figures';
import { TrendChart } from '../../../ui/charts';

type Week = RouteOutput<typeof catalogRoutes.instructorOverview>['weekly_activity'][number];

/** Enrollments and completions per week as two lines; a sentence instead while every week is empty. */
export function WeeklyActivityChart({ weeks, testId }: { weeks: readonly Week[]; testId: string }) {
  const { t, i18n } = useTranslation();
  if (!weeks.some((w) => w.enrollments > 0 || w.completions > 0))
    return (
      <p className="text-sm text-slate-600" data-testid={`${testId}-empty`}>
        {t('figures.instructor.noWeeklyActivity', { count: weeks.length })}
      </p>
    );
  return (
    <TrendChart
      data={weeks.map((w) => ({ key: w.week_start, label: formatDayMonth(w.week_start, i18n.language), ...w }))}
      series={[
        { key: 'enrollments', label: t('figures.instructor.enrollments'), color: 'primary' },
        { key: 'completions', label: t('figures.instructor.completions'), color: 'emerald' },
      ]}
      caption={t('figures.instructor.weeklyCaption', { count: weeks.length })}
      hideCaption
      rowHeader={t('figures.instructor.weekOf')}
      integers
      testId={testId}
    />
  );
}
