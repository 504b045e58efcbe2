import type { QuestionType } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, ConfirmDialog } from '../../../ui';

interface ListedQuestion {
  question_text: string;
  question_type: QuestionType;
  points: number;
  correct_answer: string;
}

interface QuestionListProps {
  questions: ListedQuestion[];
  /** removing asks for confirmation first (spec 5) */
  onRemove?: (index: number) => void;
  onEdit?: (index: number) => void;
  removing?: boolean;
}

/** The questions of an assessment being built, numbered, with their type, points and answer. */
export function QuestionList({ questions, onRemove, onEdit, removing = false }: QuestionListProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<number | null>(null);
  if (questions.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="no-questions">
        {t('authoring.question.none')}
      </p>
    );
  return (
    <>
      <ol className="space-y-2" data-testid="question-list">
        {questions.map((q, index) => (
          <li
            key={index}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-start"
            data-testid="listed-question"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">
                {index + 1}. {q.question_text}
              </p>
              <div className="mt-1 flex flex-wrap gap-2 text-xs text-slate-600">
                <Badge tone="neutral">{t(`authoring.questionTypes.${q.question_type}`)}</Badge>
                <span>{t('authoring.points', { count: q.points })}</span>
                {q.correct_answer && <span className="break-all">{t('authoring.question.answerIs', { answer: q.correct_answer })}</span>}
              </div>
            </div>
            <div className="flex gap-2">
              {onEdit && (
                <Button size="sm" variant="outline" onClick={() => onEdit(index)} data-testid="edit-question">
                  {t('authoring.question.edit')}
                </Button>
              )}
              {onRemove && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPending(index)}
                  aria-label={t('authoring.question.removeNumber', { number: index + 1 })}
                  data-testid="remove-question"
                >
                  {t('authoring.question.remove')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('authoring.question.removeTitle')}
        description={t('authoring.question.removeConfirm')}
        confirmLabel={t('authoring.question.remove')}
        destructive
        pending={removing}
        onConfirm={() => {
          if (pending !== null) onRemove?.(pending);
          setPending(null);
        }}
        testId="remove-question-dialog"
      />
    </>
  );
}
