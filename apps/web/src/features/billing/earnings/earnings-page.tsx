import { billingRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { formatPercent } from '../../../lib/figures';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  PageHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { StatCard } from '../../../ui/stat-card';
import { useMoney } from '../shared/money';
import { EarningsChart } from './earnings-chart';

/** Spec 3 /earnings [instructor, mentor]: totals, course and mentor earnings, twelve months, the latest 10 revenue shares. */
export function EarningsPage() {
  const { t } = useTranslation();
  usePageTitle(t('billing.earnings.title'));
  const money = useMoney();
  const formatDate = useFormatDate();
  const earnings = useRouteQuery(billingRoutes.earnings, {});

  return (
    <div data-testid="earnings-page" className="space-y-6">
      <PageHeader
        title={t('billing.earnings.title')}
        subtitle={t('billing.earnings.subtitle')}
        actions={
          <Button asChild variant="outline">
            <Link to="/wallet" data-testid="earnings-wallet-link">
              {t('billing.earnings.toWallet')}
            </Link>
          </Button>
        }
      />
      {earnings.isPending ? (
        <LoadingBlock />
      ) : earnings.isError ? (
        <LoadError error={earnings.error} title={t('billing.earnings.loadFailed')} onRetry={() => void earnings.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label={t('billing.earnings.totalEarned')}
              value={money.major(earnings.data.total_earned, earnings.data.currency)}
              testId="earnings-total"
            />
            <StatCard
              label={t('billing.earnings.availableBalance')}
              value={money.major(earnings.data.available_balance, earnings.data.currency)}
              testId="earnings-available"
            />
            <StatCard
              label={t('billing.earnings.courseEarnings')}
              value={money.major(earnings.data.course_earnings, earnings.data.currency)}
              testId="earnings-course"
            />
            <StatCard
              label={t('billing.earnings.mentorEarnings')}
              value={money.major(earnings.data.mentor_earnings, earnings.data.currency)}
              testId="earnings-mentor"
            />
          </div>

          <section aria-labelledby="earnings-monthly">
            <Card>
              <CardHeader>
                <CardTitle id="earnings-monthly">{t('billing.earnings.monthlyTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                {earnings.data.monthly.length === 0 ? (
                  <p className="text-sm text-slate-600">{t('billing.earnings.noMonthly')}</p>
                ) : (
                  <EarningsChart monthly={earnings.data.monthly} currency={earnings.data.currency} />
                )}
              </CardContent>
            </Card>
          </section>

          <section aria-labelledby="earnings-shares">
            <Card>
              <CardHeader>
                <CardTitle id="earnings-shares">{t('billing.earnings.sharesTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                {earnings.data.revenue_shares.length === 0 ? (
                  <p className="text-sm text-slate-600" data-testid="revenue-shares-empty">
                    {t('billing.earnings.noShares')}
                  </p>
                ) : (
                  <Table data-testid="revenue-shares">
                    <TableHead>
                      <tr>
                        <TableHeaderCell>{t('billing.earnings.date')}</TableHeaderCell>
                        <TableHeaderCell>{t('billing.earnings.recipientType')}</TableHeaderCell>
                        <TableHeaderCell>{t('billing.earnings.description')}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{t('billing.earnings.gross')}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{t('billing.earnings.platformFee')}</TableHeaderCell>
                        <TableHeaderCell className="text-right">{t('billing.earnings.yourShare')}</TableHeaderCell>
                      </tr>
                    </TableHead>
                    <TableBody>
                      {earnings.data.revenue_shares.slice(0, 10).map((share) => (
                        <TableRow key={share.id} data-testid="revenue-share-row" data-reversed={share.reversed || undefined}>
                          <TableCell className="whitespace-nowrap">{formatDate(share.created_at)}</TableCell>
                          <TableCell>{t(`billing.recipientTypes.${share.recipient_type}`)}</TableCell>
                          <TableCell className="min-w-48">
                            {share.description}
                            {share.reversed && (
                              <Badge tone="danger" className="ml-2" data-testid="revenue-share-reversed">
                                {t('billing.earnings.reversed')}
                              </Badge>
                            )}
                          </TableCell>
                          <TableCell className="text-right whitespace-nowrap tabular-nums">
                            {money.major(share.gross_amount, share.currency)}
                          </TableCell>
                          <TableCell className="text-right tabular-nums">{formatPercent(share.platform_fee_percentage)}</TableCell>
                          <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums" data-testid="revenue-share-amount">
                            {money.minor(share.recipient_amount_minor, share.currency)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
          </section>
        </>
      )}
    </div>
  );
}
