import { useTranslation } from 'react-i18next';
import { Badge, Card, CardContent, CardHeader, CardTitle, cn, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui';
import { BarList } from '../shared/bar-list';
import { dollars, PASS_RATE_GOOD_ABOVE, percent } from '../shared/format';
import { StatCard } from '../shared/stat-card';
import type { CourseAnalytics } from './instructor-types';

/** Spec 2.12 Analytics detail: enrollment stats, lesson performance and quiz performance (pass rate above 70 is good). */
export function CourseAnalyticsView({ analytics, headingLevel = 'h3' }: { analytics: CourseAnalytics; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const e = analytics.enrollment_stats;
  const total = Math.max(1, e.total_enrollments);
  const Heading = headingLevel;

  return (
    <div className="space-y-6" data-testid="course-analytics">
      <section aria-labelledby="analytics-enrollment">
        <Heading id="analytics-enrollment" className="mb-3 text-base font-semibold text-slate-900">
          {t('analytics.enrollmentStats')}
        </Heading>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label={t('analytics.totalEnrollments')} value={e.total_enrollments} testId="analytics-total-enrollments" />
          <StatCard label={t('analytics.avgProgress')} value={percent(e.avg_progress)} />
          <StatCard label={t('analytics.revenue')} value={dollars(e.revenue)} />
          <StatCard label={t('analytics.recentEnrollments')} value={e.recent_enrollments} />
        </div>
        <Card className="mt-4">
          <CardContent>
            <BarList
              caption={t('analytics.enrollmentBreakdown')}
              testId="analytics-enrollment-chart"
              items={[
                { key: 'completed', label: t('analytics.completed'), value: (e.completed / total) * 100, display: String(e.completed), tone: 'success' },
                { key: 'in_progress', label: t('analytics.inProgress'), value: (e.in_progress / total) * 100, display: String(e.in_progress), tone: 'primary' },
                { key: 'not_started', label: t('analytics.notStarted'), value: (e.not_started / total) * 100, display: String(e.not_started), tone: 'neutral' },
              ]}
            />
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="analytics-lessons">
        <Card>
          <CardHeader>
            <CardTitle id="analytics-lessons" as={headingLevel}>
              {t('analytics.lessonPerformance')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {analytics.lesson_analytics.length === 0 ? (
              <p className="text-sm text-slate-600">{t('analytics.noLessons')}</p>
            ) : (
              <BarList
                caption={t('analytics.lessonCompletionCaption')}
                testId="analytics-lesson-chart"
                items={analytics.lesson_analytics.map((l) => ({
                  key: l.lesson_id,
                  label: l.lesson_title,
                  value: l.completion_rate,
                  display: `${percent(l.completion_rate)} · ${t('analytics.completions', { count: l.completions })}`,
                }))}
              />
            )}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="analytics-quizzes">
        <Card>
          <CardHeader>
            <CardTitle id="analytics-quizzes" as={headingLevel}>
              {t('analytics.quizPerformance')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {analytics.quiz_analytics.length === 0 ? (
              <p className="text-sm text-slate-600">{t('analytics.noQuizzes')}</p>
            ) : (
              <Table data-testid="analytics-quiz-table">
                <TableHead>
                  <tr>
                    <TableHeaderCell>{t('analytics.quiz')}</TableHeaderCell>
                    <TableHeaderCell>{t('analytics.attempts')}</TableHeaderCell>
                    <TableHeaderCell>{t('analytics.avgScore')}</TableHeaderCell>
                    <TableHeaderCell>{t('analytics.passRate')}</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {analytics.quiz_analytics.map((q) => {
                    const good = q.pass_rate > PASS_RATE_GOOD_ABOVE;
                    return (
                      <TableRow key={q.quiz_id}>
                        <TableCell>{q.quiz_title}</TableCell>
                        <TableCell>{q.total_attempts}</TableCell>
                        <TableCell>{percent(q.avg_score)}</TableCell>
                        <TableCell>
                          <span className={cn('font-semibold', good ? 'text-emerald-700' : 'text-amber-800')} data-good={good ? 'true' : 'false'}>
                            {percent(q.pass_rate)}
                          </span>{' '}
                          {good && <Badge tone="success">{t('analytics.good')}</Badge>}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
