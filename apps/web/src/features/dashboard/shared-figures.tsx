import { assessmentRoutes, billingRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useMoney } from '../billing';
import { percent } from '../../lib/format';
import { quizTotals } from './authored-lists';
import { Figure } from './dashboard-parts';

/** The caller's wallet: its balance, and what is held for withdrawals when anything is. */
export function WalletFigure() {
  const { t } = useTranslation();
  const money = useMoney();
  const wallet = useRouteQuery(billingRoutes.walletBalance, {});
  const w = wallet.data;
  return (
    <Figure
      label={t('roleDashboard.figures.walletBalance')}
      source={wallet}
      value={w ? money.minor(w.balance_minor, w.currency) : null}
      hint={
        w && w.pending_withdrawals_minor > 0
          ? t('roleDashboard.figures.walletPending', { amount: money.minor(w.pending_withdrawals_minor, w.currency) })
          : t('roleDashboard.figures.walletHint')
      }
      testId="figure-wallet"
    />
  );
}

/**
 * The quizzes the caller authored and their attempts (two figures). The dashboards that list
 * the latest quizzes ask for the same route: the query is shared, not repeated.
 */
export function AuthoredQuizFigures() {
  const { t } = useTranslation();
  const quizzes = useRouteQuery(assessmentRoutes.myQuizzes, {});
  const list = quizzes.data ?? [];
  const totals = quizTotals(list);
  return (
    <>
      <Figure
        label={t('roleDashboard.figures.quizzes')}
        source={quizzes}
        value={list.length > 0 ? String(list.length) : null}
        hint={list.length > 0 ? t('roleDashboard.figures.quizzesHint', { count: totals.published }) : t('roleDashboard.figures.noQuizzes')}
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
    </>
  );
}
