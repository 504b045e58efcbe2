import { assessmentRoutes, billingRoutes, mentoringRoutes } from '@lp/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent } from '../../ui';
import { useMoney } from '../billing';
import { AvailabilityTab, deskTabOf, MENTOR_DESK_TABS, ProfileTab } from '../mentor-desk';
import {
  loadAnalyticsTab,
  loadBusinessIntelligenceTab,
  MenteeProgressTab,
  MentorHeaderStats,
  ResourcesTab,
  SessionsTab,
} from '../mentor-insights';
import { LoadingBlock } from '../../ui/query-state';
import { LatestQuizzes } from './authored-lists';
import { DashboardFrame, Figure, FigureGrid, Shortcuts } from './dashboard-parts';
import { AuthoredQuizFigures, WalletFigure } from './shared-figures';

// the two chart tabs bring recharts: loaded when opened, so the dashboard's own chunk stays small
const AnalyticsTab = lazy(() => loadAnalyticsTab().then((m) => ({ default: m.AnalyticsTab })));
const BusinessIntelligenceTab = lazy(() => loadBusinessIntelligenceTab().then((m) => ({ default: m.BusinessIntelligenceTab })));

/**
 * The mentor's dashboard (spec 2.13, both readings merged): the header stats, then Overview,
 * Sessions, Mentee Progress, Analytics, Business Intel, Availability, Resources and Profile;
 * the open tab lives in the URL (?tab=availability) so it can be linked.
 */
export function MentorDashboard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = deskTabOf(params.get('tab'));
  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <DashboardFrame role="mentor">
      <MentorHeaderStats />
      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList wrapperClassName="-mx-4 mb-2 px-4 sm:mx-0 sm:px-0" aria-label={t('mentorDesk.tabsLabel')}>
          {MENTOR_DESK_TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`mentor-tab-${value}`}>
              {t(`mentorDesk.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
        <TabsContent value="mentees">
          <MenteeProgressTab />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingBlock />}>
            <AnalyticsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="bi">
          <Suspense fallback={<LoadingBlock />}>
            <BusinessIntelligenceTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityTab />
        </TabsContent>
        <TabsContent value="resources">
          <ResourcesTab />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
      </Tabs>
    </DashboardFrame>
  );
}

/**
 * The overview: earnings, the wallet, the quizzes the mentor authored with their attempts,
 * and the sessions completed in the last 30 days.
 */
function OverviewTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const earnings = useRouteQuery(billingRoutes.earnings, {});
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {});
  const analytics = useRouteQuery(mentoringRoutes.analyticsOverview, { query: { timeframe: '30days' } });
  const list = quizzes.data ?? [];
  const e = earnings.data;
  const a = analytics.data;

  return (
    <>
      <Shortcuts
        items={[
          { to: '/mock-test-manager', label: t('roleDashboard.shortcuts.quizBuilder'), testId: 'shortcut-quiz-builder' },
          { to: '/earnings', label: t('roleDashboard.shortcuts.earnings'), testId: 'shortcut-earnings' },
          { to: '/wallet', label: t('roleDashboard.shortcuts.wallet'), testId: 'shortcut-wallet' },
          { to: '/subscriptions', label: t('roleDashboard.shortcuts.plans'), testId: 'shortcut-plans' },
          { to: '/community', label: t('roleDashboard.shortcuts.community'), testId: 'shortcut-community' },
        ]}
      />
      <FigureGrid>
        <Figure
          label={t('roleDashboard.figures.totalEarned')}
          source={earnings}
          value={e && e.total_earned > 0 ? money.major(e.total_earned, e.currency) : null}
          hint={
            e && e.total_earned > 0
              ? t('roleDashboard.figures.totalEarnedHint', { amount: money.major(e.mentor_earnings, e.currency) })
              : t('roleDashboard.figures.noEarnings')
          }
          testId="figure-earnings"
        />
        <WalletFigure />
        <AuthoredQuizFigures />
        <Figure
          label={t('roleDashboard.figures.sessions')}
          source={analytics}
          value={a && a.overview.total_sessions > 0 ? new Intl.NumberFormat(i18n.language).format(a.overview.total_sessions) : null}
          hint={
            a && a.overview.total_sessions > 0
              ? t('roleDashboard.figures.sessionsHint', { upcoming: a.session_breakdown.upcoming })
              : t('roleDashboard.figures.noSessions')
          }
          testId="figure-sessions"
        />
      </FigureGrid>
      <LatestQuizzes quizzes={list} source={quizzes} />
    </>
  );
}
