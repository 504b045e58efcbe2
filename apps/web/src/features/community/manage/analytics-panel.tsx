import { communityRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useRouteQuery } from '../../../api/route-hooks';
import { cn } from '../../../ui';
import { LoadError, LoadingBlock } from '../../catalog/shared/query-state';
import { StatCard } from '../../catalog/shared/stat-card';
import { formatGrowth } from '../format';

const GROWTH_TONES = { up: 'text-emerald-700', down: 'text-red-700', flat: 'text-slate-700', none: 'text-slate-500' } as const;

/** "2026-03-02" as "2 Mar" in the reader's language; anything else as given. */
function weekLabel(weekStart: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(weekStart);
  if (!match) return weekStart;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

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
  const weeks = a.weeks.map((w) => ({ ...w, label: weekLabel(w.week_start, i18n.language) }));

  return (
    <div className="space-y-5" data-testid="analytics-panel">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label={t('community.analytics.members')} value={String(a.member_count)} testId="analytics-members" />
        <StatCard
          label={t('community.analytics.growth')}
          value={
            <span className={cn('tabular-nums', GROWTH_TONES[growth.tone])} data-tone={growth.tone}>
              {growth.text}
            </span>
          }
          hint={t(growth.tone === 'none' ? 'community.analytics.growthNone' : 'community.analytics.growthExplained')}
          testId="analytics-growth"
        />
        <StatCard label={t('community.analytics.active')} value={String(a.active_members_7d)} testId="analytics-active" />
        <StatCard label={t('community.analytics.pendingInvitations')} value={String(a.pending_invitations)} testId="analytics-pending" />
      </div>
      <figure data-testid="analytics-chart">
        <figcaption className="mb-2 text-sm font-semibold text-slate-900">
          {t('community.analytics.chartCaption', { count: weeks.length })}
        </figcaption>
        <div className="h-64 w-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="members_joined" name={t('community.analytics.joinedSeries')} fill="#4f46e5" radius={[4, 4, 0, 0]} />
              <Bar dataKey="messages" name={t('community.analytics.messagesSeries')} fill="#06b6d4" radius={[4, 4, 0, 0]} />
              <Bar dataKey="posts" name={t('community.analytics.postsSeries')} fill="#f59e0b" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>{t('community.analytics.chartCaption', { count: weeks.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('community.analytics.week')}</th>
              <th scope="col">{t('community.analytics.joinedSeries')}</th>
              <th scope="col">{t('community.analytics.messagesSeries')}</th>
              <th scope="col">{t('community.analytics.postsSeries')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{w.label}</th>
                <td>{w.members_joined}</td>
                <td>{w.messages}</td>
                <td>{w.posts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
