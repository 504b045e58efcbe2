import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useFormatDate } from '../../../i18n/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button, PageHeader } from '../../../ui';
import { NotFoundCard } from '../../catalog/shared/not-found-card';
import { LoadError, LoadingBlock } from '../../catalog/shared/query-state';
import { QuestionReview, ResultSummary, SubjectPerformance } from './result-view';
import { useAttempt } from './taking-queries';

/** /quiz/{id}/review/{attemptId}: one attempt's result with the detailed review (GET /learner/quiz-attempts/{id}). */
export function QuizReviewPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { id, attemptId } = useParams<{ id: string; attemptId: string }>();
  const attempt = useAttempt(attemptId);
  usePageTitle(attempt.data ? t('taking.review.pageTitle', { title: attempt.data.quiz_title }) : t('taking.review.pageTitleShort'));

  if (attempt.isPending) return <LoadingBlock />;
  if (attempt.isError) {
    if (isApiError(attempt.error) && (attempt.error.status === 404 || attempt.error.status === 403))
      return <NotFoundCard title={t('taking.review.notFound')} />;
    return <LoadError error={attempt.error} title={t('taking.review.loadFailed')} onRetry={() => void attempt.refetch()} />;
  }
  const result = attempt.data;
  if (id && result.quiz_id !== id) return <NotFoundCard title={t('taking.review.notFound')} />;
  return (
    <div className="space-y-6" data-testid="quiz-review">
      <PageHeader
        title={result.quiz_title}
        subtitle={t('taking.review.subtitle', { number: result.attempt_number, date: formatDate(result.submitted_at) })}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/mock-tests?tab=attempts">{t('taking.review.allAttempts')}</Link>
            </Button>
            <Button asChild>
              <Link to={`/quiz/${result.quiz_id}/info`}>{t('taking.info.viewDetails')}</Link>
            </Button>
          </div>
        }
      />
      <ResultSummary result={result} />
      <SubjectPerformance result={result} />
      <QuestionReview result={result} />
    </div>
  );
}
