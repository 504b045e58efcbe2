import { assessmentRoutes, type Assignment, type Submission } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, Card, CardContent, EmptyState, PageHeader } from '../../ui';
import { NotFoundCard } from '../errors';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { LateBadge, SubmissionStatusBadge, useLatePolicyText } from './assignment-badges';
import { useFormatDateTime } from '../../i18n/format-date';
import { useFormatPoints } from './assignment-format';
import { GradeDialog } from './grade-dialog';
import { SubmissionFiles } from './submission-files';
import { SubmissionGrade } from './submission-grade';

/** /assignments/{id}/submissions: what learners handed in, and grading (or re-grading) each. */
export function SubmissionsPage() {
  const { t } = useTranslation();
  const { assignmentId } = useParams<{ assignmentId: string }>();
  const assignment = useRouteQuery(assessmentRoutes.getAssignment, { params: { id: assignmentId } }, { retry: false });
  const submissions = useRouteQuery(assessmentRoutes.listSubmissions, { params: { id: assignmentId } });
  const points = useFormatPoints();
  const latePolicy = useLatePolicyText();
  const [grading, setGrading] = useState<Submission | null>(null);
  usePageTitle(assignment.data ? t('assignments.submissions.title', { title: assignment.data.title }) : t('areas.assignmentSubmissions'));

  if (assignment.isPending) return <LoadingBlock />;
  if (assignment.isError) {
    if (isApiError(assignment.error) && assignment.error.status === 404) {
      return <NotFoundCard title={t('assignments.notFound')} text={t('assignments.notFoundText')} />;
    }
    return <LoadError error={assignment.error} title={t('assignments.loadAssignmentFailed')} onRetry={() => void assignment.refetch()} />;
  }
  const a = assignment.data;
  const list = submissions.data ?? [];
  const gradedCount = list.filter((s) => s.status === 'graded').length;

  return (
    <div data-testid="submissions-page">
      <PageHeader
        title={t('assignments.submissions.title', { title: a.title })}
        subtitle={`${a.course_title ?? ''}${a.course_title ? ' · ' : ''}${latePolicy(a)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={`/assignments?course=${a.course_id}`}>{t('assignments.backToAssignments')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/assignments/${a.id}/edit`}>{t('assignments.submissions.editAssignment')}</Link>
            </Button>
          </div>
        }
      />
      {submissions.isPending && <LoadingBlock />}
      {submissions.isError && (
        <LoadError error={submissions.error} title={t('assignments.loadSubmissionsFailed')} onRetry={() => void submissions.refetch()} />
      )}
      {submissions.isSuccess && (
        <>
          <p className="mb-4 text-sm text-slate-600" data-testid="submissions-summary">
            {t('assignments.submissions.summary', { count: list.length, graded: gradedCount, max: points(a.max_points) })}
          </p>
          {list.length === 0 ? (
            <EmptyState title={t('assignments.submissions.empty')} description={t('assignments.submissions.emptyText')} />
          ) : (
            <ul className="space-y-4">
              {list.map((s) => (
                <li key={s.id}>
                  <SubmissionCard assignment={a} submission={s} onGrade={() => setGrading(s)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <GradeDialog assignment={a} submission={grading} onClose={() => setGrading(null)} />
    </div>
  );
}

function SubmissionCard({ assignment, submission: s, onGrade }: { assignment: Assignment; submission: Submission; onGrade: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const graded = s.status === 'graded';
  return (
    <Card data-testid="submission" data-submission-id={s.id}>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h2 className="text-lg font-semibold text-slate-900">{s.student_name}</h2>
            {s.student_email && <p className="text-sm break-all text-slate-600">{s.student_email}</p>}
            <div className="flex flex-wrap items-center gap-2 pt-1">
              <SubmissionStatusBadge status={s.status} />
              {s.is_late && <LateBadge daysLate={s.days_late} />}
              {s.submitted_at && (
                <span className="text-xs text-slate-600">
                  {t('assignments.submissions.submittedAt', { date: formatDateTime(s.submitted_at) })}
                </span>
              )}
            </div>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end sm:text-right">
            <SubmissionGrade submission={s} maxPoints={assignment.max_points} />
            {s.graded_at && (
              <span className="text-xs text-slate-600">{t('assignments.submissions.gradedAt', { date: formatDateTime(s.graded_at) })}</span>
            )}
            <Button size="sm" variant={graded ? 'outline' : 'primary'} onClick={onGrade} data-testid="grade-submission">
              {graded ? t('assignments.submissions.regrade') : t('assignments.submissions.grade')}
            </Button>
          </div>
        </div>
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">{t('assignments.submissions.text')}</h3>
          <p
            className="max-h-72 overflow-y-auto rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800"
            data-testid="submission-text"
          >
            {s.submission_text || t('assignments.submissions.noText')}
          </p>
        </div>
        <SubmissionFiles files={s.submission_files} />
        {s.feedback && (
          <div className="space-y-1">
            <h3 className="text-sm font-semibold text-slate-900">{t('assignments.submissions.feedback')}</h3>
            <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="submission-feedback">
              {s.feedback}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
