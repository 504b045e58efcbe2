import type { SubmissionStatus } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui';

const STATUS_TONE = {
  not_submitted: 'neutral',
  submitted: 'primary',
  late: 'warning',
  graded: 'success',
} as const satisfies Record<SubmissionStatus, 'neutral' | 'primary' | 'warning' | 'success'>;

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="submission-status" data-status={status}>
      {t(`assignments.status.${status}`)}
    </Badge>
  );
}

export function LateBadge({ daysLate }: { daysLate: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone="danger" data-testid="late-marker">
      {t('assignments.late.marker', { count: daysLate })}
    </Badge>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={published ? 'success' : 'neutral'} data-testid="assignment-published" data-published={published}>
      {published ? t('assignments.published') : t('assignments.draft')}
    </Badge>
  );
}

/** The course's rule for late work, in words. */
export function useLatePolicyText(): (a: { allow_late_submission: boolean; late_penalty_percent: number }) => string {
  const { t } = useTranslation();
  return (a) => {
    if (!a.allow_late_submission) return t('assignments.late.policyClosed');
    if (a.late_penalty_percent === 0) return t('assignments.late.policyAllowedNoPenalty');
    return t('assignments.late.policyAllowed', { percent: a.late_penalty_percent });
  };
}
