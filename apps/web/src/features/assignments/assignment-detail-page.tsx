import { assessmentRoutes, type Assignment, type Submission } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, PageHeader } from '../../ui';
import { useSignedInUser } from '../auth';
import { NotFoundCard } from '../errors';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { LateBadge, PublishedBadge, SubmissionStatusBadge, useLatePolicyText } from './assignment-badges';
import { useFormatDateTime } from '../../i18n/format-date';
import { useFormatPoints } from './assignment-format';
import { SubmissionFiles } from './submission-files';
import { SubmissionForm } from './submission-form';
import { SubmissionGrade } from './submission-grade';

/** /assignments/{id}: the assignment; a learner's submission (form until graded, then read-only with the grade). */
export function AssignmentDetailPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { assignmentId } = useParams<{ assignmentId: string }>();
  const assignment = useRouteQuery(assessmentRoutes.getAssignment, { params: { id: assignmentId } }, { retry: false });
  usePageTitle(assignment.data?.title ?? t('areas.assignmentDetail'));

  if (assignment.isPending) return <LoadingBlock />;
  if (assignment.isError) {
    // a 403 (not enrolled, not the owner) keeps its reason: the load error shows the server's detail
    if (isApiError(assignment.error) && assignment.error.status === 404) {
      return <NotFoundCard title={t('assignments.notFound')} text={t('assignments.notFoundText')} />;
    }
    return <LoadError error={assignment.error} title={t('assignments.loadAssignmentFailed')} onRetry={() => void assignment.refetch()} />;
  }
  const a = assignment.data;
  const manages = user.role === 'instructor' || user.role === 'admin';

  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="assignment-detail-page">
      <PageHeader
        title={a.title}
        subtitle={a.course_title ?? undefined}
        actions={
          manages && (
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to={`/assignments/${a.id}/submissions`} data-testid="view-submissions">
                  {t('assignments.detail.viewSubmissions')}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/assignments/${a.id}/edit`}>{t('assignments.detail.edit')}</Link>
              </Button>
            </div>
          )
        }
      />
      <AssignmentFacts assignment={a} showPublished={manages} />
      <Card>
        <CardContent className="space-y-5">
          <TextBlock title={t('assignments.detail.description')}>{a.description}</TextBlock>
          <TextBlock title={t('assignments.detail.instructions')}>{a.instructions}</TextBlock>
        </CardContent>
      </Card>
      {user.role === 'learner' && <LearnerSubmission assignment={a} />}
    </div>
  );
}

function AssignmentFacts({ assignment: a, showPublished }: { assignment: Assignment; showPublished: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const points = useFormatPoints();
  const latePolicy = useLatePolicyText();
  const facts: [string, ReactNode][] = [
    [t('assignments.detail.type'), t(`assignments.types.${a.assignment_type}`)],
    [t('assignments.detail.due'), <span data-testid="assignment-due">{formatDateTime(a.due_date)}</span>],
    [t('assignments.detail.points'), points(a.max_points)],
    [t('assignments.detail.latePolicy'), latePolicy(a)],
  ];
  return (
    <Card>
      <CardContent>
        {showPublished && (
          <div className="mb-3">
            <PublishedBadge published={a.is_published} />
          </div>
        )}
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label} className="space-y-0.5">
              <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
              <dd className="text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function TextBlock({ title, children }: { title: string; children: string }) {
  return (
    <section className="space-y-1.5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{children}</p>
    </section>
  );
}

function LearnerSubmission({ assignment: a }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const s = a.submission;
  const closed = !a.allow_late_submission && new Date(a.due_date).getTime() < Date.now();
  return (
    <Card data-testid="my-submission">
      <CardHeader>
        <CardTitle>{t('assignments.detail.yourSubmission')}</CardTitle>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <SubmissionStatusBadge status={a.submission_status} />
          {s?.is_late && <LateBadge daysLate={s.days_late} />}
          {s?.submitted_at && (
            <span className="text-xs text-slate-600">
              {t('assignments.submissions.submittedAt', { date: formatDateTime(s.submitted_at) })}
            </span>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {s?.status === 'graded' ? (
          <GradedSubmission assignment={a} submission={s} />
        ) : closed ? (
          <div className="space-y-4">
            <Alert tone="info" data-testid="submission-closed">
              {t('assignments.detail.closed')}
            </Alert>
            {s && <SubmittedWork submission={s} />}
          </div>
        ) : (
          <SubmissionForm assignment={a} />
        )}
      </CardContent>
    </Card>
  );
}

function SubmittedWork({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{t('assignments.detail.submissionText')}</h3>
        <p className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="submitted-text">
          {s.submission_text}
        </p>
      </div>
      <SubmissionFiles files={s.submission_files} />
    </div>
  );
}

function GradedSubmission({ assignment: a, submission: s }: { assignment: Assignment; submission: Submission }) {
  const { t } = useTranslation();
  const points = useFormatPoints();
  return (
    <div className="space-y-5" data-testid="graded-submission">
      <section className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50/50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t('assignments.detail.yourGrade')}</h3>
        <SubmissionGrade submission={s} maxPoints={a.max_points} />
        {s.late_penalty_applied > 0 && s.raw_grade !== null && (
          <p className="text-sm text-slate-700" data-testid="penalty-explanation">
            {t('assignments.detail.penaltyExplanation', {
              count: s.days_late,
              percent: points(a.late_penalty_percent),
              points: points(s.late_penalty_applied),
              raw: points(s.raw_grade),
            })}
          </p>
        )}
      </section>
      <section className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{t('assignments.detail.feedback')}</h3>
        <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="my-feedback">
          {s.feedback || t('assignments.detail.noFeedback')}
        </p>
      </section>
      <p className="text-xs text-slate-600">{t('assignments.detail.readOnly')}</p>
      <SubmittedWork submission={s} />
    </div>
  );
}
