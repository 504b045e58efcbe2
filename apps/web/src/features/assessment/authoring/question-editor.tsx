import {
  ANSWER_OPTIONS,
  DIFFICULTIES,
  ESSAY_MAX_LENGTH,
  QUESTION_POINTS,
  QUESTION_TYPES,
  SHORT_ANSWER_MAX_LENGTH,
  TRUE_FALSE_OPTIONS,
  type Difficulty,
  type QuestionType,
} from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FormField, Input, Label, Select, Textarea } from '../../../ui';
import { optionLetter, type QuestionDraft, type QuestionProblem } from './question-draft';

interface QuestionEditorProps {
  value: QuestionDraft;
  onChange: (next: QuestionDraft) => void;
  /** the message of the last refused add, shown until the question changes */
  problem: QuestionProblem | null;
  /** the institution page offers multiple choice and true/false only */
  types?: readonly QuestionType[];
  disabled?: boolean;
}

/**
 * One question's fields: text, type, options lettered from A (2-6, four by default), the
 * correct answer, points, subject, difficulty and explanation. The correct answer of a
 * multiple-choice question is picked from the options and follows an option when it is renamed.
 */
export function QuestionEditor({ value, onChange, problem, types = QUESTION_TYPES, disabled = false }: QuestionEditorProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...value, ...patch });
  const filled = value.options.map((o) => o.trim()).filter((o) => o !== '');

  const renameOption = (index: number, text: string) => {
    const before = value.options[index]?.trim() ?? '';
    const options = value.options.map((o, i) => (i === index ? text : o));
    const followsRename = before !== '' && value.correct_answer === before;
    set({ options, ...(followsRename ? { correct_answer: text.trim() } : {}) });
  };
  const removeOption = (index: number) => {
    const removed = value.options[index]?.trim() ?? '';
    set({ options: value.options.filter((_, i) => i !== index), ...(removed !== '' && removed === value.correct_answer ? { correct_answer: '' } : {}) });
  };
  const changeType = (type: QuestionType) => {
    // the answer of one type means nothing to another
    set({ question_type: type, correct_answer: '' });
  };

  return (
    <div className="space-y-4" data-testid="question-editor">
      <FormField label={t('authoring.question.text')}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={value.question_text}
            onChange={(e) => set({ question_text: e.target.value })}
            disabled={disabled}
            data-testid="question-text"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('authoring.question.type')}>
          {(field) => (
            <Select {...field} value={value.question_type} onChange={(e) => changeType(e.target.value as QuestionType)} disabled={disabled} data-testid="question-type">
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`authoring.questionTypes.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('authoring.question.points')} hint={t('authoring.question.pointsHint', { min: QUESTION_POINTS.min, max: QUESTION_POINTS.max })}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={QUESTION_POINTS.min}
              max={QUESTION_POINTS.max}
              step={1}
              value={Number.isNaN(value.points) ? '' : value.points}
              onChange={(e) => set({ points: e.target.valueAsNumber })}
              disabled={disabled}
              data-testid="question-points"
            />
          )}
        </FormField>
        <FormField label={t('authoring.question.difficulty')}>
          {(field) => (
            <Select {...field} value={value.difficulty} onChange={(e) => set({ difficulty: e.target.value as Difficulty })} disabled={disabled} data-testid="question-difficulty">
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`authoring.difficulties.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {value.question_type === 'multiple_choice' && (
        <fieldset className="space-y-2" data-testid="question-options">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('authoring.question.options')}</legend>
          {value.options.map((option, index) => (
            <div key={index} className="flex items-center gap-2">
              <Label htmlFor={`${idBase}-option-${index}`} className="w-6 shrink-0 text-center font-semibold">
                {optionLetter(index)}
              </Label>
              <Input
                id={`${idBase}-option-${index}`}
                value={option}
                onChange={(e) => renameOption(index, e.target.value)}
                placeholder={t('authoring.question.optionPlaceholder', { letter: optionLetter(index) })}
                disabled={disabled}
                data-testid={`question-option-${index}`}
              />
              {value.options.length > ANSWER_OPTIONS.min && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => removeOption(index)}
                  disabled={disabled}
                  aria-label={t('authoring.question.removeOption', { letter: optionLetter(index) })}
                  data-testid={`question-remove-option-${index}`}
                >
                  ×
                </Button>
              )}
            </div>
          ))}
          {value.options.length < ANSWER_OPTIONS.max && (
            <Button variant="outline" size="sm" onClick={() => set({ options: [...value.options, ''] })} disabled={disabled} data-testid="question-add-option">
              {t('authoring.question.addOption')}
            </Button>
          )}
          <p className="text-xs text-slate-600">{t('authoring.question.optionsHint', { min: ANSWER_OPTIONS.min, max: ANSWER_OPTIONS.max })}</p>
        </fieldset>
      )}

      <CorrectAnswerField value={value} filled={filled} onChange={(correct_answer) => set({ correct_answer })} disabled={disabled} />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.question.subject')}>
          {(field) => <Input {...field} value={value.subject} onChange={(e) => set({ subject: e.target.value })} disabled={disabled} data-testid="question-subject" />}
        </FormField>
        <FormField label={t('authoring.question.explanation')}>
          {(field) => (
            <Textarea {...field} rows={2} value={value.explanation} onChange={(e) => set({ explanation: e.target.value })} disabled={disabled} data-testid="question-explanation" />
          )}
        </FormField>
      </div>
      {problem && (
        <Alert tone="error" data-testid="question-problem">
          {t(`authoring.validation.${problem}`, { min: QUESTION_POINTS.min, max: QUESTION_POINTS.max, limit: SHORT_ANSWER_MAX_LENGTH })}
        </Alert>
      )}
    </div>
  );
}

function CorrectAnswerField({
  value,
  filled,
  onChange,
  disabled,
}: {
  value: QuestionDraft;
  filled: string[];
  onChange: (answer: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  switch (value.question_type) {
    case 'multiple_choice':
    case 'true_false': {
      const choices = value.question_type === 'true_false' ? [...TRUE_FALSE_OPTIONS] : [...new Set(filled)];
      return (
        <FormField label={t('authoring.question.correctAnswer')}>
          {(field) => (
            <Select {...field} value={choices.includes(value.correct_answer) ? value.correct_answer : ''} onChange={(e) => onChange(e.target.value)} disabled={disabled} data-testid="question-correct">
              <option value="">{t('authoring.question.chooseCorrect')}</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {value.question_type === 'true_false' ? t(`authoring.trueFalse.${choice === 'True' ? 'true' : 'false'}`) : choice}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      );
    }
    case 'short_answer':
      return (
        <FormField label={t('authoring.question.correctAnswer')} hint={t('authoring.question.maxChars', { limit: SHORT_ANSWER_MAX_LENGTH })}>
          {(field) => (
            <Input {...field} value={value.correct_answer} maxLength={SHORT_ANSWER_MAX_LENGTH} onChange={(e) => onChange(e.target.value)} disabled={disabled} data-testid="question-correct" />
          )}
        </FormField>
      );
    case 'essay':
      return (
        <FormField label={t('authoring.question.modelAnswer')} hint={t('authoring.question.essayHint')}>
          {(field) => (
            <Textarea {...field} rows={3} value={value.correct_answer} maxLength={ESSAY_MAX_LENGTH} onChange={(e) => onChange(e.target.value)} disabled={disabled} data-testid="question-correct" />
          )}
        </FormField>
      );
  }
}
