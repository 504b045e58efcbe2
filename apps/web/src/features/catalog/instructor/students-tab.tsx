import { catalogRoutes } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, InitialAvatar, ProgressBar } from '../../../ui';
import { formatPercent, NO_DATA } from '../../../lib/figures';
import { BarsChart } from '../../../ui/charts';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { InterventionDialog } from './intervention-dialog';
import type { AtRiskStudent } from './instructor-types';
import { RiskBadge } from './risk-badge';

/** Average progress bands of the learners chart: nothing done, under half, half or more, everything. */
const PROGRESS_BANDS = [
  { key: 'notStarted', holds: (p: number) => p <= 0 },
  { key: 'started', holds: (p: number) => p > 0 && p < 50 },
  { key: 'halfway', holds: (p: number) => p >= 50 && p < 100 },
  { key: 'done', holds: (p: number) => p >= 100 },
] as const;

interface StudentsTabProps {
  /** only this course's learners (from /instructor/courses/{id}/students) */
  courseId: string | null;
  onClearCourse: () => void;
}

/** Spec 2.12 Students: a summary, the at-risk list with Send Support Message, and every learner. */
export function StudentsTab({ courseId, onClearCourse }: StudentsTabProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const students = useRouteQuery(catalogRoutes.instructorStudents, {});
  const atRisk = useRouteQuery(catalogRoutes.instructorAtRisk, {});
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {});
  const [supporting, setSupporting] = useState<AtRiskStudent | null>(null);
  const courseTitle = courseId ? courses.data?.find((c) => c.id === courseId)?.title : undefined;

  if (students.isPending) return <LoadingBlock />;
  if (students.isError)
    return (
      <LoadError error={students.error} title={t('instructorDashboard.students.loadFailed')} onRetry={() => void students.refetch()} />
    );

  const list = courseId ? students.data.filter((s) => s.courses.some((c) => c.course_id === courseId)) : students.data;
  const risky = (atRisk.data ?? []).filter((s) => !courseId || s.course_id === courseId);
  const active = list.filter((s) => s.status === 'active').length;
  const avgProgress = list.length ? list.reduce((sum, s) => sum + s.avg_progress, 0) / list.length : 0;
  // how far the learners got, in bands: a comparison that stays readable with hundreds of learners
  const bands = PROGRESS_BANDS.map((b) => ({
    key: b.key,
    label: t(`figures.instructor.band.${b.key}`),
    learners: list.filter((s) => b.holds(s.avg_progress)).length,
  }));

  return (
    <div className="space-y-6" data-testid="students-tab">
      {courseId && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-xl bg-primary-soft p-3 text-sm text-primary-strong"
          data-testid="students-course-filter"
        >
          <span>{t('instructorDashboard.students.filtered', { course: courseTitle ?? courseId })}</span>
          <Button variant="link" onClick={onClearCourse}>
            {t('instructorDashboard.students.showAll')}
          </Button>
        </div>
      )}
      <section aria-labelledby="students-summary">
        <h2 id="students-summary" className="sr-only">
          {t('instructorDashboard.students.summary')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label={t('instructorDashboard.students.total')} value={list.length} testId="students-total" />
          <StatCard label={t('instructorDashboard.students.active')} value={active} />
          <StatCard label={t('instructorDashboard.students.atRiskCount')} value={risky.length} />
          <StatCard
            label={t('instructorDashboard.students.avgProgress')}
            value={list.length ? formatPercent(avgProgress) : NO_DATA}
            hint={list.length ? undefined : t('figures.instructor.noLearners')}
            testId="students-avg-progress"
          />
        </div>
        {list.length > 0 && (
          <Card className="mt-4">
            <CardHeader>
              <CardTitle as="h3" className="text-base">
                {t('figures.instructor.progressBands')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <BarsChart
                data={bands}
                series={[{ key: 'learners', label: t('instructorDashboard.students.total') }]}
                caption={t('figures.instructor.progressBands')}
                hideCaption
                rowHeader={t('instructorDashboard.students.avgProgress')}
                integers
                height={220}
                testId="students-progress-chart"
              />
            </CardContent>
          </Card>
        )}
      </section>

      <section aria-labelledby="students-at-risk">
        <Card>
          <CardHeader>
            <CardTitle id="students-at-risk">{t('instructorDashboard.students.atRiskTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            {atRisk.isPending ? (
              <LoadingBlock />
            ) : atRisk.isError ? (
              <LoadError error={atRisk.error} title={t('instructorDashboard.students.atRiskFailed')} />
            ) : risky.length === 0 ? (
              <p className="text-sm text-slate-600">{t('instructorDashboard.overview.noAtRisk')}</p>
            ) : (
              <ul className="space-y-3" data-testid="at-risk-list">
                {risky.map((s) => (
                  <li
                    key={`${s.student_id}-${s.course_id}`}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
                    data-testid="at-risk-student"
                  >
                    <div className="min-w-0 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-slate-900">{s.student_name}</span>
                        <RiskBadge level={s.risk_level} />
                      </div>
                      <p className="text-sm text-slate-600">
                        {s.course_title} · {t('instructorDashboard.students.progress', { value: formatPercent(s.current_progress) })} ·{' '}
                        {t('instructorDashboard.students.inactiveDays', { count: s.days_inactive })}
                      </p>
                      {s.risk_factors.length > 0 && (
                        <ul className="list-inside list-disc text-xs text-slate-600">
                          {s.risk_factors.map((factor) => (
                            <li key={factor}>{factor}</li>
                          ))}
                        </ul>
                      )}
                    </div>
                    <Button size="sm" onClick={() => setSupporting(s)} data-testid="send-support">
                      {t('instructorDashboard.students.sendSupport')}
                      <span className="sr-only"> {s.student_name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="students-all">
        <h2 id="students-all" className="mb-3 text-lg font-semibold text-slate-900">
          {t('instructorDashboard.students.allTitle')}
        </h2>
        {list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {t('instructorDashboard.students.empty')}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="student-grid">
            {list.map((s) => (
              <li key={s.id}>
                <Card className="h-full p-4" data-testid="student-card">
                  <div className="flex items-center gap-3">
                    {s.profile_image ? (
                      <img src={s.profile_image} alt="" className="size-10 rounded-full object-cover" />
                    ) : (
                      <InitialAvatar name={s.name} />
                    )}
                    <div className="min-w-0 flex-1">
                      <h3 className="truncate font-medium text-slate-900">{s.name}</h3>
                      <p className="truncate text-xs text-slate-600">{s.email ?? t('account.personal.noEmail')}</p>
                    </div>
                    <Badge tone={s.status === 'active' ? 'success' : 'neutral'}>
                      {t(`instructorDashboard.students.status.${s.status}`)}
                    </Badge>
                  </div>
                  <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-600">{t('instructorDashboard.students.enrolledCourses')}</dt>
                      <dd className="font-semibold text-slate-900">{s.enrolled_courses}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-600">{t('instructorDashboard.students.completedCourses')}</dt>
                      <dd className="font-semibold text-slate-900">{s.completed_courses}</dd>
                    </div>
                  </dl>
                  <div className="mt-3 space-y-1">
                    <div className="flex justify-between text-xs text-slate-600">
                      <span>{t('instructorDashboard.students.avgProgress')}</span>
                      <span className="font-medium text-slate-900">{formatPercent(s.avg_progress)}</span>
                    </div>
                    <ProgressBar
                      value={s.avg_progress}
                      label={t('instructorDashboard.students.progressOf', { name: s.name })}
                      valueText={formatPercent(s.avg_progress)}
                      size="sm"
                    />
                  </div>
                  <p className="mt-3 text-xs text-slate-600">
                    {t('instructorDashboard.students.lastActive', { date: formatDate(s.last_activity_at) })}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <InterventionDialog student={supporting} onClose={() => setSupporting(null)} />
    </div>
  );
}
