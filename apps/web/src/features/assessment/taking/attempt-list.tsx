import { assessmentRoutes, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, cn, focusRing } from '../../../ui';
import { formatDurationMinutes } from '../../../lib/figures';
import { percent } from '../../../lib/format';

export type QuizAttempt = RouteOutput<typeof assessmentRoutes.learnerAttempts>[number];

/** Attempts newest first, each linking to its review. */
export function AttemptList({ attempts }: { attempts: readonly QuizAttempt[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" data-testid="attempt-list">
      {attempts.map((attempt) => (
        <li
          key={attempt.id}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="attempt-item"
          data-attempt-id={attempt.id}
        >
          <div className="min-w-0 space-y-1">
            <Link
              to={`/quiz/${attempt.quiz_id}/review/${attempt.id}`}
              className={cn('rounded font-medium break-words text-slate-900 hover:text-primary hover:underline', focusRing)}
              data-testid="attempt-review-link"
            >
              {attempt.quiz_title}
            </Link>
            <p className="text-xs text-slate-600">
              {t(`taking.kinds.${attempt.kind}`)} · {formatDate(attempt.submitted_at)} ·{' '}
              {t('taking.result.correctOf', { correct: attempt.correct_answers, total: attempt.total_questions })} ·{' '}
              {formatDurationMinutes(attempt.time_taken_minutes)}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="attempt-score">
              {percent(attempt.score)}
            </span>
            {attempt.needs_manual_grading && (
              <Badge tone="warning" data-testid="attempt-pending-review">
                {t('taking.result.pendingReview')}
              </Badge>
            )}
            <Badge tone={attempt.passed ? 'success' : 'danger'}>
              {attempt.passed ? t('taking.result.passed') : t('taking.result.failed')}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}
