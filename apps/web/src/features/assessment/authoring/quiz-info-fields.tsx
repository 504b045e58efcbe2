import {
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  EXAM_TIME_LIMIT,
  MAX_ATTEMPTS,
  PASSING_SCORE,
  QUIZ_TIME_LIMIT,
  type QuizCreateRequest,
  type TestMode,
} from '@lp/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useValidationText } from '../../../i18n/validation-text';
import { FormField, Input, Select, Textarea } from '../../../ui';
import { NumberField } from './fields';

/** What the simple builders and the exam page ask first: the contract's POST /quizzes request, without questions. */
export type QuizInfo = z.input<typeof QuizCreateRequest>;

/** A new assessment of the course in `testMode`; the exam page starts at 120 minutes and passes at 75. */
export function newQuizInfo(courseId: string, testMode: TestMode): QuizInfo {
  const exam = testMode === 'exam';
  return {
    title: '',
    description: '',
    subject: '',
    difficulty: DEFAULT_DIFFICULTY,
    time_limit: exam ? EXAM_TIME_LIMIT.examPageDefault : QUIZ_TIME_LIMIT.default,
    passing_score: exam ? PASSING_SCORE.examPageDefault : PASSING_SCORE.default,
    max_attempts: MAX_ATTEMPTS.default,
    course_id: courseId,
    test_mode: testMode,
  };
}

interface QuizInfoFieldsProps {
  register: UseFormRegister<QuizInfo>;
  errors: FieldErrors<QuizInfo>;
  testMode: TestMode;
  titleLabel: string;
  /** the page's own words for a missing title (the exam page asks for an exam title) */
  titleRequired?: string;
  disabled?: boolean;
}

/** The first step of the simple builders and the exam page: what the assessment is and its bounds, each message beside its field. */
export function QuizInfoFields({ register, errors, testMode, titleLabel, titleRequired, disabled = false }: QuizInfoFieldsProps) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const exam = testMode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  const titleError = titleRequired && errors.title?.type === 'too_small' ? titleRequired : vt(errors.title?.message);
  return (
    <div className="space-y-4" data-testid="quiz-info-fields">
      <FormField label={titleLabel} error={titleError}>
        {(field) => <Input {...field} {...register('title')} maxLength={200} disabled={disabled} data-testid="quiz-title" />}
      </FormField>
      <FormField label={t('authoring.fields.description')} error={vt(errors.description?.message)}>
        {(field) => <Textarea {...field} {...register('description')} rows={3} disabled={disabled} data-testid="quiz-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.fields.subject')} error={vt(errors.subject?.message)}>
          {(field) => <Input {...field} {...register('subject')} maxLength={100} disabled={disabled} data-testid="quiz-subject" />}
        </FormField>
        <FormField label={t('authoring.fields.difficulty')}>
          {(field) => (
            <Select {...field} {...register('difficulty')} disabled={disabled} data-testid="quiz-difficulty">
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`authoring.difficulties.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
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
          disabled={disabled}
        />
        <NumberField
          label={t('authoring.fields.passingScore')}
          hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
          error={errors.passing_score?.message}
          min={PASSING_SCORE.min}
          max={PASSING_SCORE.max}
          registration={register('passing_score', { valueAsNumber: true })}
          testId="quiz-passing-score"
          disabled={disabled}
        />
        <NumberField
          label={t('authoring.fields.maxAttempts')}
          hint={t('authoring.hints.maxAttempts', { min: MAX_ATTEMPTS.min, max: MAX_ATTEMPTS.max })}
          error={errors.max_attempts?.message}
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          registration={register('max_attempts', { valueAsNumber: true })}
          testId="quiz-max-attempts"
          disabled={disabled}
        />
      </div>
    </div>
  );
}
