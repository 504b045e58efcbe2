import { communityRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { CHANGE_TONE_CLASSES, formatDayMonth } from '../../../lib/figures';
import { cn } from '../../../ui';
import { BarsChart } from '../../../ui/charts';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { formatGrowth } from '../format';

/**
 * Analytics: the real figures of GET /study-groups/{id}/analytics (instead of the original's fixed
 * '+12%'): members, growth of this week against the last, and members joined, messages and
 * posts per week as a chart (with the same figures as a table for screen readers).
 */
export function AnalyticsPanel({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const analytics = useRouteQuery(communityRoutes.groupAnalytics, { params: { id: groupId } });
  if (analytics.isPending) return <LoadingBlock />;
  if (analytics.isError)
    return <LoadError error={analytics.error} title={t('community.analytics.loadFailed')} onRetry={() => void analytics.refetch()} />;
  const a = analytics.data;
  const growth = formatGrowth(a.member_growth_percent);
  const weeks = a.weeks.map((w) => ({ ...w, key: w.week_start, label: formatDayMonth(w.week_start, i18n.language) }));

  return (
    <div className="space-y-5" data-testid="analytics-panel">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label={t('community.analytics.members')} value={String(a.member_count)} testId="analytics-members" />
        <StatCard
          label={t('community.analytics.growth')}
          value={
            <span className={cn('tabular-nums', CHANGE_TONE_CLASSES[growth.tone])} data-tone={growth.tone}>
              {growth.text}
            </span>
          }
          hint={t(growth.tone === 'none' ? 'community.analytics.growthNone' : 'community.analytics.growthExplained')}
          testId="analytics-growth"
        />
        <StatCard label={t('community.analytics.active')} value={String(a.active_members_7d)} testId="analytics-active" />
        <StatCard label={t('community.analytics.pendingInvitations')} value={String(a.pending_invitations)} testId="analytics-pending" />
      </div>
      <BarsChart
        data={weeks}
        series={[
          { key: 'members_joined', label: t('community.analytics.joinedSeries'), color: 'primary' },
          { key: 'messages', label: t('community.analytics.messagesSeries'), color: 'teal' },
          { key: 'posts', label: t('community.analytics.postsSeries'), color: 'amber' },
        ]}
        caption={t('community.analytics.chartCaption', { count: weeks.length })}
        rowHeader={t('community.analytics.week')}
        integers
        height={256}
        testId="analytics-chart"
      />
    </div>
  );
}
