import { catalogRoutes, formatMoney, institutionRoutes, type Institution } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { formatDecimal, formatPercent } from '../../../lib/figures';
import { FormField, Select, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { BarsChart, TrendChart } from '../../../ui/charts';
import { dollars } from '../../../lib/format';
import { LoadError } from '../../../ui/query-state';
import { Block, Nothing, StatFigure } from '../../mentor-insights';
import { ANALYTICS_TIMEFRAMES, currencyOf, DEFAULT_ANALYTICS_TIMEFRAME, monthLabel, timeframeOf, type AnalyticsTimeframe } from '../logic';
import { TabHeading } from '../parts';

/**
 * Spec 3 institution analytics over a timeframe (30 days, 90 days, a year): member and
 * enrollment totals, completion rate, average progress, popular courses, the monthly trend as
 * charts, and catalog's per-course performance. Loaded with its tab: it brings recharts.
 */
export function AnalyticsTab({ institution }: { institution: Institution }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>(DEFAULT_ANALYTICS_TIMEFRAME);
  const analytics = useRouteQuery(
    institutionRoutes.analytics,
    { params: { id: institution.id }, query: { timeframe } },
    { placeholderData: keepPreviousData },
  );
  const courses = useRouteQuery(catalogRoutes.institutionCourseAnalytics, {});
  const a = analytics.data;
  const n = (v: number | undefined) => (v === undefined ? null : formatDecimal(v, locale));
  const currency = currencyOf(a?.revenue.currency ?? 'ETB');
  const trend = (a?.trend ?? []).map((row) => ({ ...row, key: row.month, label: monthLabel(row.month, locale) }));
  const anyTrend = trend.some((r) => r.members_added > 0 || r.enrollments > 0 || r.completions > 0);
  const anyRevenue = trend.some((r) => r.revenue_minor > 0);
  const popular = (a?.popular_courses ?? []).map((c) => ({ key: c.course_id, label: c.title, enrollments: c.enrollments }));
  const hasEnrollments = (a?.enrollments.total ?? 0) > 0;

  return (
    <section
      aria-labelledby="institution-analytics-heading"
      className="space-y-6"
      data-testid="institution-analytics"
      data-timeframe={timeframe}
      aria-busy={analytics.isFetching || undefined}
    >
      <TabHeading
        id="institution-analytics-heading"
        title={t('institution.analytics.heading')}
        actions={
          <FormField label={t('institution.analytics.timeframe')} className="sm:w-56">
            {(field) => (
              <Select
                {...field}
                value={timeframe}
                onChange={(e) => setTimeframe(timeframeOf(e.target.value))}
                data-testid="analytics-timeframe"
              >
                {ANALYTICS_TIMEFRAMES.map((value) => (
                  <option key={value} value={value}>
                    {t(`institution.analytics.timeframes.${value}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        }
      />
      {analytics.isError && (
        <LoadError error={analytics.error} title={t('institution.analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
      )}

      <div role="group" aria-label={t('institution.analytics.membersLabel')} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <StatFigure
          label={t('institution.analytics.totalMembers')}
          source={analytics}
          value={n(a?.total_members)}
          hint={t('institution.analytics.totalMembersHint')}
          testId="analytics-total-members"
        />
        <StatFigure
          label={t('institution.analytics.totalStudents')}
          source={analytics}
          value={n(a?.total_students)}
          hint={t('institution.analytics.totalStudentsHint')}
          testId="analytics-total-students"
        />
        <StatFigure
          label={t('institution.analytics.totalFaculty')}
          source={analytics}
          value={n(a?.total_faculty)}
          hint={t('institution.analytics.totalFacultyHint')}
          testId="analytics-total-faculty"
        />
      </div>
      <div
        role="group"
        aria-label={t('institution.analytics.enrollmentsLabel')}
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4"
      >
        <StatFigure
          label={t('institution.analytics.enrollments')}
          source={analytics}
          value={n(a?.enrollments.total)}
          hint={
            a
              ? t('institution.analytics.enrollmentsHint', { completed: a.enrollments.completed, inProgress: a.enrollments.in_progress })
              : ''
          }
          testId="analytics-enrollments"
        />
        <StatFigure
          label={t('institution.analytics.completionRate')}
          source={analytics}
          value={a && hasEnrollments ? formatPercent(a.enrollments.completion_rate, locale) : null}
          hint={hasEnrollments ? t('institution.analytics.completionRateHint') : t('institution.analytics.noEnrollments')}
          testId="analytics-completion-rate"
        />
        <StatFigure
          label={t('institution.analytics.avgProgress')}
          source={analytics}
          value={a && hasEnrollments ? formatPercent(a.enrollments.avg_progress, locale) : null}
          hint={hasEnrollments ? t('institution.analytics.avgProgressHint') : t('institution.analytics.noEnrollments')}
          testId="analytics-avg-progress"
        />
        <StatFigure
          label={t('institution.analytics.revenue')}
          source={analytics}
          value={a && a.revenue.total_minor > 0 ? formatMoney(a.revenue.total_minor, currency, locale) : null}
          hint={a && a.revenue.total_minor > 0 ? t('institution.analytics.revenueHint') : t('institution.analytics.noRevenue')}
          testId="analytics-revenue"
        />
      </div>

      {a && (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Block title={t('institution.analytics.trendTitle')} id="institution-analytics-trend-heading" testId="analytics-trend">
              {anyTrend ? (
                <TrendChart
                  data={trend}
                  series={[
                    { key: 'members_added', label: t('institution.analytics.series.members'), color: 'primary' },
                    { key: 'enrollments', label: t('institution.analytics.series.enrollments'), color: 'teal' },
                    { key: 'completions', label: t('institution.analytics.series.completions'), color: 'emerald' },
                  ]}
                  caption={t('institution.analytics.trendTitle')}
                  rowHeader={t('institution.analytics.month')}
                  integers
                  hideCaption
                  testId="analytics-trend-chart"
                />
              ) : (
                <Nothing testId="analytics-trend-empty">{t('institution.analytics.noTrend')}</Nothing>
              )}
            </Block>
            <Block
              title={t('institution.analytics.revenueTitle')}
              id="institution-analytics-revenue-heading"
              testId="analytics-revenue-trend"
            >
              {anyRevenue ? (
                <TrendChart
                  data={trend}
                  series={[{ key: 'revenue_minor', label: t('institution.analytics.series.revenue'), color: 'emerald' }]}
                  caption={t('institution.analytics.revenueTitle')}
                  rowHeader={t('institution.analytics.month')}
                  format={(v) => formatMoney(v, currency, locale)}
                  axisWidth={104}
                  area
                  hideCaption
                  testId="analytics-revenue-chart"
                />
              ) : (
                <Nothing testId="analytics-revenue-empty">{t('institution.analytics.noRevenue')}</Nothing>
              )}
            </Block>
          </div>
          <Block title={t('institution.analytics.popularTitle')} id="institution-analytics-popular-heading" testId="analytics-popular">
            {popular.length === 0 ? (
              <Nothing testId="analytics-popular-empty">{t('institution.analytics.noPopular')}</Nothing>
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                <ol className="space-y-2 text-sm">
                  {popular.map((c, i) => (
                    <li key={c.key} className="flex justify-between gap-3" data-testid="analytics-popular-course">
                      <span className="text-slate-900">
                        {i + 1}. {c.label}
                      </span>
                      <span className="shrink-0 text-slate-600">
                        {t('institution.analytics.enrollmentCount', { count: c.enrollments })}
                      </span>
                    </li>
                  ))}
                </ol>
                <BarsChart
                  data={popular}
                  series={[{ key: 'enrollments', label: t('institution.analytics.series.enrollments') }]}
                  caption={t('institution.analytics.popularTitle')}
                  rowHeader={t('institution.analytics.course')}
                  integers
                  horizontal
                  hideCaption
                  height={Math.max(160, popular.length * 40)}
                  testId="analytics-popular-chart"
                />
              </div>
            )}
          </Block>
        </>
      )}

      <Block
        title={t('institution.analytics.performanceTitle')}
        id="institution-analytics-performance-heading"
        testId="analytics-course-performance"
      >
        {courses.isPending ? (
          <Nothing>{t('common.loading')}</Nothing>
        ) : courses.isError ? (
          <LoadError error={courses.error} title={t('institution.analytics.performanceFailed')} onRetry={() => void courses.refetch()} />
        ) : (
          <div className="space-y-3">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="analytics-course-overview">
              <div>
                <dt className="text-slate-600">{t('institution.analytics.courseOverview.totalCourses')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{courses.data.overview.total_courses}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('institution.analytics.courseOverview.totalEnrollments')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{courses.data.overview.total_enrollments}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('institution.analytics.courseOverview.completionRate')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{formatPercent(courses.data.overview.completion_rate, locale)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('institution.analytics.courseOverview.totalRevenue')}</dt>
                <dd className="text-lg font-semibold text-slate-900">{dollars(courses.data.overview.total_revenue)}</dd>
              </div>
            </dl>
            {courses.data.course_performance.length === 0 ? (
              <Nothing testId="analytics-course-performance-empty">{t('institution.analytics.noCourses')}</Nothing>
            ) : (
              <Table data-testid="analytics-course-performance-table">
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>{t('institution.analytics.performanceColumns.title')}</TableHeaderCell>
                    <TableHeaderCell>{t('institution.analytics.performanceColumns.category')}</TableHeaderCell>
                    <TableHeaderCell>{t('institution.analytics.performanceColumns.enrollments')}</TableHeaderCell>
                    <TableHeaderCell>{t('institution.analytics.performanceColumns.completionRate')}</TableHeaderCell>
                    <TableHeaderCell>{t('institution.analytics.performanceColumns.revenue')}</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {courses.data.course_performance.map((row) => (
                    <TableRow key={row.id} data-testid="course-performance-row" data-course-id={row.id}>
                      <TableCell className="font-medium text-slate-900">{row.title}</TableCell>
                      <TableCell>{t(`catalog.categories.${row.category}`)}</TableCell>
                      <TableCell>{row.enrollments}</TableCell>
                      <TableCell>{formatPercent(row.completion_rate, locale)}</TableCell>
                      <TableCell>{dollars(row.revenue)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </div>
        )}
      </Block>
    </section>
  );
}
