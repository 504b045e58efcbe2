import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '../../../ui';
import { previewOf, startButton, takePath } from '../../assessment';
import { percent } from '../../../lib/format';
import { LockIcon } from '../../../ui/icons';
import { LoadError, LoadingBlock } from '../../../ui/query-state';

interface CourseAssessmentsProps {
  courseId: string;
  /** completion reached 100 %: the assessments open (spec 4) */
  unlocked: boolean;
  isOwner: boolean;
}

/** The player's assessments section: GET /courses/{id}/quizzes, locked until the course is complete. */
export function CourseAssessments({ courseId, unlocked, isOwner }: CourseAssessmentsProps) {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.courseQuizzes, { params: { id: courseId } });
  return (
    <Card data-testid="player-assessments" data-locked={unlocked ? 'false' : 'true'}>
      <CardHeader>
        <CardTitle>{t('player.assessments')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!unlocked && !isOwner && (
          <p className="flex items-start gap-2 text-sm text-slate-600" data-testid="player-assessments-locked">
            <LockIcon className="mt-0.5 size-4 shrink-0" />
            {t('player.assessmentsLocked')}
          </p>
        )}
        {isOwner && <p className="text-sm text-slate-600">{t('taking.player.ownerNote')}</p>}
        {quizzes.isPending ? (
          <LoadingBlock />
        ) : quizzes.isError ? (
          <LoadError error={quizzes.error} title={t('taking.player.quizzesFailed')} onRetry={() => void quizzes.refetch()} />
        ) : quizzes.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('player.assessmentsNotAvailable')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {quizzes.data.map((quiz) => {
              const button = startButton(quiz.my);
              return (
                <li
                  key={quiz.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="player-assessment"
                  data-quiz-id={quiz.id}
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{quiz.title}</p>
                    <p className="text-xs text-slate-600">
                      {t(`taking.kinds.${quiz.kind}`)} · {t('taking.player.questions', { count: quiz.question_count })}
                      {quiz.my.best_score !== null && ` · ${t('taking.info.best', { score: percent(quiz.my.best_score) })}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {isOwner && !quiz.is_published && <Badge tone="warning">{t('taking.player.draft')}</Badge>}
                    {unlocked && !isOwner ? (
                      button.disabled ? (
                        <Button size="sm" disabled>
                          {t(`taking.start.${button.key}`)}
                        </Button>
                      ) : (
                        <Button asChild size="sm">
                          <Link to={takePath(quiz)} state={{ preview: previewOf(quiz) }} data-testid="player-assessment-start">
                            {t(`taking.start.${button.key}`)}
                          </Link>
                        </Button>
                      )
                    ) : !isOwner ? (
                      <Badge tone="neutral">
                        <LockIcon className="mr-1 size-3" />
                        {t('courseDetail.locked')}
                      </Badge>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
