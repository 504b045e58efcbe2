import { institutionRoutes, PAYMENT_METHODS, TIER_BILLING_CYCLES, type Institution, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Select,
  useToast,
} from '../../../ui';
import {
  CheckoutRedirectNotice,
  useCheckoutRedirect,
  useMoney,
  PaymentMethodPicker,
  type PaymentMethod,
  PaymentSummary,
  useWalletCover,
} from '../../billing';
import { FailedAlert } from './parts';

export type Tier = RouteOutput<typeof institutionRoutes.tiers>['tiers'][number];
export type BillingCycle = (typeof TIER_BILLING_CYCLES)[number];

/** Spec 2 "upgrade plan" modal: billing cycle and payment method, then POST /institutions/{id}/upgrade. */
export function UpgradeDialog({
  institution,
  tier,
  cycle,
  onClose,
}: {
  institution: Institution;
  tier: Tier | null;
  cycle: BillingCycle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={tier !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="upgrade-dialog">
        {tier && (
          <>
            <DialogHeader>
              <DialogTitle>{t('institutionNetwork.billing.upgradeDialog.title', { name: tier.display_name })}</DialogTitle>
              <DialogDescription>{t('institutionNetwork.billing.upgradeDialog.description')}</DialogDescription>
            </DialogHeader>
            <UpgradeForm key={tier.id} institution={institution} tier={tier} initialCycle={cycle} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UpgradeForm({
  institution,
  tier,
  initialCycle,
  onDone,
}: {
  institution: Institution;
  tier: Tier;
  initialCycle: BillingCycle;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const price = { amount_minor: cycle === 'yearly' ? tier.price_yearly_minor : tier.price_monthly_minor, currency: tier.currency };
  const cover = useWalletCover(price);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  // the wallet is the default unless it cannot cover the price (then it is disabled)
  const method: PaymentMethod = cover.insufficient && (chosen ?? 'wallet') === 'wallet' ? 'chapa' : (chosen ?? 'wallet');
  // a completed upgrade changes the tier, its limits and the wallet
  const upgrade = useRouteMutation(institutionRoutes.upgrade, { invalidates: ['institution.', 'billing.'] });

  const pay = () =>
    upgrade.mutate(
      { params: { id: institution.id }, body: { tier_id: tier.id, billing_cycle: cycle, payment_method: method } },
      {
        onSuccess: (reply) => {
          if (reply.status === 'pending' && reply.checkout_url) return redirect(reply.checkout_url);
          toast(
            reply.status === 'completed'
              ? { title: t('institutionNetwork.billing.upgradeDialog.done', { name: tier.display_name }), tone: 'success' }
              : { title: reply.message, tone: 'info' },
          );
          onDone();
        },
      },
    );

  if (redirectingTo) return <CheckoutRedirectNotice url={redirectingTo} />;

  return (
    <div className="space-y-4" data-testid="upgrade-form">
      <FormField label={t('institutionNetwork.billing.upgradeDialog.cycle')}>
        {(field) => (
          <Select
            {...field}
            value={cycle}
            onChange={(e) => setCycle(e.target.value as BillingCycle)}
            disabled={upgrade.isPending}
            data-testid="upgrade-cycle-input"
          >
            {TIER_BILLING_CYCLES.map((c) => (
              <option key={c} value={c}>
                {t(`institutionNetwork.billing.${c}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <PaymentSummary
        itemLabel={tier.display_name}
        item={t(`institutionNetwork.billing.${cycle}`)}
        amountLabel={t('institutionNetwork.billing.upgradeDialog.amount')}
        amount={money.of(price)}
        amountTestId="upgrade-amount"
      />
      <PaymentMethodPicker
        name="upgrade-method"
        methods={PAYMENT_METHODS}
        value={method}
        onChange={setChosen}
        walletBalance={cover.heldMinor === null ? undefined : money.minor(cover.heldMinor, price.currency)}
        walletInsufficient={cover.insufficient}
        disabled={upgrade.isPending}
      />
      {upgrade.isError && (
        <FailedAlert title={t('institutionNetwork.billing.upgradeDialog.failed')} error={upgrade.error} testId="upgrade-error" />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('institutionNetwork.cancel')}
        </Button>
        <Button onClick={pay} loading={upgrade.isPending} data-testid="upgrade-confirm">
          {t('institutionNetwork.billing.upgradeDialog.submit')}
        </Button>
      </DialogFooter>
    </div>
  );
}
