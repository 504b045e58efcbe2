import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Button, Card, CardContent, CardHeader, CardTitle } from '../../../ui';
import { formatPercent, NO_DATA } from '../../../lib/figures';
import { dollars, OVERVIEW_LIST_SIZE, truncate } from '../../../lib/format';
import { WeeklyActivityChart } from './weekly-activity-chart';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { RiskBadge } from './risk-badge';

interface OverviewTabProps {
  onOpenTab: (tab: 'students' | 'messages') => void;
}

/** Spec 2.12 Overview: four stat cards, 5 at-risk students, 5 unread received messages, recent activity. */
export function OverviewTab({ onOpenTab }: OverviewTabProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const overview = useRouteQuery(catalogRoutes.instructorOverview, {});
  const atRisk = useRouteQuery(catalogRoutes.instructorAtRisk, {});
  const messages = useRouteQuery(catalogRoutes.instructorMessages, {});

  if (overview.isPending) return <LoadingBlock />;
  if (overview.isError)
    return <LoadError error={overview.error} title={t('instructorDashboard.loadFailed')} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const unread = (messages.data ?? []).filter((m) => !m.is_sent && !m.is_read).slice(0, OVERVIEW_LIST_SIZE);

  return (
    <div className="space-y-6" data-testid="overview-tab">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('instructorDashboard.stats.totalCourses')} value={o.total_courses} testId="stat-total-courses" />
        <StatCard label={t('instructorDashboard.stats.totalStudents')} value={o.total_students} testId="stat-total-students" />
        <StatCard
          label={t('instructorDashboard.stats.completionRate')}
          value={o.total_students ? formatPercent(o.completion_rate) : NO_DATA}
          hint={o.total_students ? undefined : t('figures.instructor.noLearners')}
          testId="stat-completion-rate"
        />
        <StatCard
          label={t('instructorDashboard.stats.totalRevenue')}
          value={o.total_revenue > 0 ? dollars(o.total_revenue) : NO_DATA}
          hint={o.total_revenue > 0 ? undefined : t('figures.instructor.noSales')}
          testId="stat-total-revenue"
        />
      </div>

      <section aria-labelledby="overview-weekly">
        <Card>
          <CardHeader>
            <CardTitle id="overview-weekly" as="h2">
              {t('figures.instructor.weeklyHeading')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <WeeklyActivityChart weeks={o.weekly_activity} testId="overview-weekly-chart" />
          </CardContent>
        </Card>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="overview-at-risk">
          <Card className="h-full">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle id="overview-at-risk" as="h2">
                {t('instructorDashboard.overview.atRisk')}
              </CardTitle>
              <Button variant="link" onClick={() => onOpenTab('students')}>
                {t('instructorDashboard.overview.viewAll')}
              </Button>
            </CardHeader>
            <CardContent>
              {atRisk.isPending ? (
                <LoadingBlock />
              ) : atRisk.isError ? (
                <LoadError error={atRisk.error} title={t('instructorDashboard.students.atRiskFailed')} />
              ) : atRisk.data.length === 0 ? (
                <p className="text-sm text-slate-600">{t('instructorDashboard.overview.noAtRisk')}</p>
              ) : (
                <ul className="space-y-3" data-testid="overview-at-risk-list">
                  {atRisk.data.slice(0, OVERVIEW_LIST_SIZE).map((s) => (
                    <li
                      key={`${s.student_id}-${s.course_id}`}
                      className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3"
                    >
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">{s.student_name}</p>
                        <p className="truncate text-xs text-slate-600">
                          {s.course_title} · {t('instructorDashboard.students.progress', { value: formatPercent(s.current_progress) })}
                        </p>
                      </div>
                      <RiskBadge level={s.risk_level} />
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="overview-messages">
          <Card className="h-full">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle id="overview-messages" as="h2">
                {t('instructorDashboard.overview.unreadMessages')}
              </CardTitle>
              <Button variant="link" onClick={() => onOpenTab('messages')}>
                {t('instructorDashboard.overview.viewAll')}
              </Button>
            </CardHeader>
            <CardContent>
              {messages.isPending ? (
                <LoadingBlock />
              ) : messages.isError ? (
                <LoadError error={messages.error} title={t('instructorDashboard.messages.loadFailed')} />
              ) : unread.length === 0 ? (
                <p className="text-sm text-slate-600">{t('instructorDashboard.overview.noUnread')}</p>
              ) : (
                <ul className="space-y-3" data-testid="overview-unread-list">
                  {unread.map((m) => (
                    <li key={m.id} className="rounded-lg bg-slate-50 p-3">
                      <div className="flex flex-wrap justify-between gap-2">
                        <p className="font-medium text-slate-900">{m.subject}</p>
                        <time className="text-xs text-slate-600" dateTime={m.created_at}>
                          {formatDate(m.created_at)}
                        </time>
                      </div>
                      <p className="text-xs text-slate-600">{t('instructorDashboard.messages.from', { name: m.sender_name })}</p>
                      <p className="mt-1 text-sm text-slate-700">{truncate(m.message)}</p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </section>
      </div>

      <section aria-labelledby="overview-activity">
        <Card>
          <CardHeader>
            <CardTitle id="overview-activity" as="h2">
              {t('instructorDashboard.overview.recentActivity')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-3" data-testid="overview-activity">
              <div className="rounded-xl bg-primary-soft p-4">
                <dt className="text-sm text-primary-strong">{t('instructorDashboard.overview.newEnrollments')}</dt>
                <dd className="text-2xl font-bold text-slate-900">{o.recent_enrollments}</dd>
              </div>
              <div className="rounded-xl bg-emerald-50 p-4">
                <dt className="text-sm text-emerald-900">{t('instructorDashboard.overview.activeStudents')}</dt>
                <dd className="text-2xl font-bold text-slate-900">{o.active_students}</dd>
              </div>
              <div className="rounded-xl bg-secondary-soft p-4">
                <dt className="text-sm text-secondary-foreground">{t('instructorDashboard.overview.quizAttempts')}</dt>
                <dd className="text-2xl font-bold text-slate-900">{o.total_quiz_attempts}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
