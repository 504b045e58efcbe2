import { ESSAY_MAX_LENGTH, SHORT_ANSWER_MAX_LENGTH, type TakerQuestion } from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn, focusRing, Input, Label, Textarea } from '../../../ui';

/** Options are lettered from A upward (spec 3). */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);

interface AnswerInputProps {
  question: TakerQuestion;
  value: string | null | undefined;
  onChange: (value: string) => void;
}

/**
 * The answer control of one question: choices as a radio group (the option's text is the
 * answer the server grades), short answers and essays as text boxes with the spec's limits.
 */
export function AnswerInput({ question, value, onChange }: AnswerInputProps) {
  const { t } = useTranslation();
  const id = useId();
  if (question.question_type === 'short_answer' || question.question_type === 'essay') {
    const essay = question.question_type === 'essay';
    const max = essay ? ESSAY_MAX_LENGTH : SHORT_ANSWER_MAX_LENGTH;
    const current = value ?? '';
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{t('taking.question.yourAnswer')}</Label>
        {essay ? (
          <Textarea id={id} rows={8} maxLength={max} value={current} onChange={(e) => onChange(e.target.value)} data-testid="answer-text" />
        ) : (
          <Input id={id} maxLength={max} value={current} onChange={(e) => onChange(e.target.value)} data-testid="answer-text" />
        )}
        <p className="text-xs text-slate-600">{t('taking.question.charactersLeft', { count: max - current.length })}</p>
      </div>
    );
  }
  return (
    <fieldset className="space-y-2" data-testid="answer-options">
      <legend className="sr-only">{t('taking.question.chooseOne')}</legend>
      {question.options.map((option, index) => {
        const checked = value === option;
        return (
          <label
            key={`${index}-${option}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
              checked ? 'border-primary bg-primary-soft text-primary-strong' : 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50',
            )}
            data-testid="answer-option"
            data-checked={checked ? 'true' : 'false'}
          >
            <input
              type="radio"
              name={`answer-${question.id}`}
              value={option}
              checked={checked}
              onChange={() => onChange(option)}
              className={cn('mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]', focusRing)}
            />
            <span className="font-semibold" aria-hidden="true">
              {optionLetter(index)}.
            </span>
            <span className="min-w-0 break-words">{option}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** An answer counts once it is more than whitespace (the server treats '' as unanswered). */
export function isAnswered(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
