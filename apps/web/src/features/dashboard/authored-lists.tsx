import type { Course, QuizSummary } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, focusRing } from '../../ui';
import { percent } from '../../lib/format';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import type { FigureSource } from './dashboard-parts';

/** How many of the newest quizzes or courses a dashboard lists. */
export const LATEST_COUNT = 5;

interface ListCardProps {
  id: string;
  title: string;
  allTo: string;
  allLabel: string;
  source: FigureSource & { refetch: () => unknown };
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
  testId: string;
}

function ListCard({ id, title, allTo, allLabel, source, empty, isEmpty, children, testId }: ListCardProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (source.isPending) body = <LoadingBlock />;
  else if (source.isError)
    body = <LoadError error={source.error} title={t('roleDashboard.loadFailed')} onRetry={() => void source.refetch()} />;
  else if (isEmpty) body = <p className="text-sm text-slate-600">{empty}</p>;
  else body = children;
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Card className="h-full">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle id={id}>{title}</CardTitle>
          <Button asChild variant="link">
            <Link to={allTo}>{allLabel}</Link>
          </Button>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </section>
  );
}

const rowLink = cn('block rounded-lg bg-slate-50 p-3 transition-colors hover:bg-primary-soft', focusRing);

/** The newest quizzes the caller authored, with their attempts and pass rate; each opens its preview. */
export function LatestQuizzes({ quizzes, source }: { quizzes: readonly QuizSummary[]; source: ListCardProps['source'] }) {
  const { t } = useTranslation();
  return (
    <ListCard
      id="dashboard-quizzes"
      testId="dashboard-quizzes"
      title={t('roleDashboard.quizzes.heading')}
      allTo="/mock-test-manager"
      allLabel={t('roleDashboard.quizzes.all')}
      source={source}
      empty={t('roleDashboard.quizzes.empty')}
      isEmpty={quizzes.length === 0}
    >
      <ul className="space-y-2">
        {quizzes.slice(0, LATEST_COUNT).map((quiz) => (
          <li key={quiz.id}>
            <Link to={`/mock-tests/${quiz.id}/preview`} className={rowLink}>
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{quiz.title}</span>
                <Badge tone={quiz.is_published ? 'success' : 'neutral'}>
                  {quiz.is_published ? t('roleDashboard.quizzes.published') : t('roleDashboard.quizzes.draft')}
                </Badge>
              </span>
              <span className="mt-1 block text-xs text-slate-600">
                {quiz.figures.attempts === 0
                  ? t('roleDashboard.quizzes.noAttempts')
                  : [
                      t('roleDashboard.quizzes.attempts', { count: quiz.figures.attempts }),
                      quiz.figures.pass_rate === null
                        ? null
                        : t('roleDashboard.quizzes.passRate', { rate: percent(quiz.figures.pass_rate) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

/** The newest courses the caller owns, with their enrolments; each opens its management page. */
export function LatestCourses({ courses, source }: { courses: readonly Course[]; source: ListCardProps['source'] }) {
  const { t } = useTranslation();
  return (
    <ListCard
      id="dashboard-courses"
      testId="dashboard-courses"
      title={t('roleDashboard.courses.heading')}
      allTo="/instructor/courses"
      allLabel={t('roleDashboard.courses.all')}
      source={source}
      empty={t('roleDashboard.courses.empty')}
      isEmpty={courses.length === 0}
    >
      <ul className="space-y-2">
        {courses.slice(0, LATEST_COUNT).map((course) => (
          <li key={course.id}>
            <Link to={`/instructor/course/${course.id}`} className={rowLink}>
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{course.title}</span>
                <Badge tone={course.is_published ? 'success' : 'neutral'}>
                  {course.is_published ? t('roleDashboard.courses.published') : t('roleDashboard.courses.draft')}
                </Badge>
              </span>
              <span className="mt-1 block text-xs text-slate-600">
                {course.enrollment_count === 0
                  ? t('roleDashboard.courses.noEnrollments')
                  : t('roleDashboard.courses.enrolled', { count: course.enrollment_count })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

/** Attempts over all the caller's quizzes and their pass rate weighted by attempts (null without attempts). */
export function quizTotals(quizzes: readonly QuizSummary[]): { attempts: number; passRate: number | null; published: number } {
  let attempts = 0;
  let passed = 0;
  for (const quiz of quizzes) {
    attempts += quiz.figures.attempts;
    passed += ((quiz.figures.pass_rate ?? 0) / 100) * quiz.figures.attempts;
  }
  return {
    attempts,
    passRate: attempts === 0 ? null : (passed / attempts) * 100,
    published: quizzes.filter((quiz) => quiz.is_published).length,
  };
}
