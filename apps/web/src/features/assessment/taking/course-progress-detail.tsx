import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, ProgressBar } from '../../../ui';
import { BackIcon } from '../../../ui/icons';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { CertificateButton } from '../../certificates';
import { formatDayMonth, formatPercent, NO_DATA } from '../../../lib/figures';
import { TrendChart } from '../../../ui/charts';

/** The dashboard's course detail view: GET /enrollments/{id}/progress (lessons, quizzes, what comes next). */
export function CourseProgressDetail({ courseId, onBack }: { courseId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const progress = useRouteQuery(catalogRoutes.enrollmentProgress, { params: { id: courseId } });
  const back = (
    <Button variant="outline" size="sm" onClick={onBack} data-testid="progress-detail-back">
      <BackIcon />
      {t('taking.progress.backToOverview')}
    </Button>
  );
  if (progress.isPending) return <LoadingBlock />;
  if (progress.isError)
    return (
      <div className="space-y-4">
        {back}
        <LoadError error={progress.error} title={t('taking.progress.detailFailed')} onRetry={() => void progress.refetch()} />
      </div>
    );
  const p = progress.data;
  return (
    <section aria-labelledby="progress-detail-title" className="space-y-6" data-testid="progress-detail">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="progress-detail-title" className="text-xl font-semibold break-words text-slate-900">
          {p.course_title}
        </h2>
        <Button asChild>
          <Link to={`/course/${p.course_id}/learn`}>{t('taking.progress.openPlayer')}</Link>
        </Button>
      </div>
      <ProgressBar value={p.overall_progress} label={t('taking.progress.overall')} valueText={formatPercent(p.overall_progress)} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label={t('taking.progress.overall')} value={formatPercent(p.overall_progress)} testId="progress-detail-overall" />
        <StatCard
          label={t('taking.progress.lessons')}
          value={p.lesson_progress.total ? `${p.lesson_progress.completed} / ${p.lesson_progress.total}` : NO_DATA}
          hint={p.lesson_progress.total ? formatPercent(p.lesson_progress.percentage) : t('figures.learner.noLessons')}
          testId="progress-detail-lessons"
        />
        <StatCard
          label={t('taking.progress.quizzes')}
          value={p.quiz_progress.total ? `${p.quiz_progress.completed} / ${p.quiz_progress.total}` : NO_DATA}
          hint={p.quiz_progress.total ? formatPercent(p.quiz_progress.percentage) : t('figures.learner.noQuizzes')}
          testId="progress-detail-quizzes"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('figures.learner.progressOverTime')}</CardTitle>
        </CardHeader>
        <CardContent>
          {p.weekly_progress.length < 2 ? (
            <p className="text-sm text-slate-600" data-testid="progress-over-time-empty">
              {t('figures.learner.progressOverTimeSoon')}
            </p>
          ) : (
            <TrendChart
              area
              data={p.weekly_progress.map((w) => ({ key: w.week_start, label: formatDayMonth(w.week_start, i18n.language), ...w }))}
              series={[{ key: 'progress', label: t('figures.learner.progress') }]}
              caption={t('figures.learner.progressByWeek', { count: p.weekly_progress.length })}
              hideCaption
              rowHeader={t('figures.instructor.weekOf')}
              max={100}
              format={(v) => formatPercent(v)}
              testId="progress-over-time-chart"
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('taking.progress.nextHeading')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {p.next_lesson ? (
            <p>
              {t('taking.progress.nextLesson')}{' '}
              <Link to={`/lessons/${p.next_lesson.id}`} className="font-medium text-primary hover:underline">
                {p.next_lesson.title}
              </Link>
            </p>
          ) : null}
          {p.next_quiz ? (
            <p>
              {t('taking.progress.nextQuiz')}{' '}
              <Link to={`/quiz/${p.next_quiz.id}/info`} className="font-medium text-primary hover:underline">
                {p.next_quiz.title}
              </Link>
            </p>
          ) : null}
          {!p.next_lesson && !p.next_quiz && <p className="text-slate-600">{t('taking.progress.nothingNext')}</p>}
        </CardContent>
      </Card>
      {p.can_get_certificate && (
        <Alert tone="success" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <span>{t('taking.progress.certificateReady')}</span>
          <CertificateButton courseId={p.course_id} />
        </Alert>
      )}
    </section>
  );
}
