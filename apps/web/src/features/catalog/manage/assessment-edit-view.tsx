import {
  assessmentRoutes,
  EXAM_TIME_LIMIT,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  QuizUpdateRequest,
  timeLimitProblem,
  type QuizAuthor,
  type TestMode,
} from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { KindBadge, NumberField, completeDraft, newQuestionDraft, questionBodyFrom, QuestionEditor, QuestionList } from '../../assessment';

/** The contract's PUT /quizzes/{id} request, with the time limit held to the bounds of the assessment's mode (the service checks the same). */
function editSchema(testMode: TestMode) {
  return QuizUpdateRequest.superRefine((v, ctx) => {
    const problem = v.time_limit === undefined ? null : timeLimitProblem(testMode, v.time_limit);
    if (problem) ctx.addIssue({ code: 'custom', path: ['time_limit'], message: problem });
  });
}

/**
 * The Edit view of the manage page (spec 2): title, subject, time limit (a quiz without a limit
 * opens at 60), passing score, questions added and deleted here; the whole set is saved with
 * PUT /quizzes/{id}, checked by the contract. Save is disabled while the title is empty.
 */
export function AssessmentEditView({ quiz, onClose }: { quiz: QuizAuthor; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const exam = quiz.test_mode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  const schema = useMemo(() => editSchema(quiz.test_mode), [quiz.test_mode]);
  const form = useContractForm(schema, {
    defaultValues: {
      title: quiz.title,
      subject: quiz.subject,
      time_limit: quiz.time_limit === QUIZ_TIME_LIMIT.none ? QUIZ_TIME_LIMIT.default : quiz.time_limit,
      passing_score: quiz.passing_score,
      questions: quiz.questions.map(questionBodyFrom),
    },
  });
  const { errors } = form.formState;
  const questions = form.watch('questions') ?? [];
  const title = form.watch('title') ?? '';
  const save = useRouteMutation(assessmentRoutes.updateQuiz, { invalidates: ['assessment.'] });

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { params: { id: quiz.id }, body },
      {
        onSuccess: () => toast({ title: t('authoring.edit.updated'), tone: 'success' }),
        onError: (error) => toast({ title: detailOr(error, t('authoring.edit.updateFailed')), tone: 'error' }),
      },
    ),
  );

  return (
    <div className="space-y-6" data-testid="assessment-edit" data-assessment-id={quiz.id}>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle as="h2">{t('authoring.edit.title')}</CardTitle>
            <KindBadge kind={quiz.kind} />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('authoring.fields.title')} error={form.errorText('title')}>
              {(field) => <Input {...field} {...form.register('title')} maxLength={200} data-testid="edit-title" />}
            </FormField>
            <FormField label={t('authoring.fields.subject')} error={form.errorText('subject')}>
              {(field) => <Input {...field} {...form.register('subject')} maxLength={100} data-testid="edit-subject" />}
            </FormField>
            <NumberField
              label={t('authoring.fields.timeLimit')}
              hint={
                exam
                  ? t('authoring.hints.examTimeLimit', { min: limit.min, max: limit.max })
                  : t('authoring.hints.quizTimeLimit', { min: limit.min, max: limit.max })
              }
              error={errors.time_limit?.message}
              min={exam ? EXAM_TIME_LIMIT.min : QUIZ_TIME_LIMIT.none}
              max={limit.max}
              registration={form.register('time_limit', { valueAsNumber: true })}
              testId="edit-time-limit"
            />
            <NumberField
              label={t('authoring.fields.passingScore')}
              hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
              error={errors.passing_score?.message}
              min={PASSING_SCORE.min}
              max={PASSING_SCORE.max}
              registration={form.register('passing_score', { valueAsNumber: true })}
              testId="edit-passing-score"
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('authoring.builder.questionsTitle', { count: questions.length })}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <QuestionList
            questions={questions.map(completeDraft)}
            onRemove={(index) =>
              form.setValue(
                'questions',
                questions.filter((_, i) => i !== index),
                { shouldDirty: true },
              )
            }
          />
          <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h3 className="font-semibold text-slate-900">{t('authoring.question.newTitle')}</h3>
            <QuestionEditor
              initial={newQuestionDraft(quiz.subject, quiz.difficulty)}
              submitLabel={t('authoring.question.add')}
              onSubmit={(question) => {
                form.setValue('questions', [...questions, question], { shouldDirty: true });
                return true;
              }}
            />
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          {t('authoring.edit.close')}
        </Button>
        <Button onClick={() => void submit()} disabled={!title.trim()} loading={save.isPending} data-testid="edit-save">
          {t('authoring.edit.save')}
        </Button>
      </div>
    </div>
  );
}
