import { mentoringRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { formatDecimal } from '../../lib/figures';
import { useMoney } from '../billing';
import { StatFigure } from './parts';

/**
 * Spec 2.13 reading A's header stats: completed sessions (all of them, from GET /mentor/profile,
 * with those of the last 30 days from GET /mentor/analytics/overview as the hint), rating and
 * hourly rate (GET /mentor/profile). Meant above the tab list.
 */
export function MentorHeaderStats() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const analytics = useRouteQuery(mentoringRoutes.analyticsOverview, { query: { timeframe: '30days' } });
  const profile = useRouteQuery(mentoringRoutes.ownProfile, {});
  const p = profile.data;
  const completed = p?.total_sessions ?? 0;
  const recent = analytics.data?.overview.total_sessions;
  const rated = p !== undefined && p.rating_count > 0;
  const priced = p !== undefined && p.is_published;
  return (
    <section
      aria-label={t('mentorInsights.header.label')}
      className="mb-6 grid grid-cols-1 gap-3 min-[420px]:grid-cols-3"
      data-testid="mentor-header-stats"
    >
      <StatFigure
        label={t('mentorInsights.header.completedSessions')}
        source={profile}
        value={completed > 0 ? String(completed) : null}
        hint={
          completed === 0
            ? t('mentorInsights.header.noCompleted')
            : recent === undefined
              ? t('mentorInsights.header.completedHint')
              : t('mentorInsights.header.completedRecent', { count: recent })
        }
        testId="mentor-stat-completed"
      />
      <StatFigure
        label={t('mentorInsights.header.rating')}
        source={profile}
        value={rated ? t('mentorInsights.header.ratingValue', { rating: formatDecimal(p.rating, i18n.language) }) : null}
        hint={rated ? t('mentorInsights.header.ratingHint', { count: p.rating_count }) : t('mentorInsights.header.noRating')}
        testId="mentor-stat-rating"
      />
      <StatFigure
        label={t('mentorInsights.header.hourlyRate')}
        source={profile}
        value={priced ? money.of(p.hourly_rate) : null}
        hint={priced ? t('mentorInsights.header.rateHint') : t('mentorInsights.header.noRate')}
        testId="mentor-stat-rate"
      />
    </section>
  );
}
