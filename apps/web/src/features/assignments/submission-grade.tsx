import type { Submission } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/figures';
import { useFormatPoints } from './assignment-format';

/**
 * A graded submission's grade after the late penalty, its percentage and, when a penalty
 * took points off, the grade the grader gave and what was taken.
 */
export function SubmissionGrade({ submission, maxPoints }: { submission: Submission; maxPoints: number }) {
  const { t, i18n } = useTranslation();
  const points = useFormatPoints();
  if (submission.grade === null) return <span className="text-sm text-slate-600">{t('assignments.submissions.notGraded')}</span>;
  const penalised = submission.late_penalty_applied > 0 && submission.raw_grade !== null;
  return (
    <div className="space-y-0.5" data-testid="submission-grade">
      <p className="text-base font-semibold text-slate-900">
        <span data-testid="grade-value">{t('assignments.grade.value', { grade: points(submission.grade), max: points(maxPoints) })}</span>
        {submission.percentage !== null && (
          <span className="ml-2 text-sm font-normal text-slate-600" data-testid="grade-percentage">
            {formatPercent(submission.percentage, i18n.language)}
          </span>
        )}
      </p>
      {penalised && (
        <p className="text-xs text-amber-900" data-testid="grade-penalty">
          {t('assignments.grade.penalty', {
            raw: points(submission.raw_grade!),
            points: points(submission.late_penalty_applied),
            count: submission.days_late,
          })}
        </p>
      )}
    </div>
  );
}
