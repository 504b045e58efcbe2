import { assessmentRoutes } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '../../../ui';
import { GRADE_HISTORY_SHOWN } from '../../assessment';
import { NO_DATA } from '../../../lib/figures';
import { percent } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';

/** The player's grades view (GET /courses/{id}/grades): letter, percentage, points, assessments done, per quiz. */
export function CourseGrades({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const grades = useRouteQuery(assessmentRoutes.courseGrades, { params: { id: courseId } });
  const [showAll, setShowAll] = useState(false);
  return (
    <Card data-testid="player-grades">
      <CardHeader>
        <CardTitle>{t('taking.player.gradesHeading')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {grades.isPending ? (
          <LoadingBlock />
        ) : grades.isError ? (
          <LoadError error={grades.error} title={t('taking.player.gradesFailed')} onRetry={() => void grades.refetch()} />
        ) : grades.data.available_assessments === 0 && grades.data.quiz_grades.length === 0 ? (
          // no assessment, no grade: "Overall 0%, Points 0 / 0" would read as a failing mark
          <p className="text-sm text-slate-600" data-testid="grades-none">
            {t('figures.learner.noAssessments')}
          </p>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatCard
                label={t('taking.player.letterGrade')}
                value={grades.data.letter_grade ?? t('taking.analytics.none')}
                testId="grades-letter"
              />
              <StatCard
                label={t('taking.player.overall')}
                value={grades.data.completed_assessments ? percent(grades.data.overall_percentage) : NO_DATA}
                hint={grades.data.completed_assessments ? undefined : t('figures.learner.noGradeYet')}
                testId="grades-overall"
              />
              <StatCard
                label={t('taking.player.points')}
                value={grades.data.completed_assessments ? `${grades.data.earned_points} / ${grades.data.total_points}` : NO_DATA}
                testId="grades-points"
              />
              <StatCard
                label={t('taking.player.completedAssessments')}
                value={`${grades.data.completed_assessments} / ${grades.data.available_assessments}`}
                testId="grades-completed"
              />
            </div>
            {grades.data.quiz_grades.length === 0 ? (
              <p className="text-sm text-slate-600">{t('taking.player.noGrades')}</p>
            ) : (
              <>
                <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{t('taking.player.history')}</h3>
                <ul className="divide-y divide-slate-200" data-testid="grades-list">
                  {(showAll ? grades.data.quiz_grades : grades.data.quiz_grades.slice(0, GRADE_HISTORY_SHOWN)).map((g) => (
                    <li
                      key={g.quiz_id}
                      className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                      data-testid="grades-item"
                    >
                      <span className="min-w-0 font-medium break-words text-slate-900">
                        {g.title} <span className="font-normal text-slate-600">· {t(`taking.kinds.${g.type}`)}</span>
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="text-slate-600 tabular-nums">
                          {g.earned_points} / {g.max_points}
                        </span>
                        <span className="font-semibold tabular-nums">{percent(g.score_percentage)}</span>
                        <Badge tone={g.passed ? 'success' : 'danger'}>
                          {g.passed ? t('taking.result.passed') : t('taking.result.failed')}
                        </Badge>
                      </span>
                    </li>
                  ))}
                </ul>
                {grades.data.quiz_grades.length > GRADE_HISTORY_SHOWN && (
                  <Button variant="link" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} data-testid="grades-show-all">
                    {showAll ? t('taking.player.showFewer') : t('taking.player.showAll', { count: grades.data.quiz_grades.length })}
                  </Button>
                )}
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
