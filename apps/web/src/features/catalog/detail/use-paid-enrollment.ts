import { CatalogErrorCode, catalogRoutes } from '@lp/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useInvalidate, useRouteMutation } from '../../../api/route-hooks';
import { useToast } from '../../../ui';

/** An enrollment the payment already made (billing's event enrolls the payer by itself) is a success too. */
const alreadyEnrolled = (error: unknown) => isApiError(error) && error.code === CatalogErrorCode.ALREADY_ENROLLED;

/**
 * Spec 1: after a successful payment the enroll call is made, naming the payment
 * (POST /courses/{id}/enroll {payment_id}). It may answer 202 while billing's event is on its
 * way; the client asks again until the enrollment is there. The texts are the spec's own.
 * The callbacks sit on the mutation, so they run even when the dialog that started it closed.
 */
export function usePaidEnrollment(courseId: string) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const enroll = useRouteMutation(catalogRoutes.enroll, {
    invalidates: ['catalog.'],
    onSuccess: () => toast({ title: t('courseDetail.paidEnrolled'), tone: 'success' }),
    onError: (error) => {
      if (alreadyEnrolled(error)) {
        toast({ title: t('courseDetail.paidEnrolled'), tone: 'success' });
        void invalidate(['catalog.']);
      } else {
        toast({ title: t('courseDetail.paidEnrollFailed'), tone: 'error' });
      }
    },
  });
  const { mutate } = enroll;
  /** with the payment's id; without one when billing says the course is already paid for */
  const enrollPaid = useCallback(
    (paymentId: string | null) => mutate({ params: { id: courseId }, body: paymentId ? { payment_id: paymentId } : {} }),
    [mutate, courseId],
  );
  return {
    enrollPaid,
    pending: enroll.isPending,
    done: enroll.isSuccess || (enroll.isError && alreadyEnrolled(enroll.error)),
    failed: enroll.isError && !alreadyEnrolled(enroll.error),
  };
}
