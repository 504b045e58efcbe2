import {
  ANSWER_OPTIONS,
  DEFAULT_QUESTION_TYPE,
  DIFFICULTIES,
  ESSAY_MAX_LENGTH,
  QUESTION_POINTS,
  QUESTION_TYPES,
  QuestionCreateRequest,
  SHORT_ANSWER_MAX_LENGTH,
  TRUE_FALSE_OPTIONS,
  type QuestionInput,
  type QuestionType,
} from '@lp/contracts';
import { useId, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Input, Label, Select, Textarea } from '../../../ui';
import { FieldMessage, useContractForm } from '../../../ui/form';
import { newQuestionDraft, optionLetter, type QuestionDraft } from './question-draft';

interface QuestionEditorProps {
  /** what the editor starts from: a new question, or a listed one being changed (give it a new key to start again) */
  initial: QuestionDraft;
  /** the contract's question, checked and normalised; true when it was taken, which starts a new question */
  onSubmit: (question: QuestionInput) => boolean | Promise<boolean>;
  /** a rule of the page that comes before the question's own (the exam must exist first): true stops the add */
  blocked?: () => boolean;
  submitLabel: string;
  pending?: boolean;
  /** the institution page offers multiple choice and true/false only */
  types?: readonly QuestionType[];
  disabled?: boolean;
  /** more buttons beside the submit (cancel an edit) */
  actions?: ReactNode;
}

/**
 * One question's form: text, type, options lettered from A (2-6, four by default), the correct
 * answer, points, subject, difficulty and explanation, checked by the contract's question schema
 * with each message beside its field. The correct answer of a multiple-choice question is picked
 * from the options and follows an option when it is renamed.
 */
export function QuestionEditor({
  initial,
  onSubmit,
  blocked,
  submitLabel,
  pending = false,
  types = QUESTION_TYPES,
  disabled = false,
  actions,
}: QuestionEditorProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const form = useContractForm<QuestionDraft, QuestionInput>(QuestionCreateRequest, { defaultValues: initial });
  const optionsError = form.errorText('options');
  const type = form.watch('question_type') ?? DEFAULT_QUESTION_TYPE;
  const options = form.watch('options') ?? [];

  const setOptions = (next: string[]) => form.setValue('options', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const renameOption = (index: number, text: string) => {
    const before = options[index]?.trim() ?? '';
    setOptions(options.map((o, i) => (i === index ? text : o)));
    if (before !== '' && form.getValues('correct_answer') === before) form.setValue('correct_answer', text.trim());
  };
  const removeOption = (index: number) => {
    const removed = options[index]?.trim() ?? '';
    setOptions(options.filter((_, i) => i !== index));
    if (removed !== '' && removed === form.getValues('correct_answer')) form.setValue('correct_answer', '');
  };

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    if (blocked?.()) return;
    void form.handleSubmit(async (question) => {
      if (await onSubmit(question)) form.reset(newQuestionDraft(question.subject, question.difficulty));
    })();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="question-editor">
      <FormField label={t('authoring.question.text')} error={form.errorText('question_text')}>
        {(field) => <Textarea {...field} {...form.register('question_text')} rows={3} disabled={disabled} data-testid="question-text" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('authoring.question.type')}>
          {(field) => (
            <Select
              {...field}
              // the answer of one type means nothing to another
              {...form.register('question_type', { onChange: () => form.setValue('correct_answer', '') })}
              disabled={disabled}
              data-testid="question-type"
            >
              {types.map((value) => (
                <option key={value} value={value}>
                  {t(`authoring.questionTypes.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t('authoring.question.points')}
          hint={t('authoring.question.pointsHint', { min: QUESTION_POINTS.min, max: QUESTION_POINTS.max })}
          error={form.errorText('points')}
        >
          {(field) => (
            <Input
              {...field}
              {...form.register('points', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={QUESTION_POINTS.min}
              max={QUESTION_POINTS.max}
              step={1}
              disabled={disabled}
              data-testid="question-points"
            />
          )}
        </FormField>
        <FormField label={t('authoring.question.difficulty')}>
          {(field) => (
            <Select {...field} {...form.register('difficulty')} disabled={disabled} data-testid="question-difficulty">
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`authoring.difficulties.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {type === 'multiple_choice' && (
        <fieldset
          className="space-y-2"
          data-testid="question-options"
          aria-describedby={optionsError ? `${idBase}-options-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('authoring.question.options')}</legend>
          {options.map((option, index) => (
            <div key={index} className="flex items-center gap-2">
              <Label htmlFor={`${idBase}-option-${index}`} className="w-6 shrink-0 text-center font-semibold">
                {optionLetter(index)}
              </Label>
              <Input
                id={`${idBase}-option-${index}`}
                value={option}
                onChange={(e) => renameOption(index, e.target.value)}
                placeholder={t('authoring.question.optionPlaceholder', { letter: optionLetter(index) })}
                aria-invalid={Boolean(optionsError)}
                disabled={disabled}
                data-testid={`question-option-${index}`}
              />
              {options.length > ANSWER_OPTIONS.min && (
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
          {options.length < ANSWER_OPTIONS.max && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setOptions([...options, ''])}
              disabled={disabled}
              data-testid="question-add-option"
            >
              {t('authoring.question.addOption')}
            </Button>
          )}
          <p className="text-xs text-slate-600">
            {t('authoring.question.optionsHint', { min: ANSWER_OPTIONS.min, max: ANSWER_OPTIONS.max })}
          </p>
          <FieldMessage id={`${idBase}-options-error`} message={optionsError} />
        </fieldset>
      )}

      <CorrectAnswerField
        control={form.control}
        type={type}
        filled={[...new Set(options.map((o) => o.trim()).filter((o) => o !== ''))]}
        error={form.errorText('correct_answer')}
        disabled={disabled}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('authoring.question.subject')} error={form.errorText('subject')}>
          {(field) => <Input {...field} {...form.register('subject')} disabled={disabled} data-testid="question-subject" />}
        </FormField>
        <FormField label={t('authoring.question.explanation')} error={form.errorText('explanation')}>
          {(field) => (
            <Textarea {...field} {...form.register('explanation')} rows={2} disabled={disabled} data-testid="question-explanation" />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" variant="outline" loading={pending} disabled={disabled} data-testid="add-question">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface CorrectAnswerFieldProps {
  control: Control<QuestionDraft, unknown, QuestionInput>;
  type: QuestionType;
  /** the multiple-choice options typed so far */
  filled: string[];
  error: string | undefined;
  disabled: boolean;
}

function CorrectAnswerField({ control, type, filled, error, disabled }: CorrectAnswerFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="correct_answer"
      render={({ field: { value, onChange, onBlur, ref } }) => {
        switch (type) {
          case 'multiple_choice':
          case 'true_false': {
            const choices = type === 'true_false' ? [...TRUE_FALSE_OPTIONS] : filled;
            return (
              <FormField label={t('authoring.question.correctAnswer')} error={error}>
                {(field) => (
                  <Select
                    {...field}
                    ref={ref}
                    value={value && choices.includes(value) ? value : ''}
                    onChange={(e) => onChange(e.target.value)}
                    onBlur={onBlur}
                    disabled={disabled}
                    data-testid="question-correct"
                  >
                    <option value="">{t('authoring.question.chooseCorrect')}</option>
                    {choices.map((choice) => (
                      <option key={choice} value={choice}>
                        {type === 'true_false' ? t(`authoring.trueFalse.${choice === 'True' ? 'true' : 'false'}`) : choice}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            );
          }
          case 'short_answer':
          case 'essay': {
            const essay = type === 'essay';
            const hint = essay ? t('authoring.question.essayHint') : t('authoring.question.maxChars', { limit: SHORT_ANSWER_MAX_LENGTH });
            const props = {
              ref,
              value: value ?? '',
              onChange: (e: { target: { value: string } }) => onChange(e.target.value),
              onBlur,
              disabled,
              'data-testid': 'question-correct',
            };
            return (
              <FormField
                label={essay ? t('authoring.question.modelAnswer') : t('authoring.question.correctAnswer')}
                hint={hint}
                error={error}
              >
                {(field) =>
                  essay ? (
                    <Textarea {...field} {...props} rows={3} maxLength={ESSAY_MAX_LENGTH} />
                  ) : (
                    <Input {...field} {...props} maxLength={SHORT_ANSWER_MAX_LENGTH} />
                  )
                }
              </FormField>
            );
          }
        }
      }}
    />
  );
}
