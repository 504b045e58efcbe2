import { institutionRoutes, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, Card, CardContent, cn, ProgressBar } from '../../../ui';
import { useMoney } from '../../billing';
import { canEdit, CURRENT_TIER_FEATURES, isCurrentTier, UPGRADE_CARD_FEATURES, usageBars, yearlySavingPercent } from '../network/logic';
import { LoadFailed, Loading, ReadonlyNotice, TabHeader } from '../network/parts';
import { UpgradeDialog, type BillingCycle, type Tier } from '../network/upgrade-dialog';

/**
 * Spec 3 Institution, Billing & Plan: the current tier with its first 5 features, the usage bars
 * (GET /institutions/{id}/usage, capped at 100%), the tiers (GET /institution-tiers) with the
 * monthly/yearly toggle and the yearly saving, and Upgrade.
 */
export function BillingTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const editable = canEdit(institution);
  const tiers = useRouteQuery(institutionRoutes.tiers, {});
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [upgrading, setUpgrading] = useState<Tier | null>(null);
  const current = tiers.data?.tiers.find((tier) => isCurrentTier(tier, institution.subscription_tier_name)) ?? null;

  return (
    <section aria-labelledby="billing-heading" className="space-y-6" data-testid="billing-tab">
      <TabHeader id="billing-heading" title={t('institutionNetwork.billing.heading')} />
      {!editable && <ReadonlyNotice />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="current-tier">
          <CardContent className="space-y-3">
            <p className="text-sm text-slate-600">{t('institutionNetwork.billing.current')}</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="current-tier-name">
              {current?.display_name ?? institution.subscription_tier_name}
            </p>
            {current && current.features.length > 0 && (
              <ul className="list-inside list-disc space-y-1 text-sm text-slate-700" data-testid="current-tier-features">
                {current.features.slice(0, CURRENT_TIER_FEATURES).map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <UsageCard institution={institution} />
      </div>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-lg font-semibold text-slate-900">{t('institutionNetwork.billing.tiersHeading')}</h3>
          <div
            role="group"
            aria-label={t('institutionNetwork.billing.upgradeDialog.cycle')}
            className="inline-flex rounded-lg border border-slate-300 p-0.5"
            data-testid="cycle-toggle"
          >
            {(['monthly', 'yearly'] as const).map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={cycle === c}
                onClick={() => setCycle(c)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium',
                  cycle === c ? 'bg-primary text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
                data-testid={`cycle-${c}`}
              >
                {t(`institutionNetwork.billing.${c}`)}
              </button>
            ))}
          </div>
        </div>
        {tiers.isPending ? (
          <Loading />
        ) : tiers.isError ? (
          <LoadFailed error={tiers.error} onRetry={() => void tiers.refetch()} testId="tiers-load-error" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {tiers.data.tiers.map((tier) => (
              <TierCard
                key={tier.id}
                tier={tier}
                cycle={cycle}
                isCurrent={current?.id === tier.id}
                editable={editable}
                onUpgrade={() => setUpgrading(tier)}
              />
            ))}
          </div>
        )}
      </div>
      {editable && <UpgradeDialog institution={institution} tier={upgrading} cycle={cycle} onClose={() => setUpgrading(null)} />}
    </section>
  );
}

function UsageCard({ institution }: { institution: Institution }) {
  const { t, i18n } = useTranslation();
  const usage = useRouteQuery(institutionRoutes.usage, { params: { id: institution.id } });
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <Card data-testid="usage-card">
      <CardContent className="space-y-3">
        <h3 className="font-semibold text-slate-900">{t('institutionNetwork.billing.usageHeading')}</h3>
        {usage.isPending ? (
          <Loading />
        ) : usage.isError ? (
          <LoadFailed error={usage.error} onRetry={() => void usage.refetch()} testId="usage-load-error" />
        ) : (
          <ul className="space-y-3">
            {usageBars(usage.data).map((bar) => {
              const label = t(`institutionNetwork.billing.measures.${bar.measure}`);
              const figure =
                bar.limit === null
                  ? t('institutionNetwork.billing.unlimited', { used: number(bar.used) })
                  : t('institutionNetwork.billing.usedOf', { used: number(bar.used), limit: number(bar.limit) });
              return (
                <li key={bar.measure} className="space-y-1" data-testid={`usage-${bar.measure}`} data-percent={bar.percent ?? undefined}>
                  <div className="flex justify-between gap-2 text-sm">
                    <span className="text-slate-700">{label}</span>
                    <span className="text-slate-900 tabular-nums">{figure}</span>
                  </div>
                  {bar.percent !== null && (
                    <ProgressBar
                      value={bar.percent}
                      label={label}
                      valueText={`${bar.percent}%`}
                      tone={bar.percent >= 100 ? 'danger' : bar.percent >= 80 ? 'warning' : 'primary'}
                      size="sm"
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TierCard({
  tier,
  cycle,
  isCurrent,
  editable,
  onUpgrade,
}: {
  tier: Tier;
  cycle: BillingCycle;
  isCurrent: boolean;
  editable: boolean;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const saving = yearlySavingPercent(tier.price_monthly, tier.price_yearly);
  const price = cycle === 'yearly' ? tier.price_yearly_minor : tier.price_monthly_minor;
  return (
    <Card
      data-testid={`tier-card-${tier.tier_name}`}
      className={cn(tier.is_featured && 'ring-2 ring-primary', isCurrent && 'border-emerald-400')}
    >
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="text-base font-semibold text-slate-900">{tier.display_name}</h4>
          <div className="flex gap-1">
            {tier.is_featured && <Badge tone="primary">{t('institutionNetwork.billing.featured')}</Badge>}
            {isCurrent && (
              <Badge tone="success" data-testid="tier-current">
                {t('institutionNetwork.billing.currentBadge')}
              </Badge>
            )}
          </div>
        </div>
        <p className="text-2xl font-bold text-slate-900" data-testid="tier-price">
          {t(cycle === 'yearly' ? 'institutionNetwork.billing.perYear' : 'institutionNetwork.billing.perMonth', {
            price: money.minor(price, tier.currency),
          })}
        </p>
        {cycle === 'yearly' && saving > 0 && (
          <Badge tone="success" className="self-start" data-testid="tier-saving">
            {t('institutionNetwork.billing.save', { percent: saving })}
          </Badge>
        )}
        {tier.description && <p className="text-sm text-slate-600">{tier.description}</p>}
        <ul className="flex-1 list-inside list-disc space-y-1 text-sm text-slate-700">
          {tier.features.slice(0, UPGRADE_CARD_FEATURES).map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
        {editable && !isCurrent && (
          <Button
            onClick={onUpgrade}
            aria-label={t('institutionNetwork.billing.choose', { name: tier.display_name })}
            data-testid={`tier-upgrade-${tier.tier_name}`}
          >
            {t('institutionNetwork.billing.upgrade')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
