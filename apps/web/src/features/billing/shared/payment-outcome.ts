import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import type { ToastInput } from '../../../ui';
import { useMoney } from './money';
import type { PaymentOutcome } from './payment-poll';

/**
 * The message for a payment the payer came back with: a top-up credits the wallet, a
 * subscription starts, anything else is a payment; failures say why (cancelled, expired ...)
 * after the spec's "Top-up failed: " / "Subscription failed: " / "Payment failed: ".
 */
export function usePaymentOutcomeMessage(): (outcome: PaymentOutcome) => ToastInput {
  const { t } = useTranslation();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  return useCallback(
    (outcome: PaymentOutcome): ToastInput => {
      switch (outcome.kind) {
        case 'completed': {
          const p = outcome.payment;
          if (p.type === 'deposit') return { title: t('billing.return.topUpCompleted', { amount: money.of(p) }), tone: 'success' };
          if (p.item_type === 'subscription') return { title: t('billing.return.subscriptionCompleted'), tone: 'success' };
          return { title: t('billing.return.paymentCompleted'), tone: 'success' };
        }
        case 'failed': {
          const p = outcome.payment;
          const detail = t(`billing.paymentStatusDetail.${p.status === 'pending' || p.status === 'completed' ? 'failed' : p.status}`);
          if (p.type === 'deposit') return { title: t('billing.wallet.topUpFailed', { detail }), tone: 'error' };
          if (p.item_type === 'subscription') return { title: t('billing.subscriptions.subscribeFailed', { detail }), tone: 'error' };
          return { title: t('billing.payment.failed', { detail }), tone: 'error' };
        }
        case 'timeout':
          return { title: t('billing.return.stillPending'), tone: 'info' };
        case 'error':
          return { title: t('billing.return.checkFailed', { detail: detailOrMessage(outcome.error) }), tone: 'error' };
      }
    },
    [t, money, detailOrMessage],
  );
}
