import { assessmentRoutes, billingRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useMoney } from '../billing/shared/money';
import { percent } from '../catalog/shared/format';
import { LatestQuizzes, quizTotals } from './authored-lists';
import { DashboardFrame, Figure, FigureGrid, Shortcuts } from './dashboard-parts';

/**
 * The mentor's dashboard from what the platform records today: earnings, the wallet, and the
 * quizzes the mentor authored with their attempts. Sessions and mentees arrive with booking.
 */
export function MentorDashboard() {
  const { t } = useTranslation();
  const money = useMoney();
  const earnings = useRouteQuery(billingRoutes.earnings, {});
  const wallet = useRouteQuery(billingRoutes.walletBalance, {});
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {});
  const list = quizzes.data ?? [];
  const totals = quizTotals(list);
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
        <Figure
          label={t('roleDashboard.figures.walletBalance')}
          source={wallet}
          value={wallet.data ? money.minor(wallet.data.balance_minor, wallet.data.currency) : null}
          hint={
            wallet.data && wallet.data.pending_withdrawals_minor > 0
              ? t('roleDashboard.figures.walletPending', {
                  amount: money.minor(wallet.data.pending_withdrawals_minor, wallet.data.currency),
                })
              : t('roleDashboard.figures.walletHint')
          }
          testId="figure-wallet"
        />
        <Figure
          label={t('roleDashboard.figures.quizzes')}
          source={quizzes}
          value={list.length > 0 ? String(list.length) : null}
          hint={
            list.length > 0 ? t('roleDashboard.figures.quizzesHint', { count: totals.published }) : t('roleDashboard.figures.noQuizzes')
          }
          testId="figure-quizzes"
        />
        <Figure
          label={t('roleDashboard.figures.attempts')}
          source={quizzes}
          value={totals.attempts > 0 ? String(totals.attempts) : null}
          hint={
            totals.passRate !== null
              ? t('roleDashboard.figures.attemptsHint', { rate: percent(totals.passRate) })
              : t('roleDashboard.figures.noAttempts')
          }
          testId="figure-attempts"
        />
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
