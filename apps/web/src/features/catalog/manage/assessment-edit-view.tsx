import { assessmentRoutes, EXAM_TIME_LIMIT, PASSING_SCORE, QUIZ_TIME_LIMIT, type QuizAuthor } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, useToast } from '../../../ui';
import { KindBadge } from '../../assessment/authoring/assessment-facts';
import { useRefreshAssessments } from '../../assessment/authoring/authoring-queries';
import { NumberField } from '../../assessment/authoring/fields';
import { newQuestionDraft, questionBody, questionBodyFrom, questionProblem, type QuestionBody, type QuestionDraft, type QuestionProblem } from '../../assessment/authoring/question-draft';
import { QuestionEditor } from '../../assessment/authoring/question-editor';
import { QuestionList } from '../../assessment/authoring/question-list';

type EditProblem = 'timeLimitMin' | 'examTimeLimitRange' | 'passingScoreRange';

/**
 * The Edit view of the manage page (spec 2): title, subject, time limit (at least 1; a quiz
 * without a limit opens at 60), passing score 0-100, questions added and deleted here; the
 * whole set is saved with PUT /quizzes/{id}. Save is disabled while the title is empty.
 */
export function AssessmentEditView({ quiz, onClose }: { quiz: QuizAuthor; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshAssessments();
  const exam = quiz.test_mode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  const [title, setTitle] = useState(quiz.title);
  const [subject, setSubject] = useState(quiz.subject);
  const [timeLimit, setTimeLimit] = useState(quiz.time_limit === QUIZ_TIME_LIMIT.none ? QUIZ_TIME_LIMIT.default : quiz.time_limit);
  const [passingScore, setPassingScore] = useState(quiz.passing_score);
  const [questions, setQuestions] = useState<QuestionBody[]>(() => quiz.questions.map(questionBodyFrom));
  const [draft, setDraft] = useState<QuestionDraft>(() => newQuestionDraft(quiz.subject, quiz.difficulty));
  const [draftProblem, setDraftProblem] = useState<QuestionProblem | null>(null);
  const [problem, setProblem] = useState<EditProblem | null>(null);

  const save = useMutation({
    mutationFn: () =>
      callRoute(assessmentRoutes.updateQuiz, {
        params: { id: quiz.id },
        body: { title: title.trim(), subject: subject.trim(), time_limit: timeLimit, passing_score: passingScore, questions },
      }),
  });

  const check = (): EditProblem | null => {
    if (!Number.isInteger(timeLimit) || timeLimit < limit.min || timeLimit > limit.max) return exam ? 'examTimeLimitRange' : 'timeLimitMin';
    if (!(passingScore >= PASSING_SCORE.min && passingScore <= PASSING_SCORE.max)) return 'passingScoreRange';
    return null;
  };

  const submit = () => {
    const found = check();
    setProblem(found);
    if (found) return;
    save.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('authoring.edit.updated'), tone: 'success' });
        void refresh();
      },
      onError: (error) => toast({ title: detailOr(error, t('authoring.edit.updateFailed')), tone: 'error' }),
    });
  };

  const addQuestion = () => {
    const found = questionProblem(draft);
    setDraftProblem(found);
    if (found) return;
    setQuestions((list) => [...list, questionBody(draft)]);
    setDraft(newQuestionDraft(draft.subject, draft.difficulty));
  };

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
            <FormField label={t('authoring.fields.title')} error={title.trim() ? undefined : t('authoring.validation.titleRequired')}>
              {(field) => <Input {...field} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} data-testid="edit-title" />}
            </FormField>
            <FormField label={t('authoring.fields.subject')}>
              {(field) => <Input {...field} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={100} data-testid="edit-subject" />}
            </FormField>
            <NumberField
              label={t('authoring.fields.timeLimit')}
              hint={exam ? t('authoring.hints.examTimeLimit', { min: limit.min, max: limit.max }) : t('authoring.hints.timeLimitMin', { min: limit.min, max: limit.max })}
              value={timeLimit}
              min={limit.min}
              max={limit.max}
              onChange={(v) => {
                setTimeLimit(v);
                setProblem(null);
              }}
              testId="edit-time-limit"
            />
            <NumberField
              label={t('authoring.fields.passingScore')}
              hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
              value={passingScore}
              min={PASSING_SCORE.min}
              max={PASSING_SCORE.max}
              onChange={(v) => {
                setPassingScore(v);
                setProblem(null);
              }}
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
          <QuestionList questions={questions} onRemove={(index) => setQuestions((list) => list.filter((_, i) => i !== index))} />
          <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h3 className="font-semibold text-slate-900">{t('authoring.question.newTitle')}</h3>
            <QuestionEditor
              value={draft}
              onChange={(next) => {
                setDraft(next);
                setDraftProblem(null);
              }}
              problem={draftProblem}
            />
            <div className="flex justify-end">
              <Button variant="outline" onClick={addQuestion} data-testid="add-question">
                {t('authoring.question.add')}
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
      {problem && (
        <Alert tone="error" data-testid="edit-problem">
          {t(`authoring.validation.${problem}`, { min: limit.min, max: limit.max, scoreMin: PASSING_SCORE.min, scoreMax: PASSING_SCORE.max })}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          {t('authoring.edit.close')}
        </Button>
        <Button onClick={submit} disabled={!title.trim()} loading={save.isPending} data-testid="edit-save">
          {t('authoring.edit.save')}
        </Button>
      </div>
    </div>
  );
}
