import { assessmentRoutes, type RouteOutput } from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, cn, focusRing } from '../../../ui';
import { percent, truncate } from '../../../lib/format';
import { AssessmentLockedNote, useAssessmentLock } from './assessment-lock';
import { estimatedMinutes, QUIZ_CARD_DESCRIPTION_LENGTH, startButton, takePath } from './quiz-standing';
import type { SessionPreview } from './test-session-page';
import { useSubjectLabel } from './subject-label';

export type QuizCard = RouteOutput<typeof assessmentRoutes.listMockTests>[number];

const statusTone = { new: 'neutral', 'in-progress': 'primary', passed: 'success', failed: 'danger' } as const;

/** What the timed session's instructions show before it starts. */
export function previewOf(quiz: QuizCard): SessionPreview {
  return {
    title: quiz.title,
    instructions: quiz.instructions,
    time_limit: quiz.time_limit,
    question_count: quiz.question_count,
    passing_score: quiz.passing_score,
  };
}

/** A discover card: facts, the learner status and the start button named after it (spec 4). */
export function QuizCardView({ quiz, headingLevel: Heading = 'h3' }: { quiz: QuizCard; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const subjectLabel = useSubjectLabel();
  const titleId = useId();
  const button = startButton(quiz.my);
  const locked = useAssessmentLock()(quiz);
  const estimate = estimatedMinutes(quiz.question_count);
  return (
    <Card
      className="flex h-full flex-col"
      data-testid="quiz-card"
      data-quiz-id={quiz.id}
      data-status={quiz.my.status}
      data-difficulty={quiz.difficulty}
    >
      <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="primary">{t(`taking.kinds.${quiz.kind}`)}</Badge>
          <Badge tone="neutral">{t(`taking.difficulty.${quiz.difficulty}`)}</Badge>
          {quiz.subject && <Badge tone="neutral">{subjectLabel(quiz.subject)}</Badge>}
          <Badge tone={statusTone[quiz.my.status]} data-testid="quiz-card-status">
            {t(`taking.status.${quiz.my.status}`)}
          </Badge>
        </div>
        <Heading id={titleId} className="text-base font-semibold break-words text-slate-900">
          {quiz.title}
        </Heading>
        {quiz.description && (
          <p className="text-sm break-words text-slate-600" data-testid="quiz-card-description">
            {truncate(quiz.description, QUIZ_CARD_DESCRIPTION_LENGTH)}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-600">
          <div>
            <dt className="inline">{t('taking.questionsLabel')}: </dt>
            <dd className="inline font-medium text-slate-800">{quiz.question_count}</dd>
          </div>
          <div>
            <dt className="inline">{t('taking.timeLimit')}: </dt>
            <dd className="inline font-medium text-slate-800">
              {quiz.time_limit > 0 ? t('taking.minutesValue', { count: quiz.time_limit }) : t('taking.noTimeLimit')}
            </dd>
          </div>
          <div>
            <dt className="inline">{t('taking.passingScore')}: </dt>
            <dd className="inline font-medium text-slate-800">{percent(quiz.passing_score)}</dd>
          </div>
          <div>
            <dt className="inline">{t('taking.estimated')}: </dt>
            <dd className="inline font-medium text-slate-800">{t('taking.estimatedRange', estimate)}</dd>
          </div>
          {quiz.my.best_score !== null && (
            <div>
              <dt className="inline">{t('taking.bestScore')}: </dt>
              <dd className="inline font-medium text-slate-800">{percent(quiz.my.best_score)}</dd>
            </div>
          )}
          {quiz.course_title && (
            <div className="col-span-2">
              <dt className="inline">{t('taking.course')}: </dt>
              <dd className="inline font-medium text-slate-800">{quiz.course_title}</dd>
            </div>
          )}
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {locked ? (
            <AssessmentLockedNote testId="quiz-card-locked" />
          ) : button.disabled ? (
            <Button disabled data-testid="quiz-card-start">
              {t(`taking.start.${button.key}`)}
            </Button>
          ) : (
            <Button asChild>
              <Link to={takePath(quiz)} state={{ preview: previewOf(quiz) }} data-testid="quiz-card-start">
                {t(`taking.start.${button.key}`)}
              </Link>
            </Button>
          )}
          <Link
            to={`/quiz/${quiz.id}/info`}
            className={cn('rounded text-sm font-medium text-primary hover:underline', focusRing)}
            data-testid="quiz-card-info"
          >
            {t('taking.info.viewDetails')}
          </Link>
        </div>
      </article>
    </Card>
  );
}
