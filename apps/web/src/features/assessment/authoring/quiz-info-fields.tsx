import { DIFFICULTIES, EXAM_TIME_LIMIT, MAX_ATTEMPTS, PASSING_SCORE, QUIZ_TIME_LIMIT, type Difficulty, type TestMode } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { FormField, Input, Select, Textarea } from '../../../ui';
import { NumberField } from './fields';

export interface QuizInfo {
  title: string;
  description: string;
  subject: string;
  difficulty: Difficulty;
  time_limit: number;
  passing_score: number;
  max_attempts: number;
}

interface QuizInfoFieldsProps {
  values: QuizInfo;
  set: (patch: Partial<QuizInfo>) => void;
  testMode: TestMode;
  titleLabel: string;
  disabled?: boolean;
}

/** The first step of the simple builders and the exam page: what the assessment is and its bounds. */
export function QuizInfoFields({ values, set, testMode, titleLabel, disabled = false }: QuizInfoFieldsProps) {
  const { t } = useTranslation();
  const exam = testMode === 'exam';
  const limit = exam ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  return (
    <div className="space-y-4" data-testid="quiz-info-fields">
      <FormField label={titleLabel}>
        {(field) => <Input {...field} value={values.title} onChange={(e) => set({ title: e.target.value })} maxLength={200} disabled={disabled} data-testid="quiz-title" />}
      </FormField>
      <FormField label={t('authoring.fields.description')}>
        {(field) => <Textarea {...field} rows={3} value={values.description} onChange={(e) => set({ description: e.target.value })} disabled={disabled} data-testid="quiz-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.fields.subject')}>
          {(field) => <Input {...field} value={values.subject} onChange={(e) => set({ subject: e.target.value })} maxLength={100} disabled={disabled} data-testid="quiz-subject" />}
        </FormField>
        <FormField label={t('authoring.fields.difficulty')}>
          {(field) => (
            <Select {...field} value={values.difficulty} onChange={(e) => set({ difficulty: e.target.value as Difficulty })} disabled={disabled} data-testid="quiz-difficulty">
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
          hint={exam ? t('authoring.hints.examTimeLimit', { min: limit.min, max: limit.max }) : t('authoring.hints.timeLimitMin', { min: limit.min, max: limit.max })}
          value={values.time_limit}
          min={limit.min}
          max={limit.max}
          onChange={(time_limit) => set({ time_limit })}
          testId="quiz-time-limit"
          disabled={disabled}
        />
        <NumberField
          label={t('authoring.fields.passingScore')}
          hint={t('authoring.hints.passingScore', { min: PASSING_SCORE.min, max: PASSING_SCORE.max })}
          value={values.passing_score}
          min={PASSING_SCORE.min}
          max={PASSING_SCORE.max}
          onChange={(passing_score) => set({ passing_score })}
          testId="quiz-passing-score"
          disabled={disabled}
        />
        <NumberField
          label={t('authoring.fields.maxAttempts')}
          hint={t('authoring.hints.maxAttempts', { min: MAX_ATTEMPTS.min, max: MAX_ATTEMPTS.max })}
          value={values.max_attempts}
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          onChange={(max_attempts) => set({ max_attempts })}
          testId="quiz-max-attempts"
          disabled={disabled}
        />
      </div>
    </div>
  );
}

/**
 * The simple pages' bounds: the edit rules of spec 5 (time limit at least 1 here, no "0 = no
 * limit"; an exam 15-480), passing score 0-100, max attempts 1-10.
 */
export function infoProblem(v: QuizInfo, testMode: TestMode): 'examTimeLimitRange' | 'timeLimitMin' | 'passingScoreRange' | 'maxAttemptsRange' | null {
  const limit = testMode === 'exam' ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  if (!Number.isInteger(v.time_limit) || v.time_limit < limit.min || v.time_limit > limit.max) return testMode === 'exam' ? 'examTimeLimitRange' : 'timeLimitMin';
  if (!(v.passing_score >= PASSING_SCORE.min && v.passing_score <= PASSING_SCORE.max)) return 'passingScoreRange';
  if (!Number.isInteger(v.max_attempts) || v.max_attempts < MAX_ATTEMPTS.min || v.max_attempts > MAX_ATTEMPTS.max) return 'maxAttemptsRange';
  return null;
}

/** Interpolation values every bound message of authoring.validation may use. */
export function boundValues(testMode: TestMode) {
  const limit = testMode === 'exam' ? EXAM_TIME_LIMIT : QUIZ_TIME_LIMIT;
  return {
    min: limit.min,
    max: limit.max,
    scoreMin: PASSING_SCORE.min,
    scoreMax: PASSING_SCORE.max,
    attemptsMin: MAX_ATTEMPTS.min,
    attemptsMax: MAX_ATTEMPTS.max,
  };
}
