import { billingRoutes, PAYMENT_METHODS, type PricingPlan } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, useToast } from '../../../ui';
import { CheckoutRedirectNotice, useCheckoutRedirect } from '../shared/checkout-redirect';
import { useMoney } from '../shared/money';
import { PaymentMethodPicker, type PaymentMethod } from '../shared/payment-method-picker';
import { useIdempotencyKey } from '../shared/use-idempotency-key';
import { useWalletCover } from '../shared/use-wallet-cover';
import { PaymentSummary } from '../shared/payment-summary';

interface SubscribeDialogProps {
  /** the plan being subscribed to; null closes the dialog */
  plan: PricingPlan | null;
  onClose: () => void;
}

/** Subscribe: a payment method (wallet by default, chapa, telebirr, mpesa), then POST /subscriptions/subscribe. */
export function SubscribeDialog({ plan, onClose }: SubscribeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="subscribe-dialog">
        {plan && (
          <>
            <DialogHeader>
              <DialogTitle>{t('billing.subscriptions.subscribeTitle', { plan: plan.name })}</DialogTitle>
              <DialogDescription>{t('billing.subscriptions.subscribeDescription')}</DialogDescription>
            </DialogHeader>
            {/* keyed: each opening (and each plan) is its own request with its own Idempotency-Key */}
            <SubscribeForm key={plan.id} plan={plan} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SubscribeForm({ plan, onDone }: { plan: PricingPlan; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const price = { amount_minor: plan.price_minor, currency: plan.currency };
  const cover = useWalletCover(price);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  // the wallet is the default unless it cannot cover the price (then it is disabled)
  const method: PaymentMethod = cover.insufficient && (chosen ?? 'wallet') === 'wallet' ? 'chapa' : (chosen ?? 'wallet');
  const subscribe = useRouteMutation(billingRoutes.subscribe, { invalidates: ['billing.'] });

  const pay = () =>
    subscribe.mutate(
      { body: { plan_id: plan.id, payment_method: method }, headers: { 'idempotency-key': idempotency.key } },
      {
        onSuccess: (reply) => {
          if (reply.status === 'pending' && reply.checkout_url) return redirect(reply.checkout_url);
          toast(
            reply.status === 'completed'
              ? { title: t('billing.subscriptions.subscribed', { plan: plan.name }), tone: 'success' }
              : { title: reply.message, tone: 'info' },
          );
          onDone();
        },
        onError: idempotency.afterError,
      },
    );

  if (redirectingTo) return <CheckoutRedirectNotice url={redirectingTo} />;

  return (
    <div className="space-y-4" data-testid="subscribe-form">
      <PaymentSummary
        itemLabel={t('billing.subscriptions.plan')}
        item={plan.name}
        amountLabel={t('billing.subscriptions.price')}
        amount={t(`billing.cycles.per.${plan.billing_cycle}`, { price: money.of(price) })}
        amountTestId="subscribe-price"
      />
      <PaymentMethodPicker
        name="subscribe-method"
        methods={PAYMENT_METHODS}
        value={method}
        onChange={setChosen}
        walletBalance={cover.heldMinor === null ? undefined : money.minor(cover.heldMinor, plan.currency)}
        walletInsufficient={cover.insufficient}
        disabled={subscribe.isPending}
      />
      {subscribe.isError && (
        <Alert tone="error" data-testid="subscribe-error">
          {t('billing.subscriptions.subscribeFailed', { detail: detailOrMessage(subscribe.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={pay} loading={subscribe.isPending} data-testid="subscribe-confirm">
          {t('billing.subscriptions.subscribeConfirm', { price: money.of(price) })}
        </Button>
      </DialogFooter>
    </div>
  );
}
