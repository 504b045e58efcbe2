import { mentoringRoutes, type Timeframe } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { CHANGE_TONE_CLASSES, formatDecimal, formatPercent, formatSignedChange } from '../../lib/figures';
import { BarsChart, TrendChart } from '../../ui/charts';
import { useMoney } from '../billing';
import { LoadError } from '../../ui/query-state';
import { breakdownRows, DEFAULT_TIMEFRAME, hourLabel, seriesRows } from './logic';
import { Block, Nothing, StatFigure, TimeframeSelect } from './parts';

/**
 * Spec 2.13 Analytics over a timeframe (Last 7 Days ... Last Year) that really asks the server
 * again: success rate, monthly revenue growth, sessions per week, rating trend, the session
 * breakdown, peak hours, revenue, and the sessions and revenue over time.
 */
export function AnalyticsTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  const analytics = useRouteQuery(mentoringRoutes.analyticsOverview, { query: { timeframe } }, { placeholderData: keepPreviousData });
  const a = analytics.data;
  const growth = formatSignedChange(a?.performance_trends.earnings_growth, i18n.language);
  const ratingTrend = formatSignedChange(a?.performance_trends.rating_trend, i18n.language);
  const completed = a?.overview.total_sessions ?? 0;
  const rows = a ? seriesRows(a.series, a.timeframe, i18n.language) : [];
  const breakdown = a ? breakdownRows(a.session_breakdown, (k) => t(`mentorInsights.analytics.${k}`)) : [];
  const anySessions = breakdown.some((r) => r.sessions > 0);
  const anySeries = rows.some((r) => r.completed > 0 || r.cancelled > 0);
  const anyRevenue = rows.some((r) => r.revenue_minor > 0);

  return (
    <section
      aria-labelledby="mentor-analytics-heading"
      className="space-y-6"
      data-testid="mentor-analytics-tab"
      data-timeframe={a?.timeframe}
      aria-busy={analytics.isFetching || undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="mentor-analytics-heading" className="text-lg font-semibold text-slate-900">
          {t('mentorInsights.analytics.heading')}
        </h2>
        <TimeframeSelect value={timeframe} onChange={setTimeframe} testId="analytics-timeframe" />
      </div>
      {analytics.isError && (
        <LoadError error={analytics.error} title={t('mentorInsights.analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
      )}

      <div
        role="group"
        aria-label={t('mentorInsights.analytics.figuresLabel')}
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4"
      >
        <StatFigure
          label={t('mentorInsights.analytics.successRate')}
          source={analytics}
          value={a && a.overview.success_rate !== null ? formatPercent(a.overview.success_rate, i18n.language) : null}
          hint={a && a.overview.success_rate !== null ? t('mentorInsights.analytics.successHint') : t('mentorInsights.analytics.noSuccess')}
          testId="analytics-success-rate"
        />
        <StatFigure
          label={t('mentorInsights.analytics.growth')}
          source={analytics}
          value={growth.tone === 'none' ? null : `${growth.text}%`}
          valueClassName={CHANGE_TONE_CLASSES[growth.tone]}
          hint={growth.tone === 'none' ? t('mentorInsights.analytics.noGrowth') : t('mentorInsights.analytics.growthHint')}
          testId="analytics-growth"
        />
        <StatFigure
          label={t('mentorInsights.analytics.weekly')}
          source={analytics}
          value={a && completed > 0 ? formatDecimal(a.performance_trends.weekly_sessions, i18n.language) : null}
          hint={completed > 0 ? t('mentorInsights.analytics.weeklyHint') : t('mentorInsights.analytics.noWeekly')}
          testId="analytics-weekly"
        />
        <StatFigure
          label={t('mentorInsights.analytics.ratingTrend')}
          source={analytics}
          value={ratingTrend.tone === 'none' ? null : ratingTrend.text}
          valueClassName={CHANGE_TONE_CLASSES[ratingTrend.tone]}
          hint={ratingTrend.tone === 'none' ? t('mentorInsights.analytics.noRatingTrend') : t('mentorInsights.analytics.ratingTrendHint')}
          testId="analytics-rating-trend"
        />
      </div>

      {a && (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Block title={t('mentorInsights.analytics.breakdown')} id="analytics-breakdown-heading" testId="analytics-breakdown">
              <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {breakdown.map((row) => (
                  <div key={row.key}>
                    <dt className="text-slate-600">{row.label}</dt>
                    <dd className="text-lg font-semibold text-slate-900" data-testid={`analytics-breakdown-${row.key}`}>
                      {row.sessions}
                    </dd>
                  </div>
                ))}
              </dl>
              {anySessions ? (
                <BarsChart
                  data={breakdown}
                  series={[{ key: 'sessions', label: t('mentorInsights.analytics.sessionsSeries') }]}
                  caption={t('mentorInsights.analytics.breakdown')}
                  rowHeader={t('mentorInsights.analytics.sessionsSeries')}
                  integers
                  hideCaption
                  height={200}
                  testId="analytics-breakdown-chart"
                />
              ) : (
                <Nothing testId="analytics-breakdown-empty">{t('mentorInsights.analytics.noBreakdown')}</Nothing>
              )}
            </Block>
            <Block title={t('mentorInsights.analytics.peakHours')} id="analytics-peak-heading" testId="analytics-peak-hours">
              {a.overview.peak_hours.length === 0 ? (
                <Nothing testId="analytics-peak-empty">{t('mentorInsights.notEnoughData')}</Nothing>
              ) : (
                <ol className="space-y-1 text-sm text-slate-900">
                  {a.overview.peak_hours.map((p) => (
                    <li key={p.hour} data-testid="analytics-peak-hour">
                      {t('mentorInsights.analytics.peakHourValue', { hour: hourLabel(p.hour), count: p.sessions })}
                    </li>
                  ))}
                </ol>
              )}
            </Block>
          </div>

          <Block title={t('mentorInsights.analytics.revenue')} id="analytics-revenue-heading" testId="analytics-revenue">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <StatFigure
                label={t('mentorInsights.analytics.revenueTotal')}
                source={analytics}
                value={a.revenue.total.amount_minor > 0 ? money.of(a.revenue.total) : null}
                hint={
                  a.revenue.total.amount_minor > 0
                    ? t('mentorInsights.analytics.revenueTotalHint')
                    : t('mentorInsights.analytics.noRevenue')
                }
                testId="analytics-revenue-total"
              />
              <StatFigure
                label={t('mentorInsights.analytics.revenueMonthly')}
                source={analytics}
                value={a.revenue.monthly.amount_minor > 0 ? money.of(a.revenue.monthly) : null}
                hint={
                  a.revenue.monthly.amount_minor > 0
                    ? t('mentorInsights.analytics.revenueMonthlyHint')
                    : t('mentorInsights.analytics.noRevenue')
                }
                testId="analytics-revenue-monthly"
              />
              <StatFigure
                label={t('mentorInsights.analytics.revenueAverage')}
                source={analytics}
                value={completed > 0 ? money.of(a.revenue.average_per_session) : null}
                hint={completed > 0 ? t('mentorInsights.analytics.revenueAverageHint') : t('mentorInsights.analytics.noAverage')}
                testId="analytics-revenue-average"
              />
            </div>
          </Block>

          <div className="grid gap-4 lg:grid-cols-2">
            <Block title={t('mentorInsights.analytics.sessionsOverTime')} id="analytics-sessions-series-heading">
              {!anySeries ? (
                <Nothing testId="analytics-sessions-chart-empty">{t('mentorInsights.analytics.noSeries')}</Nothing>
              ) : (
                <TrendChart
                  data={rows}
                  series={[
                    { key: 'completed', label: t('mentorInsights.analytics.completed'), color: 'primary' },
                    { key: 'cancelled', label: t('mentorInsights.analytics.cancelled'), color: 'amber' },
                  ]}
                  caption={t('mentorInsights.analytics.sessionsOverTime')}
                  rowHeader={t('mentorInsights.analytics.period')}
                  integers
                  hideCaption
                  testId="analytics-sessions-chart"
                />
              )}
            </Block>
            <Block title={t('mentorInsights.analytics.revenueOverTime')} id="analytics-revenue-series-heading">
              {!anyRevenue ? (
                <Nothing testId="analytics-revenue-chart-empty">{t('mentorInsights.analytics.noRevenue')}</Nothing>
              ) : (
                <TrendChart
                  data={rows}
                  series={[{ key: 'revenue_minor', label: t('mentorInsights.analytics.revenue'), color: 'emerald' }]}
                  caption={t('mentorInsights.analytics.revenueOverTime')}
                  rowHeader={t('mentorInsights.analytics.period')}
                  format={(v) => money.minor(v, a.currency)}
                  axisWidth={72}
                  area
                  hideCaption
                  testId="analytics-revenue-chart"
                />
              )}
            </Block>
          </div>
        </>
      )}
    </section>
  );
}
