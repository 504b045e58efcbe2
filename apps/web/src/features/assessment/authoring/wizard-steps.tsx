import {
  catalogRoutes,
  DIFFICULTIES,
  EXAM_TIME_LIMIT,
  MAX_ATTEMPTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  TEST_MODES,
  type Guard,
} from '@lp/contracts';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import { cn, FormField, Input, Select, Textarea } from '../../../ui';
import { useSignedInUser } from '../../auth';
import { NumberField, Toggle } from './fields';
import type { QuizValues } from './quiz-values';
import { STEPS, type QuizOutput, type Step } from './use-quiz-wizard';

export function StepIndicator({ current, onSelect }: { current: Step; onSelect: (step: Step) => void }) {
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

export interface StepProps {
  register: UseFormRegister<QuizValues>;
  control: Control<QuizValues, unknown, QuizOutput>;
  errors: FieldErrors<QuizValues>;
}

/** Step 1: what the quiz is, its subject and difficulty, and its course. */
export function BasicInfoStep({ register, control, errors }: StepProps) {
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

/** Step 3: how the quiz is taken (mode, time, pass mark, attempts) and published. */
export function SettingsStep({ register, control, errors, testMode }: StepProps & { testMode: QuizValues['test_mode'] }) {
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
