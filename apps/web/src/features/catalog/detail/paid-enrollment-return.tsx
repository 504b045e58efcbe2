import type { Course } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner, useToast } from '../../../ui';
import { usePaymentOutcomeMessage, PaymentReturnNotice, usePaymentReturn } from '../../billing';
import { usePaidEnrollment } from './use-paid-enrollment';

/**
 * Back from a provider's checkout at /course/{id}?payment={transaction id}: the payment is
 * watched until it completes, then the enroll call names it (spec 1: after payment success the
 * enroll call is made), with the spec's success and failure texts.
 */
export function PaidEnrollmentReturn({ course }: { course: Course }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const outcomeMessage = usePaymentOutcomeMessage();
  const enrollment = usePaidEnrollment(course.id);
  const [paid, setPaid] = useState<string | null>(null);
  const checking = usePaymentReturn((outcome) => {
    if (outcome.kind === 'completed' && (outcome.payment.item_id === null || outcome.payment.item_id === course.id)) {
      setPaid(outcome.payment.id);
      enrollment.enrollPaid(outcome.payment.id);
    } else {
      toast(outcomeMessage(outcome));
    }
  });

  if (checking) return <PaymentReturnNotice />;
  if (enrollment.pending) {
    return (
      <Alert tone="info" className="flex items-center gap-3" data-testid="payment-enrolling">
        <Spinner label={false} className="text-primary" />
        {t('billing.payment.enrolling')}
      </Alert>
    );
  }
  if (paid && enrollment.failed) {
    return (
      <Alert tone="error" className="space-y-2" data-testid="payment-enroll-failed">
        <span className="block">{t('courseDetail.paidEnrollFailed')}</span>
        <Button size="sm" variant="outline" onClick={() => enrollment.enrollPaid(paid)} data-testid="payment-enroll-retry">
          {t('billing.payment.retryEnroll')}
        </Button>
      </Alert>
    );
  }
  return null;
}
