import { catalogRoutes, type Course } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useToast,
} from '../../../ui';
import { dollars } from '../shared/format';

interface PaymentDialogProps {
  course: Course;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec 4: a paid course opens a payment dialog; after a successful payment the enroll call
 * is made. Billing is not available yet, so the dialog says so and lets the learner try the
 * enrollment, whose refusal ("Payment required…") is shown.
 */
export function PaymentDialog({ course, open, onOpenChange }: PaymentDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  // POST /courses/{id}/enroll: a paid course answers 402 until billing has the payment
  const enroll = useRouteMutation(catalogRoutes.enroll, { invalidates: ['catalog.'] });
  const failure = enroll.isError ? t('courseDetail.enrollFailed', { detail: serverDetail(enroll.error) ?? t('courseDetail.tryAgain') }) : null;

  const close = (next: boolean) => {
    if (!next) enroll.reset();
    onOpenChange(next);
  };

  const tryEnroll = () =>
    enroll.mutate({ params: { id: course.id } }, {
      onSuccess: () => {
        toast({ title: t('courseDetail.paidEnrolled'), tone: 'success' });
        close(false);
      },
      onError: (error) =>
        toast({ title: t('courseDetail.enrollFailed', { detail: serverDetail(error) ?? t('courseDetail.tryAgain') }), tone: 'error' }),
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="payment-dialog">
        <DialogHeader>
          <DialogTitle>{t('courseDetail.payment.title')}</DialogTitle>
          <DialogDescription>{t('courseDetail.payment.description', { title: course.title, price: dollars(course.price) })}</DialogDescription>
        </DialogHeader>
        <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.payment.course')}</dt>
            <dd className="text-right font-medium text-slate-900">{course.title}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('courseDetail.payment.amount')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="payment-amount">
              {dollars(course.price)}
            </dd>
          </div>
        </dl>
        <Alert tone="info" className="mt-4">
          {t('courseDetail.payment.unavailable')}
        </Alert>
        {failure && (
          <Alert tone="error" className="mt-4" data-testid="payment-error">
            {failure}
          </Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button onClick={tryEnroll} loading={enroll.isPending} data-testid="payment-enroll">
            {t('courseDetail.payment.enroll')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
