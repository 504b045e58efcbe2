import { assessmentRoutes, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import {
  CHANGE_TONE_CLASSES,
  formatDayMonth,
  formatDurationMinutes,
  formatPercent,
  formatSignedChange,
  NO_DATA,
} from '../../../lib/figures';
import { Badge, Card, CardContent, CardHeader, CardTitle, cn, EmptyState } from '../../../ui';
import { BarsChart, TrendChart } from '../../../ui/charts';
import { StatCard } from '../../../ui/stat-card';
import { humaniseCode, isKnownAchievement } from './achievements';
import { useSubjectLabel } from './subject-label';

export type QuizAnalytics = RouteOutput<typeof assessmentRoutes.learnerAnalytics>;

/** The analytics of a learner with nothing on record (what a failed load stands in with). */
export const EMPTY_ANALYTICS: QuizAnalytics = {
  total_attempts: 0,
  average_score: 0,
  passed_count: 0,
  pass_rate: 0,
  avg_time_per_question: 0,
  fastest_completion: null,
  subject_performance: {},
  recent_improvement: 0,
  strongest_subject: null,
  strongest_subject_score: null,
  improvement_area: null,
  achievements: [],
  score_history: [],
};

export function AchievementList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) {
    return <EmptyState headingLevel="h3" title={t('taking.achievements.noneTitle')} description={t('taking.achievements.noneText')} />;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="achievements">
      {codes.map((code) => (
        <li
          key={code}
          className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
          data-testid="achievement"
          data-code={code}
        >
          <span aria-hidden="true" className="text-2xl">
            🏆
          </span>
          <span>
            <span className="block font-semibold text-amber-950">
              {isKnownAchievement(code) ? t(`taking.achievements.${code}.title`) : humaniseCode(code)}
            </span>
            <span className="block text-sm text-amber-900">
              {isKnownAchievement(code) ? t(`taking.achievements.${code}.text`) : t('taking.achievements.generic')}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

const trendTone = { improving: 'success', declining: 'danger', stable: 'neutral' } as const;

/** The learner's scores over time: one point per attempt, oldest first. */
function ScoreHistoryChart({ analytics }: { analytics: QuizAnalytics }) {
  const { t, i18n } = useTranslation();
  const history = analytics.score_history;
  if (history.length < 2)
    return (
      <p className="text-sm text-slate-600" data-testid="score-history-empty">
        {history.length === 0 ? t('figures.learner.noScoreHistory') : t('figures.learner.oneScore')}
      </p>
    );
  return (
    <TrendChart
      data={history.map((p) => ({
        key: p.attempt_id,
        label: formatDayMonth(p.submitted_at, i18n.language),
        detail: p.quiz_title,
        score: p.score,
      }))}
      series={[{ key: 'score', label: t('figures.learner.score') }]}
      caption={t('figures.learner.scoreHistory', { count: history.length })}
      hideCaption
      rowHeader={t('figures.learner.attempt')}
      max={100}
      format={(v) => formatPercent(v)}
      testId="score-history-chart"
    />
  );
}

/** The scores-over-time chart in its titled card (the overview and the analytics tab show it). */
export function ScoreHistoryCard({ analytics }: { analytics: QuizAnalytics }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('figures.learner.scoreHistoryHeading')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ScoreHistoryChart analytics={analytics} />
      </CardContent>
    </Card>
  );
}

/**
 * Totals, pass rate, average and time per question, the scores over time, subjects compared
 * with their trend, strongest subject and improvement area. A figure with nothing behind it is
 * "—" with a sentence saying what brings it.
 */
export function QuizAnalyticsView({ analytics, showAchievements = true }: { analytics: QuizAnalytics; showAchievements?: boolean }) {
  const { t } = useTranslation();
  const subjectLabel = useSubjectLabel();
  const subjects = Object.entries(analytics.subject_performance);
  const any = analytics.total_attempts > 0;
  const change = formatSignedChange(analytics.total_attempts >= 2 ? analytics.recent_improvement : null);
  return (
    <div className="space-y-6" data-testid="quiz-analytics">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('taking.analytics.totalAttempts')} value={analytics.total_attempts} testId="analytics-total" />
        <StatCard
          label={t('taking.analytics.averageScore')}
          value={any ? formatPercent(analytics.average_score) : NO_DATA}
          hint={any ? undefined : t('figures.learner.noAverage')}
          testId="analytics-average"
        />
        <StatCard
          label={t('taking.analytics.passRate')}
          value={any ? formatPercent(analytics.pass_rate) : NO_DATA}
          hint={any ? t('taking.analytics.passedCount', { count: analytics.passed_count }) : t('figures.learner.noPassRate')}
          testId="analytics-pass-rate"
        />
        <StatCard
          label={t('taking.analytics.avgTimePerQuestion')}
          value={any ? formatDurationMinutes(analytics.avg_time_per_question) : NO_DATA}
          hint={
            !any
              ? t('figures.learner.noTime')
              : analytics.fastest_completion !== null
                ? t('figures.learner.fastest', { value: formatDurationMinutes(analytics.fastest_completion) })
                : t('figures.learner.noFastest')
          }
          testId="analytics-time"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <StatCard
          label={t('taking.analytics.strongest')}
          value={analytics.strongest_subject ? subjectLabel(analytics.strongest_subject) : NO_DATA}
          hint={
            analytics.strongest_subject_score !== null
              ? t('figures.learner.subjectAverage', { value: formatPercent(analytics.strongest_subject_score) })
              : t('figures.learner.noStrongest')
          }
          testId="analytics-strongest"
        />
        <StatCard
          label={t('taking.analytics.improvementArea')}
          value={analytics.improvement_area ? subjectLabel(analytics.improvement_area) : NO_DATA}
          hint={analytics.improvement_area ? undefined : t('figures.learner.noImprovementArea')}
          testId="analytics-improvement-area"
        />
        <StatCard
          label={t('figures.learner.recentChange')}
          value={
            <span className={cn('tabular-nums', CHANGE_TONE_CLASSES[change.tone])} data-tone={change.tone}>
              {change.tone === 'none' ? change.text : t('figures.learner.points', { value: change.text })}
            </span>
          }
          hint={change.tone === 'none' ? t('figures.learner.noChange') : t('figures.learner.changeExplained')}
          testId="analytics-recent"
        />
      </div>
      <ScoreHistoryCard analytics={analytics} />
      <Card>
        <CardHeader>
          <CardTitle>{t('taking.analytics.subjectsHeading')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {subjects.length === 0 ? (
            <p className="text-sm text-slate-600">{t('figures.learner.noSubjects')}</p>
          ) : (
            <>
              <BarsChart
                data={subjects.map(([subject, s]) => ({ key: subject, label: subjectLabel(subject), average: s.average_score }))}
                series={[{ key: 'average', label: t('taking.analytics.averageScore') }]}
                caption={t('taking.analytics.subjectsHeading')}
                hideCaption
                rowHeader={t('taking.centre.subject')}
                horizontal
                max={100}
                format={(v) => formatPercent(v)}
                testId="analytics-subjects-chart"
              />
              <ul className="flex flex-wrap gap-x-6 gap-y-2" data-testid="analytics-subjects">
                {subjects.map(([subject, s]) => (
                  <li key={subject} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium text-slate-900">{subjectLabel(subject)}</span>
                    <Badge tone={trendTone[s.trend]} data-testid="analytics-trend">
                      {t(`taking.analytics.trend.${s.trend}`)}
                    </Badge>
                    <span className="text-slate-600">{t('taking.analytics.subjectAttempts', { count: s.attempts })}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      {showAchievements && (
        <Card>
          <CardHeader>
            <CardTitle>{t('taking.achievements.heading')}</CardTitle>
          </CardHeader>
          <CardContent>
            <AchievementList codes={analytics.achievements} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
