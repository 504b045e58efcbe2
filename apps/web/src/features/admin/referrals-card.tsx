import { gamificationRoutes, REFERRAL_REWARD_CURRENCY } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { StatCard } from '../../ui/stat-card';
import { useMoney } from '../billing';

/** The referral figures (GET /admin/referrals): pending, completed, rewards paid, refused, and the latest refused cases with why. */
export function ReferralsCard() {
  const { t } = useTranslation();
  const money = useMoney();
  const formatDate = useFormatDate();
  const summary = useRouteQuery(gamificationRoutes.adminReferrals, {});
  const refusalsTitle = t('gamification.admin.refusalsTitle');
  return (
    <section aria-labelledby="admin-referrals-title" data-testid="admin-referrals">
      <Card>
        <CardHeader>
          <CardTitle id="admin-referrals-title">{t('gamification.admin.referralsTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {summary.isPending ? (
            <LoadingBlock />
          ) : summary.isError ? (
            <LoadError error={summary.error} title={t('gamification.admin.referralsFailed')} onRetry={() => void summary.refetch()} />
          ) : (
            <>
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <StatCard label={t('gamification.admin.pending')} value={summary.data.pending} testId="admin-referrals-pending" />
                <StatCard label={t('gamification.admin.completed')} value={summary.data.completed} testId="admin-referrals-completed" />
                <StatCard
                  label={t('gamification.admin.rewardsPaid')}
                  value={summary.data.rewards_paid}
                  hint={money.minor(summary.data.rewards_paid_minor, REFERRAL_REWARD_CURRENCY)}
                  testId="admin-referrals-paid"
                />
                <StatCard label={t('gamification.admin.refused')} value={summary.data.refused} testId="admin-referrals-refused" />
              </div>
              <h3 className="text-sm font-semibold text-slate-900">{refusalsTitle}</h3>
              {summary.data.refusals.length === 0 ? (
                <p className="text-sm text-slate-600">{t('gamification.admin.noRefusals')}</p>
              ) : (
                <Table data-testid="admin-referral-refusals">
                  <TableCaption className="sr-only">{refusalsTitle}</TableCaption>
                  <TableHead>
                    <tr>
                      <TableHeaderCell className="px-3">{t('gamification.admin.refusalColumns.date')}</TableHeaderCell>
                      <TableHeaderCell className="px-3">{t('gamification.admin.refusalColumns.referrer')}</TableHeaderCell>
                      <TableHeaderCell className="px-3">{t('gamification.admin.refusalColumns.email')}</TableHeaderCell>
                      <TableHeaderCell className="px-3">{t('gamification.admin.refusalColumns.code')}</TableHeaderCell>
                      <TableHeaderCell className="px-3">{t('gamification.admin.refusalColumns.reason')}</TableHeaderCell>
                    </tr>
                  </TableHead>
                  <TableBody>
                    {summary.data.refusals.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell className="px-3 whitespace-nowrap">{formatDate(r.created_at)}</TableCell>
                        <TableCell className="px-3 break-words">{r.referrer_name ?? '—'}</TableCell>
                        <TableCell className="px-3 break-all">{r.referred_email}</TableCell>
                        <TableCell className="px-3 font-mono">{r.code}</TableCell>
                        <TableCell className="px-3">{t(`gamification.admin.reasons.${r.reason}`)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
