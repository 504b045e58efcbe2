import { assessmentRoutes, assessmentUnlocked } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { AssessmentLockedNote } from '../../assessment';
import { Badge, Card, CardContent, CardHeader, CardTitle, cn, focusRing } from '../../../ui';
import { percent } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';

/**
 * Spec 1 section 2.7: enrolled users (and the course's instructor) see the course's quizzes.
 * They are locked until the learner's completion reaches 100% (spec 2; the one rule,
 * assessmentUnlocked, which the server enforces): locked, a quiz shows why instead of a link;
 * open, each links to its details and start button.
 */
export function CourseQuizzes({ courseId, isOwner, completion }: { courseId: string; isOwner: boolean; completion: number }) {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.courseQuizzes, { params: { id: courseId } });
  const unlocked = assessmentUnlocked({ courseId, completionPercentage: completion, manages: isOwner });
  return (
    <section aria-labelledby="course-quizzes-heading" data-testid="course-quizzes">
      <Card>
        <CardHeader>
          <CardTitle id="course-quizzes-heading">{t('taking.detail.heading', { count: quizzes.data?.length ?? 0 })}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {quizzes.isPending ? (
            <LoadingBlock />
          ) : quizzes.isError ? (
            <LoadError error={quizzes.error} title={t('taking.player.quizzesFailed')} onRetry={() => void quizzes.refetch()} />
          ) : quizzes.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('taking.detail.none')}</p>
          ) : (
            <>
              {!unlocked && <p className="text-sm text-slate-600">{t('taking.detail.unlockHint')}</p>}
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
                {quizzes.data.map((quiz) => (
                  <li
                    key={quiz.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-4"
                    data-testid="course-quiz"
                    data-quiz-id={quiz.id}
                    data-locked={unlocked ? 'false' : 'true'}
                  >
                    <div className="min-w-0">
                      {isOwner || !unlocked ? (
                        <span className="font-medium break-words text-slate-900">{quiz.title}</span>
                      ) : (
                        <Link
                          to={`/quiz/${quiz.id}/info`}
                          className={cn('rounded font-medium break-words text-slate-900 hover:text-primary hover:underline', focusRing)}
                        >
                          {quiz.title}
                        </Link>
                      )}
                      <p className="text-xs text-slate-600">
                        {t(`taking.kinds.${quiz.kind}`)} · {t('taking.player.questions', { count: quiz.question_count })} ·{' '}
                        {t('taking.passingScore')} {percent(quiz.passing_score)}
                      </p>
                      {!unlocked && <AssessmentLockedNote testId="course-quiz-locked" />}
                    </div>
                    <div className="flex shrink-0 gap-1">
                      {isOwner && !quiz.is_published && <Badge tone="warning">{t('taking.player.draft')}</Badge>}
                      {!isOwner && (
                        <Badge tone={quiz.my.status === 'passed' ? 'success' : quiz.my.status === 'failed' ? 'danger' : 'neutral'}>
                          {t(`taking.status.${quiz.my.status}`)}
                        </Badge>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
