import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, focusRing, PageHeader } from '../../../ui';
import { percent } from '../../../lib/format';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { AssessmentLockedNote, useAssessmentLock } from './assessment-lock';
import { previewOf } from './quiz-card';
import { estimatedMinutes, startButton, takePath } from './quiz-standing';
import { useSubjectLabel } from './subject-label';

/**
 * /quiz/{id}/info: details, learner status and the start button named after it, and the
 * learner's attempts. It never opens a session (GET /quizzes/{id} would start the clock): the
 * card comes from GET /quizzes/{id}/info, the attempts from GET /mock-tests/{id}/results.
 */
export function QuizInfoPage() {
  const { t } = useTranslation();
  const subjectLabel = useSubjectLabel();
  const formatDate = useFormatDate();
  const { id } = useParams<{ id: string }>();
  const info = useRouteQuery(assessmentRoutes.quizInfo, { params: { id } }, { retry: false });
  const results = useRouteQuery(assessmentRoutes.mockTestResults, { params: { id } }, { retry: false });
  const lockOf = useAssessmentLock();
  usePageTitle(info.data?.title ?? t('taking.info.pageTitle'));

  if (info.isPending || results.isPending) return <LoadingBlock />;
  const failed = info.error ?? results.error;
  if (failed) {
    if (isApiError(failed) && failed.status === 404) return <NotFoundCard title={t('taking.quiz.notFound')} />;
    if (isApiError(failed) && failed.status === 403) return <Alert tone="error">{failed.message}</Alert>;
    return (
      <LoadError error={failed} title={t('taking.info.loadFailed')} onRetry={() => void Promise.all([info.refetch(), results.refetch()])} />
    );
  }
  const card = info.data!;
  const attempts = results.data!.attempts;

  const button = startButton(card.my);
  const locked = lockOf(card);
  const estimate = estimatedMinutes(card.question_count);
  return (
    <div className="space-y-6" data-testid="quiz-info" data-status={card.my.status}>
      <PageHeader
        title={card.title}
        subtitle={card.course_title ?? undefined}
        actions={
          locked ? (
            <AssessmentLockedNote testId="quiz-info-locked" />
          ) : button.disabled ? (
            <Button disabled data-testid="quiz-info-start">
              {t(`taking.start.${button.key}`)}
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to={takePath(card)} state={{ preview: previewOf(card) }} data-testid="quiz-info-start">
                {t(`taking.start.${button.key}`)}
              </Link>
            </Button>
          )
        }
      />
      <div className="flex flex-wrap gap-2">
        <Badge tone="primary">{t(`taking.kinds.${card.kind}`)}</Badge>
        <Badge tone="neutral">{t(`taking.difficulty.${card.difficulty}`)}</Badge>
        {card.subject && <Badge tone="neutral">{subjectLabel(card.subject)}</Badge>}
        <Badge
          tone={card.my.status === 'passed' ? 'success' : card.my.status === 'failed' ? 'danger' : 'neutral'}
          data-testid="quiz-info-status"
        >
          {t(`taking.status.${card.my.status}`)}
        </Badge>
      </div>
      {card.description && <p className="break-words whitespace-pre-line text-slate-700">{card.description}</p>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('taking.questionsLabel')} value={card.question_count} hint={t('taking.estimatedRange', estimate)} />
        <StatCard
          label={t('taking.timeLimit')}
          value={card.time_limit > 0 ? t('taking.minutesValue', { count: card.time_limit }) : t('taking.noTimeLimit')}
        />
        <StatCard label={t('taking.passingScore')} value={percent(card.passing_score)} />
        <StatCard
          label={t('taking.info.attempts')}
          value={
            card.my.attempts_left === null
              ? t('taking.info.attemptsUnlimited', { used: card.my.attempts_used })
              : `${card.my.attempts_used} / ${card.max_attempts}`
          }
          hint={card.my.best_score !== null ? t('taking.info.best', { score: percent(card.my.best_score) }) : undefined}
          testId="quiz-info-attempts"
        />
      </div>
      {card.instructions && (
        <Card>
          <CardHeader>
            <CardTitle>{t('taking.info.instructions')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="break-words whitespace-pre-line text-slate-700">{card.instructions}</p>
          </CardContent>
        </Card>
      )}
      {button.disabled && <Alert tone="info">{t('taking.quiz.noAttemptsLeft')}</Alert>}
      <AttemptsCard attempts={attempts} quizId={card.id} formatDate={formatDate} />
    </div>
  );
}

function AttemptsCard({
  attempts,
  quizId,
  formatDate,
}: {
  attempts: {
    attempt_id: string;
    score: number;
    passed: boolean;
    submitted_at: string;
    correct_answers: number;
    total_questions: number;
    needs_manual_grading: boolean;
  }[];
  quizId: string;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('taking.info.yourAttempts')}</CardTitle>
      </CardHeader>
      <CardContent>
        {attempts.length === 0 ? (
          <p className="text-sm text-slate-600">{t('taking.info.noAttempts')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="quiz-info-attempt-list">
            {attempts.map((a) => (
              <li key={a.attempt_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link
                  to={`/quiz/${quizId}/review/${a.attempt_id}`}
                  className={cn('rounded font-medium text-primary hover:underline', focusRing)}
                >
                  {formatDate(a.submitted_at)}
                </Link>
                <span className="text-slate-600">
                  {t('taking.result.correctOf', { correct: a.correct_answers, total: a.total_questions })}
                </span>
                <span className="flex items-center gap-2">
                  {a.needs_manual_grading && (
                    <Badge tone="warning" data-testid="quiz-info-attempt-pending">
                      {t('taking.result.pendingReview')}
                    </Badge>
                  )}
                  <span className="font-semibold tabular-nums">{percent(a.score)}</span>
                  <Badge tone={a.passed ? 'success' : 'danger'}>{a.passed ? t('taking.result.passed') : t('taking.result.failed')}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
