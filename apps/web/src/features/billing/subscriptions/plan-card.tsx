import type { PricingPlan } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, CardContent, cn } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { useMoney } from '../shared/money';
import { shownLimits } from './usage';

interface PlanCardProps {
  plan: PricingPlan;
  current?: boolean;
  /** the Subscribe button, or nothing (preview, current plan) */
  action?: ReactNode;
}

/** One plan: name, price with currency and cycle, description, features, limits ('Unlimited' when blank). */
export function PlanCard({ plan, current = false, action }: PlanCardProps) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card
      className={cn('flex h-full flex-col', plan.is_featured && 'border-primary ring-2 ring-primary/40', current && 'border-emerald-500')}
      data-testid={`plan-card-${plan.name}`}
      data-plan-id={plan.id}
      data-featured={plan.is_featured || undefined}
      data-current={current || undefined}
    >
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            {plan.is_featured && <Badge data-testid="plan-featured">{t('billing.plans.featured')}</Badge>}
            {current && (
              <Badge tone="success" data-testid="current-plan-badge">
                {t('billing.plans.currentPlan')}
              </Badge>
            )}
            {!plan.is_active && <Badge tone="neutral">{t('billing.plans.inactive')}</Badge>}
          </div>
          <p className="text-2xl font-bold text-slate-900" data-testid="plan-price">
            {t(`billing.cycles.per.${plan.billing_cycle}`, {
              price: money.of({ amount_minor: plan.price_minor, currency: plan.currency }),
            })}
          </p>
          {plan.description && <p className="text-sm text-slate-600">{plan.description}</p>}
        </div>
        {plan.features.length > 0 && (
          <ul className="space-y-1.5 text-sm text-slate-800" aria-label={t('billing.plans.features')}>
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <dl className="space-y-1 border-t border-slate-200 pt-3 text-sm" data-testid="plan-limits">
          {shownLimits(plan.user_type, plan.limits).map((key) => (
            <div key={key} className="flex justify-between gap-3">
              <dt className="text-slate-600">{t(`billing.limits.${key}`)}</dt>
              <dd className="font-medium text-slate-900">{plan.limits[key] ?? t('billing.limits.unlimited')}</dd>
            </div>
          ))}
        </dl>
        {action && <div className="mt-auto pt-2">{action}</div>}
      </CardContent>
    </Card>
  );
}
