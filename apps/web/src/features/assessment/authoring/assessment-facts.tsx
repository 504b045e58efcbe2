import { QUIZ_TIME_LIMIT, type AssessmentKind, type QuizSummary } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, cn } from '../../../ui';

const KIND_TONE: Record<AssessmentKind, 'primary' | 'warning' | 'success'> = { mock_test: 'primary', exam: 'warning', quiz: 'success' };

/** The type badge of spec 2: Mock Test, Exam or Quiz, from the derived kind. */
export function KindBadge({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation();
  return (
    <Badge tone={KIND_TONE[kind]} data-testid="kind-badge">
      {t(`authoring.kinds.${kind}`)}
    </Badge>
  );
}

/** "45 min", or "No time limit" for 0. */
export function useTimeLimitText(): (minutes: number) => string {
  const { t } = useTranslation();
  return (minutes) => (minutes === QUIZ_TIME_LIMIT.none ? t('authoring.noTimeLimit') : t('authoring.minutes', { count: minutes }));
}

/** Kind, question count, time limit, passing score and publication of one assessment. */
export function AssessmentFacts({
  quiz,
  className,
}: {
  quiz: Pick<QuizSummary, 'kind' | 'question_count' | 'time_limit' | 'passing_score' | 'is_published'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const timeText = useTimeLimitText();
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm text-slate-700', className)} data-testid="assessment-facts">
      <KindBadge kind={quiz.kind} />
      <Badge tone={quiz.is_published ? 'success' : 'neutral'}>{quiz.is_published ? t('authoring.published') : t('authoring.draft')}</Badge>
      <span data-testid="fact-questions">{t('authoring.questionCount', { count: quiz.question_count })}</span>
      <span aria-hidden="true">·</span>
      <span data-testid="fact-time">{timeText(quiz.time_limit)}</span>
      <span aria-hidden="true">·</span>
      <span>{t('authoring.passingScoreFact', { score: quiz.passing_score })}</span>
    </div>
  );
}
