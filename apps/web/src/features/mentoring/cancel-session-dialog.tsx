import { mentoringRoutes, type MentoringSession } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { ConfirmDialog, useToast } from '../../ui';
import { useMoney } from '../billing';

const TOAST_MS = 4000;

/**
 * Cancelling a session, for the learner (/my-sessions) and the mentor (the Sessions tab): the
 * confirmation, the call, and the toast saying what the refund rule gave back. Each side says
 * it in its own words: `i18nPrefix` names the texts (title, confirm, cancelled,
 * cancelledRefund, cancelFailed); `description` is what the confirmation announces.
 */
export function CancelSessionDialog({
  session,
  description,
  i18nPrefix,
  testId,
  onClose,
}: {
  session: MentoringSession;
  description: string;
  i18nPrefix: 'mentoring.sessions' | 'mentorInsights.sessions';
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const money = useMoney();
  const detail = useDetailOrMessage();
  const cancel = useRouteMutation(mentoringRoutes.cancelSession, { invalidates: ['mentoring.', 'billing.'] });
  const confirm = () =>
    cancel.mutate(
      { params: { id: session.id }, body: { reason: '' } },
      {
        onSuccess: (updated) => {
          const refunded = updated.refunded_minor ?? 0;
          toast({
            title:
              refunded > 0
                ? t(`${i18nPrefix}.cancelledRefund`, { amount: money.minor(refunded, updated.total_amount.currency) })
                : t(`${i18nPrefix}.cancelled`),
            tone: 'success',
            durationMs: TOAST_MS,
          });
          onClose();
        },
        onError: (error) =>
          toast({ title: t(`${i18nPrefix}.cancelFailed`, { detail: detail(error) }), tone: 'error', durationMs: TOAST_MS }),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${i18nPrefix}.cancelTitle`)}
      description={description}
      confirmLabel={t(`${i18nPrefix}.cancelConfirm`)}
      onConfirm={confirm}
      pending={cancel.isPending}
      destructive
      testId={testId}
    />
  );
}
