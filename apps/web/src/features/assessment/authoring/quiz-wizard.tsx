import {
  assessmentRoutes,
  catalogRoutes,
  DIFFICULTIES,
  EXAM_TIME_LIMIT,
  MAX_ATTEMPTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  TEST_MODES,
  type Difficulty,
  type Guard,
  type QuizAuthor,
  type TestMode,
} from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { Alert, Button, Card, CardContent, cn, FormField, Input, Select, Textarea, useToast } from '../../../ui';
import { useSignedInUser } from '../../auth/session-context';
import { useInstructorCourses } from '../../catalog/shared/catalog-queries';
import { useRefreshAssessments } from './authoring-queries';
import { newQuestionDraft, questionProblem, type QuestionDraft, type QuestionProblem } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { NumberField, Toggle } from './fields';
import { boundValues } from './quiz-info-fields';
import { quizBody, settingsProblem, type QuizValues, type SettingsProblem } from './quiz-values';

const STEPS = ['basic', 'questions', 'settings'] as const;
type Step = (typeof STEPS)[number];
type StepProblem = 'titleRequired' | 'addOneQuestion' | SettingsProblem;

interface QuizWizardProps {
  initial: QuizValues;
  /** the assessment being edited; a new one is created without it */
  editingId: string | null;
  onSaved: (quiz: QuizAuthor) => void;
  onCancel: () => void;
}

/**
 * The builder's 3-step wizard (spec 2): Basic Info, Questions, Settings. Each step checks its
 * own rules before the next opens; the last one saves the whole quiz with its questions
 * through POST /mock-tests, or PUT /mock-tests/{id} (which replaces the question set) when editing.
 */
export function QuizWizard({ initial, editingId, onSaved, onCancel }: QuizWizardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshAssessments();
  const [values, setValues] = useState<QuizValues>(initial);
  const [step, setStep] = useState<Step>('basic');
  const [stepProblem, setStepProblem] = useState<StepProblem | null>(null);
  const [draft, setDraft] = useState<QuestionDraft>(() => newQuestionDraft(initial.subject, initial.difficulty));
  const [draftProblem, setDraftProblem] = useState<QuestionProblem | null>(null);
  /** the position of the listed question being changed in the editor */
  const [editingQuestion, setEditingQuestion] = useState<number | null>(null);
  const set = (patch: Partial<QuizValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setStepProblem(null);
  };

  const save = useMutation({
    mutationFn: (v: QuizValues) =>
      editingId
        ? callRoute(assessmentRoutes.updateMockTest, { params: { id: editingId }, body: quizBody(v) })
        : callRoute(assessmentRoutes.createMockTest, { body: quizBody(v) }),
  });

  const check = (at: Step): StepProblem | null => {
    if (at === 'basic') return values.title.trim() ? null : 'titleRequired';
    if (at === 'questions') return values.questions.length > 0 ? null : 'addOneQuestion';
    return settingsProblem(values);
  };

  const goTo = (target: Step) => {
    // going back is always allowed; going forward needs every step before the target to be complete
    for (const s of STEPS.slice(0, STEPS.indexOf(target))) {
      const problem = check(s);
      if (problem) {
        setStep(s);
        setStepProblem(problem);
        return;
      }
    }
    setStepProblem(null);
    setStep(target);
  };

  const addQuestion = () => {
    const problem = questionProblem(draft);
    setDraftProblem(problem);
    if (problem) return;
    const questions = editingQuestion === null ? [...values.questions, draft] : values.questions.map((q, i) => (i === editingQuestion ? draft : q));
    set({ questions });
    setEditingQuestion(null);
    setDraft(newQuestionDraft(draft.subject, draft.difficulty));
  };

  const finish = () => {
    for (const s of STEPS) {
      const problem = check(s);
      if (problem) {
        setStep(s);
        setStepProblem(problem);
        return;
      }
    }
    save.mutate(values, {
      onSuccess: (quiz) => {
        toast({ title: editingId ? t('authoring.builder.updated') : t('authoring.builder.created'), tone: 'success' });
        void refresh();
        onSaved(quiz);
      },
      onError: (error) => toast({ title: detailOr(error, editingId ? t('authoring.builder.updateFailed') : t('authoring.builder.createFailed')), tone: 'error' }),
    });
  };

  const problemText = stepProblem
    ? t(`authoring.validation.${stepProblem}`, boundValues(values.test_mode))
    : null;

  return (
    <div className="space-y-6" data-testid="quiz-wizard" data-step={step} data-mode={editingId ? 'edit' : 'create'}>
      <StepIndicator current={step} onSelect={goTo} />
      <Card>
        <CardContent className="space-y-4 pt-6">
          {step === 'basic' && <BasicInfoStep values={values} set={set} />}
          {step === 'questions' && (
            <div className="space-y-6">
              <section aria-labelledby="wizard-questions-heading" className="space-y-3">
                <h2 id="wizard-questions-heading" className="text-lg font-semibold text-slate-900">
                  {t('authoring.builder.questionsTitle', { count: values.questions.length })}
                </h2>
                <QuestionList
                  questions={values.questions}
                  onEdit={(index) => {
                    setEditingQuestion(index);
                    setDraft(values.questions[index]!);
                    setDraftProblem(null);
                  }}
                  onRemove={(index) => {
                    set({ questions: values.questions.filter((_, i) => i !== index) });
                    if (editingQuestion === index) {
                      setEditingQuestion(null);
                      setDraft(newQuestionDraft(draft.subject, draft.difficulty));
                    }
                  }}
                />
              </section>
              <section aria-labelledby="wizard-editor-heading" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                <h3 id="wizard-editor-heading" className="font-semibold text-slate-900">
                  {editingQuestion === null ? t('authoring.question.newTitle') : t('authoring.question.editTitle', { number: editingQuestion + 1 })}
                </h3>
                <QuestionEditor
                  value={draft}
                  onChange={(next) => {
                    setDraft(next);
                    setDraftProblem(null);
                  }}
                  problem={draftProblem}
                />
                <div className="flex flex-wrap justify-end gap-2">
                  {editingQuestion !== null && (
                    <Button
                      variant="outline"
                      onClick={() => {
                        setEditingQuestion(null);
                        setDraft(newQuestionDraft(draft.subject, draft.difficulty));
                        setDraftProblem(null);
                      }}
                    >
                      {t('common.cancel')}
                    </Button>
                  )}
                  <Button onClick={addQuestion} data-testid="add-question">
                    {editingQuestion === null ? t('authoring.question.add') : t('authoring.question.update')}
                  </Button>
                </div>
              </section>
            </div>
          )}
          {step === 'settings' && <SettingsStep values={values} set={set} />}
          {problemText && (
            <Alert tone="error" data-testid="wizard-problem">
              {problemText}
            </Alert>
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onCancel} disabled={save.isPending} data-testid="wizard-cancel">
          {t('common.cancel')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step !== 'basic' && (
            <Button variant="outline" onClick={() => goTo(STEPS[STEPS.indexOf(step) - 1]!)} disabled={save.isPending} data-testid="wizard-back">
              {t('authoring.builder.previous')}
            </Button>
          )}
          {step !== 'settings' ? (
            <Button onClick={() => goTo(STEPS[STEPS.indexOf(step) + 1]!)} data-testid="wizard-next">
              {t('authoring.builder.next')}
            </Button>
          ) : (
            <Button onClick={finish} loading={save.isPending} data-testid="wizard-save">
              {editingId ? t('authoring.builder.saveChanges') : t('authoring.builder.createQuiz')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

function StepIndicator({ current, onSelect }: { current: Step; onSelect: (step: Step) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('authoring.builder.stepsLabel')}>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((step, index) => {
          const active = step === current;
          const done = STEPS.indexOf(current) > index;
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onSelect(step)}
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex w-full cursor-pointer flex-col items-center gap-1 rounded-lg border px-2 py-2 text-center text-xs font-medium sm:flex-row sm:text-sm',
                  active ? 'border-primary bg-primary-soft text-primary-strong' : done ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-slate-200 bg-white text-slate-700',
                )}
                data-testid={`wizard-step-${step}`}
              >
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white font-semibold ring-1 ring-current">{index + 1}</span>
                <span>{t(`authoring.builder.steps.${step}`)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type Setter = (patch: Partial<QuizValues>) => void;

function BasicInfoStep({ values, set }: { values: QuizValues; set: Setter }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // mentors own no courses: they build stand-alone quizzes and are not asked for a list they may not read
  const guard: Guard = catalogRoutes.instructorCourses.guard;
  const ownsCourses = typeof guard === 'string' || guard.includes(user.role);
  const courses = useInstructorCourses(ownsCourses);
  return (
    <>
      <FormField label={t('authoring.fields.title')}>
        {(field) => <Input {...field} value={values.title} onChange={(e) => set({ title: e.target.value })} maxLength={200} data-testid="quiz-title" />}
      </FormField>
      <FormField label={t('authoring.fields.description')}>
        {(field) => <Textarea {...field} rows={3} value={values.description} onChange={(e) => set({ description: e.target.value })} data-testid="quiz-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('authoring.fields.subject')}>
          {(field) => <Input {...field} value={values.subject} onChange={(e) => set({ subject: e.target.value })} maxLength={100} data-testid="quiz-subject" />}
        </FormField>
        <FormField label={t('authoring.fields.difficulty')}>
          {(field) => (
            <Select {...field} value={values.difficulty} onChange={(e) => set({ difficulty: e.target.value as Difficulty })} data-testid="quiz-difficulty">
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`authoring.difficulties.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('authoring.fields.course')} hint={courses.isError ? t('authoring.builder.coursesFailed') : undefined}>
          {(field) => (
            <Select {...field} value={values.course_id} onChange={(e) => set({ course_id: e.target.value })} data-testid="quiz-course">
              <option value="">{t('authoring.fields.noCourse')}</option>
              {(courses.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
              {values.course_id && courses.data && !courses.data.some((c) => c.id === values.course_id) && <option value={values.course_id}>{t('authoring.fields.otherCourse')}</option>}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('authoring.fields.instructions')}>
        {(field) => <Textarea {...field} rows={3} value={values.instructions} onChange={(e) => set({ instructions: e.target.value })} data-testid="quiz-instructions" />}
      </FormField>
    </>
  );
}

function SettingsStep({ values, set }: { values: QuizValues; set: Setter }) {
  const { t } = useTranslation();
  const exam = values.test_mode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.fields.testMode')}>
          {(field) => (
            <Select {...field} value={values.test_mode} onChange={(e) => set({ test_mode: e.target.value as TestMode })} data-testid="quiz-test-mode">
              {TEST_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`authoring.testModes.${m}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <NumberField
          label={t('authoring.fields.timeLimit')}
          hint={exam ? t('authoring.hints.examTimeLimit', { min: limit.min, max: limit.max }) : t('authoring.hints.quizTimeLimit', { min: limit.min, max: limit.max })}
          value={values.time_limit}
          min={exam ? EXAM_TIME_LIMIT.min : QUIZ_TIME_LIMIT.none}
          max={limit.max}
          onChange={(time_limit) => set({ time_limit })}
          testId="quiz-time-limit"
        />
        <NumberField
          label={t('authoring.fields.passingScore')}
          hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
          value={values.passing_score}
          min={PASSING_SCORE.min}
          max={PASSING_SCORE.max}
          onChange={(passing_score) => set({ passing_score })}
          testId="quiz-passing-score"
        />
        <NumberField
          label={t('authoring.fields.maxAttempts')}
          hint={t('authoring.hints.maxAttempts', { min: MAX_ATTEMPTS.min, max: MAX_ATTEMPTS.max })}
          value={values.max_attempts}
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          onChange={(max_attempts) => set({ max_attempts })}
          testId="quiz-max-attempts"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle label={t('authoring.fields.allowMultipleAttempts')} checked={values.allow_multiple_attempts} onChange={(allow_multiple_attempts) => set({ allow_multiple_attempts })} testId="quiz-multiple-attempts" />
        <Toggle label={t('authoring.fields.randomizeQuestions')} checked={values.randomize_questions} onChange={(randomize_questions) => set({ randomize_questions })} testId="quiz-randomize" />
        <Toggle label={t('authoring.fields.showResultsImmediately')} checked={values.show_results_immediately} onChange={(show_results_immediately) => set({ show_results_immediately })} testId="quiz-show-results" />
        <Toggle label={t('authoring.fields.isPublished')} checked={values.is_published} onChange={(is_published) => set({ is_published })} testId="quiz-published" />
        <Toggle label={t('authoring.fields.isMockTest')} checked={values.is_mock_test} onChange={(is_mock_test) => set({ is_mock_test })} testId="quiz-mock-test" />
      </div>
    </>
  );
}
