import { assessmentRoutes, type QuizSummary } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { Button, Card, CardContent, ConfirmDialog, EmptyState, useToast } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { AssessmentFacts } from './assessment-facts';
import { QuizFiguresGrid } from './quiz-figures-grid';

/** Spec 9: the builder previews a quiz's description cut at 100 characters. */
const DESCRIPTION_PREVIEW = 100;

export const previewDescription = (text: string): string =>
  text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text;

interface MyQuizzesTabProps {
  onCreate: () => void;
  onEdit: (quiz: QuizSummary) => void;
  /** the quiz whose author view is being loaded for editing */
  loadingId: string | null;
}

/** My Quizzes (GET /my-quizzes): each quiz's figures; edit, preview, delete after a confirmation. */
export function MyQuizzesTab({ onCreate, onEdit, loadingId }: MyQuizzesTabProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {}, { refetchOnMount: 'always' });
  const [deleting, setDeleting] = useState<QuizSummary | null>(null);
  const remove = useRouteMutation(assessmentRoutes.deleteMockTest, { invalidates: ['assessment.'] });

  if (quizzes.isPending) return <LoadingBlock />;
  if (quizzes.isError)
    return <LoadError error={quizzes.error} title={t('authoring.builder.loadFailed')} onRetry={() => void quizzes.refetch()} />;
  if (quizzes.data.length === 0)
    return (
      <EmptyState
        headingLevel="h2"
        title={t('authoring.builder.emptyTitle')}
        description={t('authoring.builder.emptyText')}
        action={<Button onClick={onCreate}>{t('authoring.builder.createFirst')}</Button>}
      />
    );

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2" data-testid="my-quizzes">
        {quizzes.data.map((quiz) => (
          <li key={quiz.id}>
            <Card className="h-full" data-testid="my-quiz" data-quiz-id={quiz.id}>
              <CardContent className="flex h-full flex-col gap-3 pt-6">
                <h3 className="text-lg font-semibold break-words text-slate-900">{quiz.title}</h3>
                <AssessmentFacts quiz={quiz} />
                {quiz.course_title && <p className="text-sm text-slate-600">{t('authoring.inCourse', { title: quiz.course_title })}</p>}
                <p className="flex-1 text-sm break-words text-slate-700" data-testid="my-quiz-description">
                  {quiz.description ? previewDescription(quiz.description) : t('authoring.noDescription')}
                </p>
                <QuizFiguresGrid figures={quiz.figures} />
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onEdit(quiz)}
                    loading={loadingId === quiz.id}
                    data-testid="my-quiz-edit"
                  >
                    {t('authoring.actions.edit')}
                  </Button>
                  <Button size="sm" variant="outline" asChild>
                    <Link to={`/mock-tests/${quiz.id}/preview`} data-testid="my-quiz-preview">
                      {t('authoring.actions.preview')}
                    </Link>
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => setDeleting(quiz)} data-testid="my-quiz-delete">
                    {t('authoring.actions.delete')}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('authoring.delete.title', { title: deleting?.title ?? '' })}
        description={t('authoring.delete.confirm')}
        confirmLabel={t('authoring.actions.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { params: { id: deleting!.id } },
            {
              onSuccess: () => {
                toast({ title: t('authoring.delete.success'), tone: 'success' });
                setDeleting(null);
              },
              onError: (error) => toast({ title: detailOr(error, t('authoring.builder.deleteFailed')), tone: 'error' }),
            },
          )
        }
        testId="delete-quiz-dialog"
      />
    </>
  );
}
