import { DELETE_CONFIRMATION_PHRASE, identityRoutes } from '@lp/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  useToast,
} from '../../ui';
import { useContractForm } from '../../ui/form';
import { useSession } from '../auth';

/** The route sends nothing: the one field is the spec's confirmation phrase, typed exactly. */
const Confirmation = z.object({ confirmation: z.string().refine((typed) => typed === DELETE_CONFIRMATION_PHRASE) });

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Stands in for the original prompt: Cancel does nothing, a mismatch cancels with a message. */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const { leave } = useSession();
  const remove = useRouteMutation(identityRoutes.deleteAccount);
  const form = useContractForm(Confirmation, { defaultValues: { confirmation: '' } });

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    () =>
      remove.mutate(undefined, {
        onSuccess: leave,
        onError: (error) => toast({ title: t('account.danger.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      }),
    // spec 4: another text cancels the deletion rather than asking again
    () => {
      toast({ title: t('account.deleteDialog.mismatch'), tone: 'error' });
      close(false);
    },
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="delete-account-dialog" role="alertdialog">
        <DialogHeader>
          <DialogTitle className="text-red-800">{t('account.deleteDialog.title')}</DialogTitle>
          <DialogDescription>
            <Trans
              i18nKey="account.deleteDialog.description"
              values={{ phrase: DELETE_CONFIRMATION_PHRASE }}
              components={{ strong: <strong className="font-mono font-semibold text-slate-900" /> }}
            />
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.deleteDialog.label')}>
            {(field) => (
              <Input
                {...field}
                {...form.register('confirmation')}
                autoComplete="off"
                spellCheck={false}
                placeholder={DELETE_CONFIRMATION_PHRASE}
                data-testid="delete-confirmation-input"
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" data-testid="delete-account-cancel">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={remove.isPending} data-testid="delete-account-confirm">
              {t('account.deleteDialog.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
