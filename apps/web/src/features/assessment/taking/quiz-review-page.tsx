import { assessmentRoutes, type QuizResult } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { routeKey } from '../../../api/route-key';
import { useFormatDate } from '../../../i18n/format-date';
import { useValidationText } from '../../../i18n/validation-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, PageHeader, Textarea, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useSession } from '../../auth';
import { formPath, GRADE_STEP, isEssay, reviewDefaults, reviewFormSchema, type ReviewFormValues } from './essay-review-form';
import { QuestionReview, ResultSummary, ReviewerFeedback, SubjectPerformance } from './result-view';

/** What the form hands over once checked: the request body, and which form row each grade sent came from. */
type CheckedReview = z.output<ReturnType<typeof reviewFormSchema>>;

const AUTHOR_ROLES: readonly string[] = assessmentRoutes.reviewAttempt.guard as readonly string[];

/**
 * /quiz/{id}/review/{attemptId}: one attempt's result with the detailed review (GET
 * /learner/quiz-attempts/{id}). The assessment's author also grades its essays here: points
 * (0..the question's, steps of 0.5) and feedback per essay, an overall feedback, "Save review".
 * The taker sees essays waiting for review, then their points, the feedback and the new score.
 */
export function QuizReviewPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { user } = useSession();
  const { id, attemptId } = useParams<{ id: string; attemptId: string }>();
  const attempt = useRouteQuery(assessmentRoutes.getAttempt, { params: { id: attemptId } }, { retry: false });
  // Whether the caller is the assessment's author: GET /quizzes/{id}/manage answers only them (the same rule
  // as the review route), so its success is the signal; the attempt does not say who wrote the assessment.
  const canAuthor = Boolean(user && AUTHOR_ROLES.includes(user.role));
  const manage = useRouteQuery(assessmentRoutes.manageQuiz, { params: { id } }, { enabled: canAuthor, retry: false });
  const isAuthor = manage.isSuccess;
  usePageTitle(attempt.data ? t('taking.review.pageTitle', { title: attempt.data.quiz_title }) : t('taking.review.pageTitleShort'));

  if (attempt.isPending || (canAuthor && manage.isPending)) return <LoadingBlock />;
  if (attempt.isError) {
    if (isApiError(attempt.error) && (attempt.error.status === 404 || attempt.error.status === 403))
      return <NotFoundCard title={t('taking.review.notFound')} />;
    return <LoadError error={attempt.error} title={t('taking.review.loadFailed')} onRetry={() => void attempt.refetch()} />;
  }
  const result = attempt.data;
  if (id && result.quiz_id !== id) return <NotFoundCard title={t('taking.review.notFound')} />;
  const essays = result.question_details.filter(isEssay);
  return (
    <div className="space-y-6" data-testid="quiz-review" data-viewer={isAuthor ? 'author' : 'taker'}>
      <PageHeader
        title={result.quiz_title}
        subtitle={t('taking.review.subtitle', { number: result.attempt_number, date: formatDate(result.submitted_at) })}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* the author arrives from the Results dialog of their assessment: the learner's attempt list is not theirs */}
            {!isAuthor && (
              <Button asChild variant="outline">
                <Link to="/mock-tests?tab=attempts">{t('taking.review.allAttempts')}</Link>
              </Button>
            )}
            <Button asChild>
              <Link to={`/quiz/${result.quiz_id}/info`}>{t('taking.info.viewDetails')}</Link>
            </Button>
          </div>
        }
      />
      <ResultSummary result={result} />
      {result.reviewed_at && (
        <p className="text-sm text-slate-600" data-testid="review-reviewed-at">
          {t('taking.essayReview.reviewedAt', { date: formatDate(result.reviewed_at) })}
        </p>
      )}
      {isAuthor && essays.length > 0 ? (
        <EssayReviewForm result={result} />
      ) : (
        <>
          <ReviewerFeedback result={result} />
          <SubjectPerformance result={result} />
          <QuestionReview result={result} author={isAuthor} />
        </>
      )}
    </div>
  );
}

/** The author's grading: the review with fields under each essay, the overall feedback and "Save review". */
function EssayReviewForm({ result }: { result: QuizResult }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      reviewFormSchema(result.question_details, {
        tooMany: (points) => t('taking.essayReview.tooManyPoints', { points }),
        notANumber: t('taking.essayReview.notANumber'),
      }),
    [result.question_details, t],
  );
  const form = useContractForm<ReviewFormValues, CheckedReview>(schema, { defaultValues: reviewDefaults(result) });
  const rootError = form.formState.errors.root?.message;
  const indexOf = new Map(form.getValues('grades').map((g, i) => [g.question_id, i]));

  // a saved review (or a refetch) refills the form from the server's answer
  useEffect(() => {
    form.reset(reviewDefaults(result));
  }, [result, form]);

  const save = useRouteMutation(assessmentRoutes.reviewAttempt, {
    invalidates: ['assessment.'],
    keeps: [assessmentRoutes.getQuiz],
    onSuccess: (saved) => queryClient.setQueryData(routeKey(assessmentRoutes.getAttempt, { params: { id: result.attempt_id } }), saved),
  });

  const submit = form.handleSubmit(async ({ body, sentIndexes }) => {
    try {
      await save.mutateAsync({ params: { id: result.attempt_id }, body });
      toast({ title: t('taking.essayReview.saved'), tone: 'success' });
    } catch (error) {
      // the server's field errors name the essays sent, which are not always the form's rows
      for (const e of isApiError(error) ? error.errors : []) {
        form.setError(formPath(e.path, sentIndexes) as FieldPath<ReviewFormValues>, { type: 'server', message: e.message });
      }
      toast({ title: detailOr(error, t('taking.essayReview.saveFailed')), tone: 'error' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="essay-review-form">
      {result.needs_manual_grading && <Alert tone="info">{t('taking.essayReview.intro')}</Alert>}
      <QuestionReview
        result={result}
        author
        grading={(detail) => {
          const i = indexOf.get(detail.question_id);
          if (i === undefined) return null;
          return (
            <div className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-[10rem_1fr]" data-testid="essay-grading">
              <FormField
                label={t('taking.essayReview.points', { points: detail.points })}
                hint={t('taking.essayReview.pointsHint', { points: detail.points })}
                error={form.errorText(`grades.${i}.earned_points`)}
              >
                {(field) => (
                  <Input
                    {...field}
                    {...form.register(`grades.${i}.earned_points`)}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={detail.points}
                    step={GRADE_STEP}
                    data-testid="essay-points"
                  />
                )}
              </FormField>
              <FormField label={t('taking.essayReview.feedback')} error={form.errorText(`grades.${i}.feedback`)}>
                {(field) => <Textarea {...field} {...form.register(`grades.${i}.feedback`)} rows={3} data-testid="essay-feedback" />}
              </FormField>
            </div>
          );
        }}
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('taking.essayReview.authorFeedbackHeading')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField label={t('taking.essayReview.overallFeedback')} error={form.errorText('feedback')}>
            {(field) => <Textarea {...field} {...form.register('feedback')} rows={4} data-testid="review-feedback-input" />}
          </FormField>
          {rootError && <Alert tone="error">{vt(rootError)}</Alert>}
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} data-testid="review-save">
              {t('taking.essayReview.save')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
