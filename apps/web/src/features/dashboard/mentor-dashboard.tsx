import { assessmentRoutes, billingRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useMoney } from '../billing/shared/money';
import { LatestQuizzes } from './authored-lists';
import { DashboardFrame, Figure, FigureGrid, Shortcuts } from './dashboard-parts';
import { AuthoredQuizFigures, WalletFigure } from './shared-figures';

/**
 * The mentor's dashboard from what the platform records today: earnings, the wallet, and the
 * quizzes the mentor authored with their attempts. Sessions and mentees arrive with booking.
 */
export function MentorDashboard() {
  const { t } = useTranslation();
  const money = useMoney();
  const earnings = useRouteQuery(billingRoutes.earnings, {});
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {});
  const list = quizzes.data ?? [];
  const e = earnings.data;

  return (
    <DashboardFrame role="mentor">
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
          source={{ isPending: false, isError: false, error: null }}
          value={null}
          hint={t('roleDashboard.figures.noSessions')}
          testId="figure-sessions"
        />
      </FigureGrid>
      <LatestQuizzes quizzes={list} source={quizzes} />
    </DashboardFrame>
  );
}
