import { billingRoutes, type PlanUserType, type Subscription } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog, ProgressBar, useToast } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useMoney } from '../shared/money';
import { usageRows } from './usage';

const STATUS_TONE = { pending: 'warning', active: 'success', past_due: 'danger', cancelled: 'neutral', expired: 'neutral' } as const;

/** The caller's subscription: plan, status, period end, cancel (kept until the period end), usage against the limits. */
export function CurrentSubscription({ subscription, userType }: { subscription: Subscription | null; userType: PlanUserType }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const formatDate = useFormatDate();
  const detailOrMessage = useDetailOrMessage();
  const [confirming, setConfirming] = useState(false);
  const cancel = useRouteMutation(billingRoutes.cancelSubscription, {
    invalidates: ['billing.subscription.'],
    onSuccess: (answer) => {
      setConfirming(false);
      const end = answer.subscription?.current_period_end ?? subscription?.current_period_end;
      toast({ title: t('billing.subscriptions.cancelled', { date: formatDate(end) }), tone: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ title: t('billing.subscriptions.cancelFailed', { detail: detailOrMessage(error) }), tone: 'error' });
    },
  });

  if (!subscription) {
    return (
      <Card data-testid="current-subscription" data-status="none">
        <CardHeader>
          <CardTitle>{t('billing.subscriptions.currentTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">{t('billing.subscriptions.none')}</p>
        </CardContent>
      </Card>
    );
  }

  const s = subscription;
  const periodEnd = formatDate(s.current_period_end);
  const cancellable = (s.status === 'active' || s.status === 'past_due') && !s.cancel_at_period_end;
  const line = s.cancel_at_period_end
    ? t('billing.subscriptions.endsOn', { date: periodEnd })
    : s.status === 'past_due'
      ? t('billing.subscriptions.pastDue', { date: formatDate(s.grace_until ?? s.current_period_end) })
      : s.status === 'active'
        ? t('billing.subscriptions.renewsOn', { date: periodEnd })
        : s.status === 'pending'
          ? t('billing.subscriptions.pendingPayment')
          : t('billing.subscriptions.endedOn', { date: periodEnd });

  return (
    <Card data-testid="current-subscription" data-status={s.status}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>{t('billing.subscriptions.currentTitle')}</CardTitle>
          <p className="flex flex-wrap items-center gap-2 text-slate-900">
            <span className="font-semibold" data-testid="current-plan-name">
              {s.plan.name}
            </span>
            <span className="text-sm text-slate-600">
              {t(`billing.cycles.per.${s.billing_cycle}`, {
                price: money.of({ amount_minor: s.plan.price_minor, currency: s.plan.currency }),
              })}
            </span>
            <Badge tone={STATUS_TONE[s.status]} data-testid="subscription-status">
              {t(`billing.subscriptionStatus.${s.status}`)}
            </Badge>
            {s.cancel_at_period_end && <Badge tone="warning">{t('billing.subscriptions.cancelScheduled')}</Badge>}
          </p>
          <p className="text-sm text-slate-700" data-testid="subscription-period">
            {line}
          </p>
        </div>
        {cancellable && (
          <Button variant="outline" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
            {t('billing.subscriptions.cancel')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <Usage userType={userType} />
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('billing.subscriptions.cancelTitle')}
        description={t('billing.subscriptions.cancelConfirm', { plan: s.plan.name, date: periodEnd })}
        confirmLabel={t('billing.subscriptions.cancel')}
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
        destructive
        testId="cancel-subscription-dialog"
      />
    </Card>
  );
}

function Usage({ userType }: { userType: PlanUserType }) {
  const { t } = useTranslation();
  const usage = useRouteQuery(billingRoutes.subscriptionUsage, {});
  if (usage.isPending) return <LoadingBlock />;
  if (usage.isError)
    return <LoadError error={usage.error} title={t('billing.subscriptions.usageFailed')} onRetry={() => void usage.refetch()} />;
  const rows = usageRows(userType, usage.data.current_usage, usage.data.limits);
  return (
    <section aria-labelledby="subscription-usage" data-testid="subscription-usage">
      <h3 id="subscription-usage" className="mb-3 text-sm font-semibold text-slate-900">
        {t('billing.subscriptions.usageTitle')}
      </h3>
      <ul className="space-y-3">
        {rows.map((row) => {
          const label = t(`billing.usage.${row.usage}`);
          const figure =
            row.limit === null
              ? t('billing.usage.ofUnlimited', { used: row.used })
              : t('billing.usage.ofLimit', { used: row.used, limit: row.limit });
          return (
            <li key={row.usage} className="space-y-1" data-testid={`usage-${row.usage}`}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-slate-700">{label}</span>
                <span className="font-medium text-slate-900 tabular-nums">{figure}</span>
              </div>
              {row.percent !== null && (
                <ProgressBar
                  value={row.percent}
                  label={label}
                  valueText={figure}
                  tone={row.percent >= 100 ? 'danger' : row.percent >= 80 ? 'warning' : 'primary'}
                  testId={`usage-bar-${row.usage}`}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
