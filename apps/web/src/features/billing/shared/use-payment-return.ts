import { billingRoutes } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callRoute } from '../../../api/client';
import { pollPayment, type PaymentOutcome } from './payment-poll';

/** The query parameter a checkout's return address carries: `?payment=<transaction id>`. */
export const PAYMENT_RETURN_PARAM = 'payment';

/**
 * A page the payer comes back to from a provider's checkout (`?payment=<id>`): the payment
 * is asked about every second for up to ~20 s, then `onOutcome` runs once and the parameter
 * leaves the address (a reload does not report it again). Answers the payment being watched.
 */
export function usePaymentReturn(onOutcome: (outcome: PaymentOutcome, paymentId: string) => void): string | null {
  const [params, setParams] = useSearchParams();
  const paymentId = params.get(PAYMENT_RETURN_PARAM);
  const handler = useRef(onOutcome);
  // setParams changes with every change of the address; the polling must not restart for that
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    handler.current = onOutcome;
    setParamsRef.current = setParams;
  });

  useEffect(() => {
    if (!paymentId) return;
    const controller = new AbortController();
    pollPayment((signal) => callRoute(billingRoutes.payment, { params: { id: paymentId }, ...(signal ? { signal } : {}) }), {
      signal: controller.signal,
    })
      .then((outcome) => {
        if (controller.signal.aborted) return;
        handler.current(outcome, paymentId);
        setParamsRef.current(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(PAYMENT_RETURN_PARAM);
            return next;
          },
          { replace: true },
        );
      })
      .catch(() => {
        // aborted: the page was left or the parameter changed; nothing to report
      });
    return () => controller.abort();
  }, [paymentId]);

  return paymentId;
}
