import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardContent, CardHeader, CardTitle } from '../../ui';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { StatCard } from '../../ui/stat-card';
import { CountChart } from './admin-charts';
import { ReferralsCard } from './referrals-card';
import { SystemHealthDialog } from './system-health-dialog';
import { useAdminAnalytics } from './use-admin-analytics';
import { useUserDirectoryExport } from './use-user-directory-export';

/**
 * Spec 3 admin Overview: platform totals, users by role, and the quick actions, which the spec
 * leaves without behaviour: View All Users opens the Users tab and System Health lists each
 * service's status (GET /api/health); Export Data downloads the user directory as CSV (every
 * account, page by page with its progress, cells neutralised against formula injection);
 * Backup Database stays visible but disabled, saying so: backups are operations' job
 * (docs/operations.md), not a button's.
 */
export function OverviewTab({ onOpenUsers }: { onOpenUsers: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { analytics, userCounts } = useAdminAnalytics();
  const [healthOpen, setHealthOpen] = useState(false);
  const exportUsers = useUserDirectoryExport();

  if (analytics.isPending) return <LoadingBlock />;
  if (analytics.isError)
    return <LoadError error={analytics.error} title={t('adminDashboard.errors.loadFailed')} onRetry={() => void analytics.refetch()} />;
  const a = analytics.data;

  return (
    <div className="space-y-6" data-testid="admin-overview">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('adminDashboard.stats.totalUsers')} value={a.total_users} testId="admin-stat-users" />
        <StatCard label={t('adminDashboard.stats.totalCourses')} value={a.total_courses} testId="admin-stat-courses" />
        <StatCard label={t('adminDashboard.stats.totalSessions')} value={a.total_sessions} testId="admin-stat-sessions" />
        <StatCard
          label={t('adminDashboard.stats.totalRevenue')}
          value={money.major(a.revenue_stats.total_revenue, 'USD')}
          testId="admin-stat-revenue"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="admin-users-by-role" className="lg:col-span-2">
          <Card className="h-full">
            <CardHeader>
              <CardTitle id="admin-users-by-role">{t('adminDashboard.usersByRole')}</CardTitle>
            </CardHeader>
            <CardContent>
              <CountChart
                data={userCounts}
                caption={t('adminDashboard.usersByRole')}
                valueLabel={t('adminDashboard.userCount')}
                testId="admin-user-counts-chart"
              />
            </CardContent>
          </Card>
        </section>
        <section aria-labelledby="admin-quick-actions">
          <Card className="h-full">
            <CardHeader>
              <CardTitle id="admin-quick-actions">{t('adminDashboard.quickActions.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              <Button variant="outline" onClick={onOpenUsers} data-testid="quick-view-users">
                {t('adminDashboard.quickActions.viewUsers')}
              </Button>
              <Button variant="outline" onClick={() => setHealthOpen(true)} data-testid="quick-systemHealth">
                {t('adminDashboard.quickActions.systemHealth')}
              </Button>
              <Button variant="outline" onClick={exportUsers.start} disabled={exportUsers.running} data-testid="quick-exportData">
                {t('adminDashboard.quickActions.exportData')}
              </Button>
              {exportUsers.progress && (
                <p role="status" className="text-xs text-slate-700" data-testid="export-progress">
                  {t('adminDashboard.quickActions.exporting', { done: exportUsers.progress.done, total: exportUsers.progress.total })}
                </p>
              )}
              <Button variant="outline" disabled title={t('adminDashboard.quickActions.notAvailable')} data-testid="quick-backupDatabase">
                {t('adminDashboard.quickActions.backupDatabase')}
              </Button>
              <p className="text-xs text-slate-600">{t('adminDashboard.quickActions.exportHint')}</p>
              <p className="text-xs text-slate-600">{t('adminDashboard.quickActions.notAvailable')}</p>
            </CardContent>
          </Card>
        </section>
      </div>
      <ReferralsCard />
      <SystemHealthDialog open={healthOpen} onOpenChange={setHealthOpen} />
    </div>
  );
}
