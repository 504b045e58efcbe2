import { mentoringRoutes, type Timeframe } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { formatDecimal, formatPercent } from '../../lib/figures';
import { Badge, Card, CardContent, cn } from '../../ui';
import { BarsChart } from '../../ui/charts';
import { focusRing } from '../../ui/focus-ring';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { dayRows, DEFAULT_TIMEFRAME, hourRows, PRIORITY_TONES } from './logic';
import { Block, Nothing, StatFigure, TimeframeSelect } from './parts';

/**
 * Spec 2.13 Business Intelligence over a timeframe: pricing by service and the market median,
 * demand by hour and day, optimisation opportunities (each expands to its impact and the figure
 * that triggered it), mentee insights and growth recommendations by priority.
 */
export function BusinessIntelligenceTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  const [open, setOpen] = useState<number | null>(null);
  const bi = useRouteQuery(mentoringRoutes.businessIntelligence, { query: { timeframe } }, { placeholderData: keepPreviousData });
  const b = bi.data;
  const mentees = b?.mentee_insights;
  const hasMentees = (mentees?.total_mentees ?? 0) > 0;

  return (
    <section
      aria-labelledby="mentor-bi-heading"
      className="space-y-6"
      data-testid="mentor-bi-tab"
      data-timeframe={b?.timeframe}
      aria-busy={bi.isFetching || undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="mentor-bi-heading" className="text-lg font-semibold text-slate-900">
          {t('mentorInsights.bi.heading')}
        </h2>
        <TimeframeSelect
          value={timeframe}
          onChange={(value) => {
            setOpen(null);
            setTimeframe(value);
          }}
          testId="bi-timeframe"
        />
      </div>
      {bi.isPending ? (
        <LoadingBlock />
      ) : bi.isError ? (
        <LoadError error={bi.error} title={t('mentorInsights.bi.loadFailed')} onRetry={() => void bi.refetch()} />
      ) : (
        <>
          <Block title={t('mentorInsights.bi.pricing')} id="bi-pricing-heading" testId="bi-pricing">
            {bi.data.pricing_analysis.current_rates.length === 0 ? (
              <Nothing testId="bi-pricing-empty">{t('mentorInsights.bi.noPricing')}</Nothing>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {bi.data.pricing_analysis.current_rates.map((rate) => (
                  <li key={`${rate.service}-${rate.duration_minutes}`}>
                    <Card className="h-full" data-testid="bi-pricing-card">
                      <CardContent className="space-y-2 p-4 sm:p-4">
                        <h4 className="font-semibold break-words text-slate-900">{rate.service}</h4>
                        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                          <dt className="text-slate-600">{t('mentorInsights.bi.hourlyRate')}</dt>
                          <dd className="font-medium text-slate-900">{money.of(rate.hourly_rate)}</dd>
                          <dt className="text-slate-600">{t('mentorInsights.bi.bookings')}</dt>
                          <dd className="font-medium text-slate-900">{rate.bookings}</dd>
                          <dt className="text-slate-600">{t('mentorInsights.bi.revenue')}</dt>
                          <dd className="font-medium text-slate-900">{money.of(rate.revenue)}</dd>
                        </dl>
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 max-w-xs">
              <StatFigure
                label={t('mentorInsights.bi.marketMedian')}
                source={bi}
                value={bi.data.pricing_analysis.market_median_rate ? money.of(bi.data.pricing_analysis.market_median_rate) : null}
                hint={
                  bi.data.pricing_analysis.market_median_rate ? t('mentorInsights.bi.marketMedianHint') : t('mentorInsights.bi.noMarket')
                }
                testId="bi-market-median"
              />
            </div>
          </Block>

          <Block title={t('mentorInsights.bi.demand')} id="bi-demand-heading" testId="bi-demand">
            {bi.data.demand_patterns.peak_hours.length === 0 && bi.data.demand_patterns.peak_days.length === 0 ? (
              <Nothing testId="bi-demand-empty">{t('mentorInsights.bi.noDemand')}</Nothing>
            ) : (
              <div className="grid gap-4 lg:grid-cols-2">
                <BarsChart
                  data={hourRows(bi.data.demand_patterns.peak_hours)}
                  series={[{ key: 'bookings', label: t('mentorInsights.bi.bookingsSeries') }]}
                  caption={t('mentorInsights.bi.peakHours')}
                  rowHeader={t('mentorInsights.bi.hour')}
                  integers
                  height={220}
                  testId="bi-peak-hours"
                />
                <BarsChart
                  data={dayRows(bi.data.demand_patterns.peak_days)}
                  series={[{ key: 'bookings', label: t('mentorInsights.bi.bookingsSeries'), color: 'teal' }]}
                  caption={t('mentorInsights.bi.peakDays')}
                  rowHeader={t('mentorInsights.bi.day')}
                  integers
                  height={220}
                  testId="bi-peak-days"
                />
              </div>
            )}
          </Block>

          <div className="grid gap-4 lg:grid-cols-2">
            <Block title={t('mentorInsights.bi.opportunities')} id="bi-opportunities-heading" testId="bi-opportunities">
              {bi.data.optimization_opportunities.length === 0 ? (
                <Nothing>{t('mentorInsights.bi.noOpportunities')}</Nothing>
              ) : (
                <ul className="space-y-2">
                  {bi.data.optimization_opportunities.map((o, i) => {
                    const expanded = open === i;
                    const panelId = `bi-opportunity-${i}`;
                    return (
                      <li key={i} className="rounded-xl border border-slate-200" data-testid="bi-opportunity">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={panelId}
                          onClick={() => setOpen(expanded ? null : i)}
                          className={cn(
                            'flex w-full items-start justify-between gap-3 rounded-xl p-3 text-left hover:bg-slate-50',
                            focusRing,
                          )}
                        >
                          <span className="min-w-0">
                            <span className="block font-medium break-words text-slate-900">{o.type}</span>
                            <span className="block text-sm break-words text-slate-700">{o.suggestion}</span>
                          </span>
                          <Badge tone={PRIORITY_TONES[o.impact]} className="shrink-0">
                            {t(`mentorInsights.bi.priority.${o.impact}`)}
                          </Badge>
                        </button>
                        {expanded && (
                          <div
                            id={panelId}
                            className="space-y-1 border-t border-slate-200 p-3 text-sm text-slate-700"
                            data-testid="bi-opportunity-detail"
                          >
                            <p>{t('mentorInsights.bi.impact', { impact: t(`mentorInsights.bi.priority.${o.impact}`) })}</p>
                            <p className="break-words">{t('mentorInsights.bi.because', { metric: o.metric })}</p>
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </Block>
            <Block title={t('mentorInsights.bi.menteeInsights')} id="bi-mentees-heading" testId="bi-mentee-insights">
              <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
                <StatFigure
                  label={t('mentorInsights.bi.totalMentees')}
                  source={bi}
                  value={mentees ? String(mentees.total_mentees) : null}
                  hint={hasMentees ? t('mentorInsights.bi.inPeriod') : t('mentorInsights.bi.noMentees')}
                  testId="bi-total-mentees"
                />
                <StatFigure
                  label={t('mentorInsights.bi.repeatMentees')}
                  source={bi}
                  value={hasMentees && mentees ? String(mentees.repeat_mentees) : null}
                  hint={hasMentees ? t('mentorInsights.bi.inPeriod') : t('mentorInsights.bi.noMentees')}
                  testId="bi-repeat-mentees"
                />
                <StatFigure
                  label={t('mentorInsights.bi.retention')}
                  source={bi}
                  value={hasMentees ? formatPercent(mentees?.retention_rate, i18n.language) : null}
                  hint={hasMentees ? t('mentorInsights.bi.inPeriod') : t('mentorInsights.bi.noMentees')}
                  testId="bi-retention"
                />
                <StatFigure
                  label={t('mentorInsights.bi.avgSessions')}
                  source={bi}
                  value={hasMentees ? formatDecimal(mentees?.avg_sessions_per_mentee, i18n.language) : null}
                  hint={hasMentees ? t('mentorInsights.bi.inPeriod') : t('mentorInsights.bi.noMentees')}
                  testId="bi-avg-sessions"
                />
              </div>
            </Block>
          </div>

          <Block title={t('mentorInsights.bi.recommendations')} id="bi-recommendations-heading" testId="bi-recommendations">
            {bi.data.growth_recommendations.length === 0 ? (
              <Nothing>{t('mentorInsights.bi.noRecommendations')}</Nothing>
            ) : (
              <ul className="space-y-2">
                {bi.data.growth_recommendations.map((r, i) => (
                  <li
                    key={i}
                    className={cn(
                      'rounded-xl border p-3',
                      r.priority === 'High' ? 'border-red-200' : r.priority === 'Medium' ? 'border-amber-200' : 'border-slate-200',
                    )}
                    data-testid="bi-recommendation"
                    data-priority={r.priority}
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <span className="font-medium break-words text-slate-900">{r.area}</span>
                      <Badge tone={PRIORITY_TONES[r.priority]}>{t(`mentorInsights.bi.priority.${r.priority}`)}</Badge>
                    </div>
                    <p className="mt-1 text-sm break-words text-slate-700">{r.action}</p>
                    {r.metric && (
                      <p className="mt-1 text-xs break-words text-slate-600">{t('mentorInsights.bi.because', { metric: r.metric })}</p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </>
      )}
    </section>
  );
}
