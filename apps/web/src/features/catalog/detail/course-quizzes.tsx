import { assessmentRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Card, CardContent, CardHeader, CardTitle, cn, focusRing } from '../../../ui';
import { percent } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';

/**
 * Spec 1 section 2.7: enrolled users (and the course's instructor) see the course's quizzes.
 * Taking them happens from the course player once the course is complete; here each links to
 * its details.
 */
export function CourseQuizzes({ courseId, isOwner }: { courseId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.courseQuizzes, { params: { id: courseId } });
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
              {!isOwner && <p className="text-sm text-slate-600">{t('taking.detail.unlockHint')}</p>}
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
                {quizzes.data.map((quiz) => (
                  <li
                    key={quiz.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-4"
                    data-testid="course-quiz"
                    data-quiz-id={quiz.id}
                  >
                    <div className="min-w-0">
                      {isOwner ? (
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
