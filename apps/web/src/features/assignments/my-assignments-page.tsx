import { catalogRoutes, type Assignment } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, Card, CardContent, EmptyState, PageHeader } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { LateBadge, SubmissionStatusBadge } from './assignment-badges';
import { useFormatDateTime } from '../../i18n/format-date';
import { useFormatPoints } from './assignment-format';
import { isOverdue } from './due-date';
import { useAssignmentsOfCourses } from './assignment-queries';
import { LoadFailure } from './load-failure';

/** /my-assignments: the published assignments of every enrolled course, soonest due first. */
export function MyAssignmentsPage() {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  const courses = useRouteQuery(catalogRoutes.learnerEnrolledCourses, {});
  const courseIds = (courses.data ?? []).map((c) => c.course_id);
  const perCourse = useAssignmentsOfCourses(courseIds);
  usePageTitle(t('areas.myAssignments'));

  const header = <PageHeader title={t('assignments.mine.title')} subtitle={t('assignments.mine.subtitle')} />;

  if (courses.isPending) return <LoadingBlock />;
  if (courses.isError) {
    return (
      <div>
        {header}
        <LoadError error={courses.error} title={t('assignments.loadCoursesFailed')} onRetry={() => void courses.refetch()} />
      </div>
    );
  }
  if (courses.data.length === 0) {
    return (
      <div>
        {header}
        <EmptyState
          title={t('assignments.mine.notEnrolled')}
          description={t('assignments.mine.notEnrolledText')}
          action={
            <Button asChild>
              <Link to="/courses">{t('assignments.mine.browseCourses')}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  const failed = perCourse.find((q) => q.isError);
  const loading = perCourse.some((q) => q.isPending);
  const assignments = perCourse
    .flatMap((q) => q.data ?? [])
    .sort((a, b) => new Date(a.due_date).getTime() - new Date(b.due_date).getTime());

  return (
    <div data-testid="my-assignments-page">
      {header}
      {failed && (
        <div className="mb-4">
          <LoadFailure
            text={t('assignments.loadAssignmentsFailed', { detail: detailOrMessage(failed.error) })}
            onRetry={() => perCourse.filter((q) => q.isError).forEach((q) => void q.refetch())}
          />
        </div>
      )}
      {loading && <LoadingBlock />}
      {!loading && assignments.length === 0 && !failed && (
        <EmptyState title={t('assignments.mine.empty')} description={t('assignments.mine.emptyText')} />
      )}
      {assignments.length > 0 && (
        <ul className="space-y-4" aria-label={t('assignments.mine.listLabel')}>
          {assignments.map((a) => (
            <li key={a.id}>
              <LearnerAssignmentCard assignment={a} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LearnerAssignmentCard({ assignment: a }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const points = useFormatPoints();
  const submission = a.submission;
  const overdue = isOverdue(a.due_date, a.has_submitted);
  return (
    <Card data-testid="my-assignment" data-assignment-id={a.id}>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{a.course_title}</p>
          <h2 className="text-lg font-semibold text-slate-900">
            <Link to={`/assignments/${a.id}`} className="hover:underline">
              {a.title}
            </Link>
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <SubmissionStatusBadge status={a.submission_status} />
            {submission?.is_late && <LateBadge daysLate={submission.days_late} />}
            {overdue && (
              <Badge tone="danger" data-testid="overdue-marker">
                {t('assignments.overdue')}
              </Badge>
            )}
            <span>{t('assignments.dueAt', { date: formatDateTime(a.due_date) })}</span>
            <span>{t(`assignments.types.${a.assignment_type}`)}</span>
          </div>
          {a.submission_status === 'graded' && a.grade !== null && (
            <p className="text-sm font-semibold text-slate-900" data-testid="my-assignment-grade">
              {t('assignments.mine.gradeShort', { grade: points(a.grade), max: points(a.max_points) })}
            </p>
          )}
        </div>
        <Button asChild variant={a.has_submitted ? 'outline' : 'primary'} className="shrink-0">
          <Link to={`/assignments/${a.id}`} data-testid="my-assignment-open">
            {a.has_submitted ? t('assignments.mine.open') : t('assignments.mine.submit')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
