import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { StatCard } from '../../ui/stat-card';
import { CountChart } from './admin-charts';
import { useAdminAnalytics } from './use-admin-analytics';

/** Spec 3 admin Analytics: revenue (total, this month, average session value), users by role and the most popular courses. */
export function AnalyticsTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const { analytics, userCounts, popularCourses } = useAdminAnalytics();

  if (analytics.isPending) return <LoadingBlock />;
  if (analytics.isError)
    return <LoadError error={analytics.error} title={t('adminDashboard.errors.loadFailed')} onRetry={() => void analytics.refetch()} />;
  const a = analytics.data;

  return (
    <div className="space-y-6" data-testid="admin-analytics">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        <StatCard
          label={t('adminDashboard.stats.totalRevenue')}
          value={money.major(a.revenue_stats.total_revenue, 'USD')}
          testId="admin-analytics-revenue"
        />
        <StatCard
          label={t('adminDashboard.stats.monthlyRevenue')}
          value={money.major(a.revenue_stats.monthly_revenue, 'USD')}
          testId="admin-analytics-monthly-revenue"
        />
        <StatCard
          label={t('adminDashboard.stats.avgSessionValue')}
          value={money.major(a.revenue_stats.avg_session_value, 'USD')}
          testId="admin-analytics-avg-session-value"
        />
        <StatCard label={t('adminDashboard.stats.totalUsers')} value={a.total_users} />
        <StatCard label={t('adminDashboard.stats.totalSessions')} value={a.total_sessions} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="analytics-users-by-role">
          <Card className="h-full">
            <CardHeader>
              <CardTitle id="analytics-users-by-role">{t('adminDashboard.usersByRole')}</CardTitle>
            </CardHeader>
            <CardContent>
              <CountChart
                data={userCounts}
                caption={t('adminDashboard.usersByRole')}
                valueLabel={t('adminDashboard.userCount')}
                testId="analytics-user-counts-chart"
                color="teal"
              />
            </CardContent>
          </Card>
        </section>
        <section aria-labelledby="analytics-popular-courses">
          <Card className="h-full">
            <CardHeader>
              <CardTitle id="analytics-popular-courses">{t('adminDashboard.popularCourses')}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <CountChart
                data={popularCourses}
                caption={t('adminDashboard.popularCourses')}
                valueLabel={t('adminDashboard.enrollments')}
                testId="analytics-popular-courses-chart"
                layout="vertical"
              />
              {popularCourses.length > 0 && (
                <Table data-testid="popular-courses-table">
                  <TableHead>
                    <tr>
                      <TableHeaderCell>{t('adminDashboard.course')}</TableHeaderCell>
                      <TableHeaderCell className="text-right">{t('adminDashboard.enrollments')}</TableHeaderCell>
                    </tr>
                  </TableHead>
                  <TableBody>
                    {popularCourses.map((c) => (
                      <TableRow key={c.key} data-testid="popular-course-row">
                        <TableCell>{c.label}</TableCell>
                        <TableCell className="text-right tabular-nums">{c.value}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </section>
      </div>
    </div>
  );
}
