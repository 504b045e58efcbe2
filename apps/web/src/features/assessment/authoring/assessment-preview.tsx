import type { AuthorQuestion } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, cn, EmptyState, focusRing, Switch } from '../../../ui';
import { optionLetter } from './question-draft';

/**
 * The author's preview (spec 2, manage course): one question at a time, previous and next,
 * numbered dots to jump, and a toggle that shows or hides the correct answers and explanations.
 */
export function AssessmentPreview({ questions }: { questions: AuthorQuestion[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [showAnswers, setShowAnswers] = useState(false);
  if (questions.length === 0) return <EmptyState headingLevel="h2" title={t('authoring.preview.noQuestions')} />;
  const current = Math.min(index, questions.length - 1);
  const question = questions[current]!;

  return (
    <div className="space-y-4" data-testid="assessment-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700" data-testid="preview-counter">
          {t('authoring.preview.counter', { current: current + 1, total: questions.length })}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Switch checked={showAnswers} onCheckedChange={setShowAnswers} data-testid="preview-toggle-answers" />
          {showAnswers ? t('authoring.preview.hideAnswers') : t('authoring.preview.showAnswers')}
        </label>
      </div>
      <nav aria-label={t('authoring.preview.dotsLabel')}>
        <ol className="flex flex-wrap gap-1.5">
          {questions.map((q, i) => (
            <li key={q.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === current ? 'step' : undefined}
                aria-label={t('authoring.preview.goTo', { number: i + 1 })}
                className={cn(
                  'size-8 cursor-pointer rounded-full text-xs font-semibold',
                  i === current ? 'bg-primary text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
                  focusRing,
                )}
                data-testid="preview-dot"
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <article className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-live="polite" data-testid="preview-question">
        <div className="mb-3 flex flex-wrap gap-2">
          <Badge tone="neutral">{t(`authoring.questionTypes.${question.question_type}`)}</Badge>
          <Badge tone="neutral">{t(`authoring.difficulties.${question.difficulty}`)}</Badge>
          <Badge tone="neutral">{t('authoring.points', { count: question.points })}</Badge>
          {question.subject && <Badge tone="neutral">{question.subject}</Badge>}
        </div>
        <h3 className="text-lg font-semibold break-words whitespace-pre-wrap text-slate-900">{question.question_text}</h3>
        {question.options.length > 0 && (
          <ul className="mt-4 space-y-2">
            {question.options.map((option, i) => {
              const correct = showAnswers && option === question.correct_answer;
              return (
                <li
                  key={`${i}-${option}`}
                  className={cn(
                    'flex gap-3 rounded-lg border px-3 py-2 text-sm',
                    correct ? 'border-emerald-400 bg-emerald-50 text-emerald-900' : 'border-slate-200 text-slate-800',
                  )}
                  data-correct={correct || undefined}
                  data-testid="preview-option"
                >
                  <span className="font-semibold">{optionLetter(i)}.</span>
                  <span className="break-words">{option}</span>
                  {correct && <span className="ml-auto font-medium">{t('authoring.preview.correct')}</span>}
                </li>
              );
            })}
          </ul>
        )}
        {showAnswers && (
          <dl className="mt-4 space-y-2 text-sm" data-testid="preview-answer">
            {question.options.length === 0 && (
              <div>
                <dt className="font-medium text-slate-700">
                  {question.question_type === 'essay' ? t('authoring.question.modelAnswer') : t('authoring.question.correctAnswer')}
                </dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">
                  {question.correct_answer || t('authoring.preview.noModelAnswer')}
                </dd>
              </div>
            )}
            {question.explanation && (
              <div>
                <dt className="font-medium text-slate-700">{t('authoring.question.explanation')}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">{question.explanation}</dd>
              </div>
            )}
          </dl>
        )}
      </article>
      <div className="flex justify-between gap-2">
        <Button variant="outline" onClick={() => setIndex(current - 1)} disabled={current === 0} data-testid="preview-previous">
          {t('authoring.preview.previous')}
        </Button>
        <Button
          variant="outline"
          onClick={() => setIndex(current + 1)}
          disabled={current === questions.length - 1}
          data-testid="preview-next"
        >
          {t('authoring.preview.next')}
        </Button>
      </div>
    </div>
  );
}
