import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button, PageHeader } from '../../../ui';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { AssessmentFacts } from './assessment-facts';
import { AssessmentPreview } from './assessment-preview';

/** /mock-tests/{id}/preview: the author's preview of an assessment, answers on demand. */
export function QuizPreviewPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const quiz = useRouteQuery(assessmentRoutes.manageQuiz, { params: { id } }, { retry: false });
  usePageTitle(quiz.data ? t('authoring.preview.pageTitle', { title: quiz.data.title }) : t('authoring.preview.title'));

  if (quiz.isPending) return <LoadingBlock />;
  if (quiz.isError) {
    if (isApiError(quiz.error) && (quiz.error.status === 404 || quiz.error.status === 403))
      return <NotFoundCard title={t('authoring.preview.notFound')} />;
    return <LoadError error={quiz.error} title={t('authoring.preview.loadFailed')} onRetry={() => void quiz.refetch()} />;
  }
  const data = quiz.data;
  return (
    <div className="mx-auto max-w-3xl" data-testid="quiz-preview-page">
      <PageHeader
        title={data.title}
        subtitle={t('authoring.preview.subtitle')}
        actions={
          <Button asChild variant="outline">
            <Link to="/mock-test-manager">{t('authoring.preview.backToBuilder')}</Link>
          </Button>
        }
      />
      <AssessmentFacts quiz={data} className="mb-6" />
      {data.description && <p className="mb-6 break-words whitespace-pre-wrap text-slate-700">{data.description}</p>}
      <AssessmentPreview questions={data.questions} />
    </div>
  );
}
