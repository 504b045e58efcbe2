import { useTranslation } from 'react-i18next';
import { formatPercent, NO_DATA } from '../../../lib/figures';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../ui';
import { BarsChart } from '../../../ui/charts';
import { dollars, PASS_RATE_GOOD_ABOVE } from '../../../lib/format';
import { StatCard } from '../../../ui/stat-card';
import type { CourseAnalytics } from './instructor-types';
import { WeeklyActivityChart } from './weekly-activity-chart';

const percentText = (v: number) => formatPercent(v);

interface SectionProps {
  analytics: CourseAnalytics;
  headingLevel?: 'h2' | 'h3';
}

/**
 * Spec 2.12 Analytics detail: enrollment stats (with enrollments and completions per week),
 * lesson performance and quiz performance (pass rate above 70 is good, and the spread of
 * scores). A figure with nothing behind it is "—" or a sentence, never a zero.
 */
export function CourseAnalyticsView({ analytics, headingLevel = 'h3' }: SectionProps) {
  return (
    <div className="space-y-6" data-testid="course-analytics">
      <EnrollmentSection analytics={analytics} headingLevel={headingLevel} />
      <LessonSection analytics={analytics} headingLevel={headingLevel} />
      <QuizSection analytics={analytics} headingLevel={headingLevel} />
    </div>
  );
}

/** Enrollment figures, the enrollment states and the weekly enrollments and completions. */
function EnrollmentSection({ analytics, headingLevel = 'h3' }: SectionProps) {
  const { t } = useTranslation();
  const e = analytics.enrollment_stats;
  const enrolled = e.total_enrollments > 0;
  const Heading = headingLevel;
  const SubHeading = headingLevel === 'h2' ? 'h3' : 'h4';
  const breakdown = [
    { key: 'completed', label: t('analytics.completed'), count: e.completed },
    { key: 'in_progress', label: t('analytics.inProgress'), count: e.in_progress },
    { key: 'not_started', label: t('analytics.notStarted'), count: e.not_started },
  ];
  return (
    <section aria-labelledby="analytics-enrollment">
      <Heading id="analytics-enrollment" className="mb-3 text-base font-semibold text-slate-900">
        {t('analytics.enrollmentStats')}
      </Heading>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('analytics.totalEnrollments')} value={e.total_enrollments} testId="analytics-total-enrollments" />
        <StatCard
          label={t('analytics.avgProgress')}
          value={enrolled ? formatPercent(e.avg_progress) : NO_DATA}
          hint={enrolled ? undefined : t('figures.instructor.noLearners')}
          testId="analytics-avg-progress"
        />
        <StatCard
          label={t('analytics.revenue')}
          value={e.revenue > 0 ? dollars(e.revenue) : NO_DATA}
          hint={e.revenue > 0 ? undefined : t('figures.instructor.noSales')}
          testId="analytics-revenue"
        />
        <StatCard label={t('analytics.recentEnrollments')} value={e.recent_enrollments} testId="analytics-recent-enrollments" />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <SubHeading className="text-base font-semibold text-slate-900">{t('analytics.enrollmentBreakdown')}</SubHeading>
          </CardHeader>
          <CardContent>
            {enrolled ? (
              <BarsChart
                data={breakdown}
                series={[{ key: 'count', label: t('analytics.totalEnrollments') }]}
                caption={t('analytics.enrollmentBreakdown')}
                hideCaption
                rowHeader={t('figures.instructor.state')}
                integers
                height={220}
                testId="analytics-enrollment-chart"
              />
            ) : (
              <p className="text-sm text-slate-600">{t('figures.instructor.noEnrollments')}</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <SubHeading className="text-base font-semibold text-slate-900">{t('figures.instructor.weeklyHeading')}</SubHeading>
          </CardHeader>
          <CardContent>
            <WeeklyActivityChart weeks={analytics.weekly_activity} testId="analytics-weekly-chart" />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

/** Each lesson's completion rate, once someone is enrolled. */
function LessonSection({ analytics, headingLevel = 'h3' }: SectionProps) {
  const { t } = useTranslation();
  const enrolled = analytics.enrollment_stats.total_enrollments > 0;
  return (
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
          ) : !enrolled ? (
            <p className="text-sm text-slate-600">{t('figures.instructor.noLessonFigures')}</p>
          ) : (
            <BarsChart
              data={analytics.lesson_analytics.map((l) => ({
                key: l.lesson_id,
                label: l.lesson_title,
                detail: t('analytics.completions', { count: l.completions }),
                rate: l.completion_rate,
              }))}
              series={[{ key: 'rate', label: t('figures.instructor.completionRate') }]}
              caption={t('analytics.lessonCompletionCaption')}
              hideCaption
              rowHeader={t('figures.instructor.lesson')}
              horizontal
              max={100}
              format={percentText}
              testId="analytics-lesson-chart"
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** Each quiz's attempts, average and pass rate (good above {PASS_RATE_GOOD_ABOVE}), and the spread of scores. */
function QuizSection({ analytics, headingLevel = 'h3' }: SectionProps) {
  const { t } = useTranslation();
  const attempted = analytics.quiz_analytics.filter((q) => q.total_attempts > 0);
  return (
    <section aria-labelledby="analytics-quizzes">
      <Card>
        <CardHeader>
          <CardTitle id="analytics-quizzes" as={headingLevel}>
            {t('analytics.quizPerformance')}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          {analytics.quiz_analytics.length === 0 ? (
            <p className="text-sm text-slate-600">{t('figures.instructor.noCourseQuizzes')}</p>
          ) : (
            <>
              <QuizTable quizzes={analytics.quiz_analytics} />
              {attempted.length === 0 ? (
                <p className="text-sm text-slate-600">{t('figures.instructor.noAttempts')}</p>
              ) : (
                <div className="grid gap-6 lg:grid-cols-2">
                  <BarsChart
                    data={attempted.map((q) => ({ key: q.quiz_id, label: q.quiz_title, avg: q.avg_score, pass: q.pass_rate }))}
                    series={[
                      { key: 'avg', label: t('analytics.avgScore'), color: 'primary' },
                      { key: 'pass', label: t('analytics.passRate'), color: 'emerald' },
                    ]}
                    caption={t('figures.instructor.quizComparison')}
                    rowHeader={t('analytics.quiz')}
                    horizontal
                    max={100}
                    format={percentText}
                    testId="analytics-quiz-chart"
                  />
                  <BarsChart
                    data={analytics.score_distribution.map((b) => ({
                      key: String(b.from),
                      label: b.to >= 100 ? `${b.from}–100` : `${b.from}–${b.to - 1}`,
                      count: b.count,
                    }))}
                    series={[{ key: 'count', label: t('analytics.attempts') }]}
                    caption={t('figures.instructor.scoreDistribution')}
                    rowHeader={t('figures.instructor.scoreBand')}
                    integers
                    testId="analytics-score-distribution"
                  />
                </div>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function QuizTable({ quizzes }: { quizzes: CourseAnalytics['quiz_analytics'] }) {
  const { t } = useTranslation();
  return (
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
        {quizzes.map((q) => {
          const taken = q.total_attempts > 0;
          const good = taken && q.pass_rate > PASS_RATE_GOOD_ABOVE;
          return (
            <TableRow key={q.quiz_id}>
              <TableCell>{q.quiz_title}</TableCell>
              <TableCell>{q.total_attempts}</TableCell>
              <TableCell>{taken ? formatPercent(q.avg_score) : NO_DATA}</TableCell>
              <TableCell>
                {taken ? (
                  <>
                    <span className={cn('font-semibold', good ? 'text-emerald-700' : 'text-amber-800')} data-good={good ? 'true' : 'false'}>
                      {formatPercent(q.pass_rate)}
                    </span>{' '}
                    {good && <Badge tone="success">{t('analytics.good')}</Badge>}
                  </>
                ) : (
                  <span className="text-slate-600">
                    {NO_DATA} <span className="text-xs">{t('figures.instructor.notTaken')}</span>
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
