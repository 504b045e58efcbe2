import { zodResolver } from '@hookform/resolvers/zod';
import {
  assessmentRoutes,
  catalogRoutes,
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  EXAM_TIME_LIMIT,
  MAX_ATTEMPTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  TEST_MODES,
  type Guard,
  type QuizAuthor,
} from '@lp/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import { Button, Card, CardContent, cn, FormField, Input, Select, Textarea, useToast } from '../../../ui';
import { useSignedInUser } from '../../auth/session-context';
import { NumberField, Toggle } from './fields';
import { completeDraft, draftFromQuestion, newQuestionDraft, type QuestionDraft } from './question-draft';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { quizFormSchema, type QuizValues } from './quiz-values';

const STEPS = ['basic', 'questions', 'settings'] as const;
type Step = (typeof STEPS)[number];
type QuizOutput = z.output<ReturnType<typeof quizFormSchema>>;

/** The fields each step checks before the next one opens. */
const STEP_FIELDS = {
  basic: ['title', 'description', 'subject', 'difficulty', 'course_id', 'instructions'],
  questions: ['questions'],
  settings: ['test_mode', 'time_limit', 'passing_score', 'max_attempts'],
} as const satisfies Record<Step, readonly (keyof QuizValues)[]>;

interface QuizWizardProps {
  initial: QuizValues;
  /** the assessment being edited; a new one is created without it */
  editingId: string | null;
  onSaved: (quiz: QuizAuthor) => void;
  onCancel: () => void;
}

/** The question being edited: a new one, or the listed one at `index`; `key` starts the editor again. */
interface EditorState {
  index: number | null;
  start: QuestionDraft;
  key: number;
}

/**
 * The builder's 3-step wizard (spec 2): Basic Info, Questions, Settings, one form checked by the
 * contract's mock-test schema (plus the builder's own rule: at least one question). Each step
 * checks its fields before the next opens; the last one saves the whole quiz with its questions
 * through POST /mock-tests, or PUT /mock-tests/{id} (which replaces the question set) when editing.
 */
export function QuizWizard({ initial, editingId, onSaved, onCancel }: QuizWizardProps) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const addOneQuestion = t('authoring.validation.addOneQuestion');
  const schema = useMemo(() => quizFormSchema(addOneQuestion), [addOneQuestion]);
  const form = useForm<QuizValues, unknown, QuizOutput>({ resolver: zodResolver(schema), defaultValues: initial });
  const { errors } = form.formState;
  const [step, setStep] = useState<Step>('basic');
  const [editor, setEditor] = useState<EditorState>(() => ({
    index: null,
    start: newQuestionDraft(initial.subject, initial.difficulty),
    key: 0,
  }));
  const questions = form.watch('questions') ?? [];
  const subject = form.watch('subject') ?? '';
  const difficulty = form.watch('difficulty') ?? DEFAULT_DIFFICULTY;

  const create = useRouteMutation(assessmentRoutes.createMockTest, { invalidates: ['assessment.'] });
  const update = useRouteMutation(assessmentRoutes.updateMockTest, { invalidates: ['assessment.'] });
  const saving = create.isPending || update.isPending;

  /** The first of the steps before the `before`-th whose fields do not pass, or null. */
  const firstIncomplete = async (before: number): Promise<Step | null> => {
    for (const s of STEPS.slice(0, before)) {
      if (!(await form.trigger(STEP_FIELDS[s]))) return s;
    }
    return null;
  };

  const goTo = async (target: Step) => {
    // going back is always allowed; going forward needs every step before the target to be complete
    setStep((await firstIncomplete(STEPS.indexOf(target))) ?? target);
  };

  const newEditor = (index: number | null, start: QuestionDraft) => setEditor((e) => ({ index, start, key: e.key + 1 }));
  const setQuestions = (next: QuizValues['questions']) =>
    form.setValue('questions', next, { shouldValidate: form.formState.isSubmitted || Boolean(errors.questions) });

  const finish = async () => {
    const incomplete = await firstIncomplete(STEPS.length);
    if (incomplete) {
      setStep(incomplete);
      return;
    }
    await form.handleSubmit((body) => {
      const done = {
        onSuccess: (quiz: QuizAuthor) => {
          toast({ title: editingId ? t('authoring.builder.updated') : t('authoring.builder.created'), tone: 'success' });
          onSaved(quiz);
        },
        onError: (error: Error) =>
          toast({
            title: detailOr(error, editingId ? t('authoring.builder.updateFailed') : t('authoring.builder.createFailed')),
            tone: 'error',
          }),
      };
      if (editingId) update.mutate({ params: { id: editingId }, body }, done);
      else create.mutate({ body }, done);
    })();
  };

  const questionsError = errors.questions?.root?.message ?? errors.questions?.message;

  return (
    <div className="space-y-6" data-testid="quiz-wizard" data-step={step} data-mode={editingId ? 'edit' : 'create'}>
      <StepIndicator current={step} onSelect={(s) => void goTo(s)} />
      <Card>
        <CardContent className="space-y-4 pt-6">
          {step === 'basic' && <BasicInfoStep register={form.register} control={form.control} errors={errors} />}
          {step === 'questions' && (
            <div className="space-y-6">
              <section aria-labelledby="wizard-questions-heading" className="space-y-3">
                <h2 id="wizard-questions-heading" className="text-lg font-semibold text-slate-900">
                  {t('authoring.builder.questionsTitle', { count: questions.length })}
                </h2>
                <QuestionList
                  questions={questions.map(completeDraft)}
                  onEdit={(index) => newEditor(index, draftFromQuestion(completeDraft(questions[index]!)))}
                  onRemove={(index) => {
                    setQuestions(questions.filter((_, i) => i !== index));
                    if (editor.index === index) newEditor(null, newQuestionDraft(subject, difficulty));
                  }}
                />
                {questionsError && (
                  <p className="text-sm font-medium text-red-700" role="alert">
                    {vt(questionsError)}
                  </p>
                )}
              </section>
              <section aria-labelledby="wizard-editor-heading" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                <h3 id="wizard-editor-heading" className="font-semibold text-slate-900">
                  {editor.index === null
                    ? t('authoring.question.newTitle')
                    : t('authoring.question.editTitle', { number: editor.index + 1 })}
                </h3>
                <QuestionEditor
                  key={editor.key}
                  initial={editor.start}
                  submitLabel={editor.index === null ? t('authoring.question.add') : t('authoring.question.update')}
                  onSubmit={(question) => {
                    setQuestions(
                      editor.index === null ? [...questions, question] : questions.map((q, i) => (i === editor.index ? question : q)),
                    );
                    if (editor.index !== null) newEditor(null, newQuestionDraft(question.subject, question.difficulty));
                    return true;
                  }}
                  actions={
                    editor.index !== null && (
                      <Button variant="outline" onClick={() => newEditor(null, newQuestionDraft(subject, difficulty))}>
                        {t('common.cancel')}
                      </Button>
                    )
                  }
                />
              </section>
            </div>
          )}
          {step === 'settings' && (
            <SettingsStep register={form.register} control={form.control} errors={errors} testMode={form.watch('test_mode')} />
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onCancel} disabled={saving} data-testid="wizard-cancel">
          {t('common.cancel')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step !== 'basic' && (
            <Button
              variant="outline"
              onClick={() => void goTo(STEPS[STEPS.indexOf(step) - 1]!)}
              disabled={saving}
              data-testid="wizard-back"
            >
              {t('authoring.builder.previous')}
            </Button>
          )}
          {step !== 'settings' ? (
            <Button onClick={() => void goTo(STEPS[STEPS.indexOf(step) + 1]!)} data-testid="wizard-next">
              {t('authoring.builder.next')}
            </Button>
          ) : (
            <Button onClick={() => void finish()} loading={saving} data-testid="wizard-save">
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
                  active
                    ? 'border-primary bg-primary-soft text-primary-strong'
                    : done
                      ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                      : 'border-slate-200 bg-white text-slate-700',
                )}
                data-testid={`wizard-step-${step}`}
              >
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white font-semibold ring-1 ring-current">
                  {index + 1}
                </span>
                <span>{t(`authoring.builder.steps.${step}`)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface StepProps {
  register: UseFormRegister<QuizValues>;
  control: Control<QuizValues, unknown, QuizOutput>;
  errors: FieldErrors<QuizValues>;
}

function BasicInfoStep({ register, control, errors }: StepProps) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const user = useSignedInUser();
  // mentors own no courses: they build stand-alone quizzes and are not asked for a list they may not read
  const guard: Guard = catalogRoutes.instructorCourses.guard;
  const ownsCourses = typeof guard === 'string' || guard.includes(user.role);
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {}, { enabled: ownsCourses });
  return (
    <>
      <FormField label={t('authoring.fields.title')} error={vt(errors.title?.message)}>
        {(field) => <Input {...field} {...register('title')} maxLength={200} data-testid="quiz-title" />}
      </FormField>
      <FormField label={t('authoring.fields.description')} error={vt(errors.description?.message)}>
        {(field) => <Textarea {...field} {...register('description')} rows={3} data-testid="quiz-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('authoring.fields.subject')} error={vt(errors.subject?.message)}>
          {(field) => <Input {...field} {...register('subject')} maxLength={100} data-testid="quiz-subject" />}
        </FormField>
        <FormField label={t('authoring.fields.difficulty')}>
          {(field) => (
            <Select {...field} {...register('difficulty')} data-testid="quiz-difficulty">
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
            <Controller
              control={control}
              name="course_id"
              render={({ field: { value, onChange, onBlur, ref } }) => (
                // no course is null in the contract and '' in the select
                <Select
                  {...field}
                  ref={ref}
                  value={value ?? ''}
                  onChange={(e) => onChange(e.target.value || null)}
                  onBlur={onBlur}
                  data-testid="quiz-course"
                >
                  <option value="">{t('authoring.fields.noCourse')}</option>
                  {(courses.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                  {value && courses.data && !courses.data.some((c) => c.id === value) && (
                    <option value={value}>{t('authoring.fields.otherCourse')}</option>
                  )}
                </Select>
              )}
            />
          )}
        </FormField>
      </div>
      <FormField label={t('authoring.fields.instructions')} error={vt(errors.instructions?.message)}>
        {(field) => <Textarea {...field} {...register('instructions')} rows={3} data-testid="quiz-instructions" />}
      </FormField>
    </>
  );
}

type ToggleName = 'allow_multiple_attempts' | 'randomize_questions' | 'show_results_immediately' | 'is_published' | 'is_mock_test';

function SettingsStep({ register, control, errors, testMode }: StepProps & { testMode: QuizValues['test_mode'] }) {
  const { t } = useTranslation();
  const exam = testMode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  const toggle = (name: ToggleName, label: string, testId: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Toggle label={label} checked={field.value ?? false} onChange={field.onChange} testId={testId} />}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.fields.testMode')}>
          {(field) => (
            <Select {...field} {...register('test_mode')} data-testid="quiz-test-mode">
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
          hint={
            exam
              ? t('authoring.hints.examTimeLimit', { min: limit.min, max: limit.max })
              : t('authoring.hints.quizTimeLimit', { min: limit.min, max: limit.max })
          }
          error={errors.time_limit?.message}
          min={exam ? EXAM_TIME_LIMIT.min : QUIZ_TIME_LIMIT.none}
          max={limit.max}
          registration={register('time_limit', { valueAsNumber: true })}
          testId="quiz-time-limit"
        />
        <NumberField
          label={t('authoring.fields.passingScore')}
          hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
          error={errors.passing_score?.message}
          min={PASSING_SCORE.min}
          max={PASSING_SCORE.max}
          registration={register('passing_score', { valueAsNumber: true })}
          testId="quiz-passing-score"
        />
        <NumberField
          label={t('authoring.fields.maxAttempts')}
          hint={t('authoring.hints.maxAttempts', { min: MAX_ATTEMPTS.min, max: MAX_ATTEMPTS.max })}
          error={errors.max_attempts?.message}
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          registration={register('max_attempts', { valueAsNumber: true })}
          testId="quiz-max-attempts"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {toggle('allow_multiple_attempts', t('authoring.fields.allowMultipleAttempts'), 'quiz-multiple-attempts')}
        {toggle('randomize_questions', t('authoring.fields.randomizeQuestions'), 'quiz-randomize')}
        {toggle('show_results_immediately', t('authoring.fields.showResultsImmediately'), 'quiz-show-results')}
        {toggle('is_published', t('authoring.fields.isPublished'), 'quiz-published')}
        {toggle('is_mock_test', t('authoring.fields.isMockTest'), 'quiz-mock-test')}
      </div>
    </>
  );
}
