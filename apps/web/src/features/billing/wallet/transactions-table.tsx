import { billingRoutes } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  Pager,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { statusTone, useMethodLabel } from '../shared/labels';
import { useMoney } from '../shared/money';

/** Spec 9: the transactions page holds 20. */
export const TRANSACTIONS_PAGE_SIZE = 20;

/** Spec 3 /wallet transaction history: newest first, 20 a page. */
export function TransactionsTable() {
  const { t } = useTranslation();
  const money = useMoney();
  const formatDateTime = useFormatDateTime();
  const methodLabel = useMethodLabel();
  const [offset, setOffset] = useState(0);
  const list = useRouteQuery(
    billingRoutes.transactions,
    { query: { limit: TRANSACTIONS_PAGE_SIZE, offset } },
    { placeholderData: keepPreviousData },
  );

  const total = list.data?.total ?? 0;
  const rows = list.data?.transactions ?? [];

  return (
    <section aria-labelledby="wallet-history">
      <Card>
        <CardHeader>
          <CardTitle id="wallet-history">{t('billing.transactions.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <LoadingBlock />
          ) : list.isError ? (
            <LoadError error={list.error} title={t('billing.transactions.loadFailed')} onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="transactions-empty">
              {t('billing.transactions.empty')}
            </p>
          ) : (
            <div className="space-y-3">
              <Table data-testid="transactions-table" aria-busy={list.isFetching || undefined}>
                <TableHead>
                  <tr>
                    <TableHeaderCell>{t('billing.transactions.date')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.transactions.description')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.transactions.type')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.transactions.method')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.transactions.status')}</TableHeaderCell>
                    <TableHeaderCell className="text-right">{t('billing.transactions.amount')}</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {rows.map((tx) => (
                    <TableRow
                      key={tx.id}
                      data-testid="transaction-row"
                      data-transaction-id={tx.id}
                      data-type={tx.type}
                      data-status={tx.status}
                    >
                      <TableCell className="whitespace-nowrap">{formatDateTime(tx.created_at)}</TableCell>
                      <TableCell className="min-w-48">{tx.description}</TableCell>
                      <TableCell>{t(`billing.transactionTypes.${tx.type}`)}</TableCell>
                      <TableCell>{methodLabel(tx.payment_method)}</TableCell>
                      <TableCell>
                        <Badge tone={statusTone(tx.status)} data-testid="transaction-status">
                          {t(`billing.status.${tx.status}`)}
                        </Badge>
                      </TableCell>
                      <TableCell
                        className={cn(
                          'text-right font-semibold whitespace-nowrap tabular-nums',
                          tx.direction === 'credit' ? 'text-emerald-700' : 'text-slate-900',
                        )}
                        data-testid="transaction-amount"
                      >
                        {tx.direction === 'credit' ? '+' : '−'}
                        {money.of(tx)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Pager
                offset={offset}
                pageSize={TRANSACTIONS_PAGE_SIZE}
                total={total}
                onOffset={setOffset}
                busy={list.isFetching}
                label={t('billing.transactions.paging')}
                testId="transactions"
              />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
