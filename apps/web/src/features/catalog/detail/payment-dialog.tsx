import { BillingErrorCode, billingRoutes, PAYMENT_METHODS, toMinor, type Course } from '@lp/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Spinner,
  useToast,
} from '../../../ui';
import {
  CheckoutRedirectNotice,
  useCheckoutRedirect,
  useMoney,
  PaymentMethodPicker,
  type PaymentMethod,
  useIdempotencyKey,
  useWalletCover,
  PaymentSummary,
} from '../../billing';
import { usePaidEnrollment } from './use-paid-enrollment';

interface PaymentDialogProps {
  course: Course;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Course prices are in US dollars (spec 3 section 9). */
const COURSE_CURRENCY = 'USD';

/**
 * Spec 1 and 3 payment modal: wallet, chapa, telebirr or mpesa. POST /payments/initiate with
 * an Idempotency-Key fixed for the opening; completed (the wallet) enrolls at once with the
 * payment's id; a provider answers a checkout, where the payer goes after 2 seconds and from
 * which they come back to /course/{id}?payment={id} (see PaidEnrollmentReturn).
 */
export function PaymentDialog({ course, open, onOpenChange }: PaymentDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  // no closing while money moves: the enrollment that follows a payment must not be lost
  const change = (next: boolean) => (next || !busy) && onOpenChange(next);
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent data-testid="payment-dialog" closable={!busy}>
        <DialogHeader>
          <DialogTitle>{t('courseDetail.payment.title')}</DialogTitle>
          <DialogDescription>
            {t('courseDetail.payment.description', { title: course.title, price: money.major(course.price, COURSE_CURRENCY) })}
          </DialogDescription>
        </DialogHeader>
        {open && <PaymentForm course={course} onBusy={setBusy} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ course, onBusy, onDone }: { course: Course; onBusy: (busy: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const detailOrMessage = useDetailOrMessage();
  const idempotency = useIdempotencyKey();
  const { redirectingTo, redirect } = useCheckoutRedirect();
  const price = { amount_minor: toMinor(course.price, COURSE_CURRENCY), currency: COURSE_CURRENCY } as const;
  const cover = useWalletCover(price);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  // the wallet is the default unless it cannot cover the price (then it is disabled)
  const method: PaymentMethod = cover.insufficient && (chosen ?? 'wallet') === 'wallet' ? 'chapa' : (chosen ?? 'wallet');
  // set once the course is paid for: the payment's id (null when billing says it was paid before)
  const [paid, setPaid] = useState<{ paymentId: string | null } | null>(null);
  const initiate = useRouteMutation(billingRoutes.initiatePayment, { invalidates: ['billing.'] });
  const enrollment = usePaidEnrollment(course.id);
  const busy = initiate.isPending || enrollment.pending;

  useEffect(() => onBusy(busy), [busy, onBusy]);
  useEffect(() => () => onBusy(false), [onBusy]);
  useEffect(() => {
    if (enrollment.done) onDone();
  }, [enrollment.done, onDone]);

  const pay = () =>
    initiate.mutate(
      {
        body: { payment_method: method, item_type: 'course', item_id: course.id, amount: course.price },
        headers: { 'idempotency-key': idempotency.key },
      },
      {
        onSuccess: (reply) => {
          if (reply.status === 'completed') {
            setPaid({ paymentId: reply.transaction_id });
            return enrollment.enrollPaid(reply.transaction_id);
          }
          if (reply.checkout_url) return redirect(reply.checkout_url);
          toast({ title: reply.message, tone: 'info' });
          onDone();
        },
        onError: (error) => {
          idempotency.afterError(error);
          // paid before (e.g. the enrollment failed then): the enrollment needs no new payment
          if (isApiError(error) && error.code === BillingErrorCode.ALREADY_PAID) {
            setPaid({ paymentId: null });
            enrollment.enrollPaid(null);
          }
        },
      },
    );

  if (redirectingTo) return <CheckoutRedirectNotice url={redirectingTo} />;

  return (
    <div className="space-y-4" data-testid="payment-form">
      <PaymentSummary
        itemLabel={t('courseDetail.payment.course')}
        item={course.title}
        amountLabel={t('courseDetail.payment.amount')}
        amount={money.of(price)}
        amountTestId="payment-amount"
      />

      {paid ? (
        enrollment.failed ? (
          <Alert tone="error" data-testid="payment-enroll-failed">
            {t('courseDetail.paidEnrollFailed')}
          </Alert>
        ) : (
          <Alert tone="info" className="flex items-center gap-3" data-testid="payment-enrolling">
            <Spinner label={false} className="text-primary" />
            {t('billing.payment.enrolling')}
          </Alert>
        )
      ) : (
        <PaymentMethodPicker
          name="course-payment-method"
          methods={PAYMENT_METHODS}
          value={method}
          onChange={setChosen}
          walletBalance={cover.heldMinor === null ? undefined : money.minor(cover.heldMinor, COURSE_CURRENCY)}
          walletInsufficient={cover.insufficient}
          disabled={busy}
        />
      )}

      {initiate.isError && !paid && (
        <Alert tone="error" data-testid="payment-error">
          {t('billing.payment.failed', { detail: detailOrMessage(initiate.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {paid ? t('common.close') : t('common.cancel')}
        </Button>
        {paid ? (
          enrollment.failed && (
            <Button onClick={() => enrollment.enrollPaid(paid.paymentId)} data-testid="payment-enroll-retry">
              {t('billing.payment.retryEnroll')}
            </Button>
          )
        ) : (
          <Button onClick={pay} loading={initiate.isPending} disabled={busy} data-testid="pay-button">
            {t('billing.payment.pay', { price: money.of(price) })}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
