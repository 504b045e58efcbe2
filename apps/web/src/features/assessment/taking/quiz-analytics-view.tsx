import { assessmentRoutes, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, Card, CardContent, CardHeader, CardTitle, EmptyState } from '../../../ui';
import { BarList } from '../../catalog/shared/bar-list';
import { StatCard } from '../../catalog/shared/stat-card';
import { humaniseCode, isKnownAchievement } from './achievements';
import { oneDecimal } from '../../catalog/shared/format';

export type QuizAnalytics = RouteOutput<typeof assessmentRoutes.learnerAnalytics>;

/** The analytics of a learner with nothing on record: what a failed load shows (spec 8: values reset to zero). */
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

/** Totals, pass rate and averages (one decimal), subjects with their trend, strongest subject and improvement area. */
export function QuizAnalyticsView({ analytics, showAchievements = true }: { analytics: QuizAnalytics; showAchievements?: boolean }) {
  const { t } = useTranslation();
  const subjects = Object.entries(analytics.subject_performance);
  return (
    <div className="space-y-6" data-testid="quiz-analytics">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('taking.analytics.totalAttempts')} value={analytics.total_attempts} testId="analytics-total" />
        <StatCard label={t('taking.analytics.averageScore')} value={`${oneDecimal(analytics.average_score)}%`} testId="analytics-average" />
        <StatCard
          label={t('taking.analytics.passRate')}
          value={`${oneDecimal(analytics.pass_rate)}%`}
          hint={t('taking.analytics.passedCount', { count: analytics.passed_count })}
          testId="analytics-pass-rate"
        />
        <StatCard
          label={t('taking.analytics.avgTimePerQuestion')}
          value={t('taking.analytics.minutesDecimal', { value: oneDecimal(analytics.avg_time_per_question) })}
          hint={
            analytics.fastest_completion !== null
              ? t('taking.analytics.fastest', { value: oneDecimal(analytics.fastest_completion) })
              : undefined
          }
          testId="analytics-time"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <StatCard
          label={t('taking.analytics.strongest')}
          value={analytics.strongest_subject ?? t('taking.analytics.none')}
          hint={analytics.strongest_subject_score !== null ? `${oneDecimal(analytics.strongest_subject_score)}%` : undefined}
          testId="analytics-strongest"
        />
        <StatCard
          label={t('taking.analytics.improvementArea')}
          value={analytics.improvement_area ?? t('taking.analytics.none')}
          testId="analytics-improvement-area"
        />
        <StatCard
          label={t('taking.analytics.recentImprovement')}
          value={`${analytics.recent_improvement > 0 ? '+' : ''}${oneDecimal(analytics.recent_improvement)}`}
          testId="analytics-recent"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('taking.analytics.subjectsHeading')}</CardTitle>
        </CardHeader>
        <CardContent>
          {subjects.length === 0 ? (
            <p className="text-sm text-slate-600">{t('taking.analytics.noSubjects')}</p>
          ) : (
            <ul className="space-y-4" data-testid="analytics-subjects">
              {subjects.map(([subject, s]) => (
                <li key={subject} className="space-y-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={trendTone[s.trend]} data-testid="analytics-trend">
                      {t(`taking.analytics.trend.${s.trend}`)}
                    </Badge>
                    <span className="text-slate-600">{t('taking.analytics.subjectAttempts', { count: s.attempts })}</span>
                  </div>
                  <BarList
                    caption={subject}
                    items={[
                      { key: subject, label: subject, value: s.average_score, display: `${oneDecimal(s.average_score)}%`, tone: 'primary' },
                    ]}
                  />
                </li>
              ))}
            </ul>
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
