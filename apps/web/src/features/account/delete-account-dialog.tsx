import { DELETE_CONFIRMATION_PHRASE } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
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
import { useSession } from '../auth/session-context';
import { useDeleteAccount } from './use-delete-account';

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
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');

  const close = (next: boolean) => {
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== DELETE_CONFIRMATION_PHRASE) {
      toast({ title: t('account.deleteDialog.mismatch'), tone: 'error' });
      close(false);
      return;
    }
    remove.mutate(undefined, {
      onSuccess: leave,
      onError: (error) => toast({ title: t('account.danger.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
    });
  };

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
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
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
