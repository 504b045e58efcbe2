import { PASSWORD_MIN_LENGTH } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useChangePassword } from './use-change-password';

const EMPTY = { current: '', next: '', confirm: '' };

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const close = (next: boolean) => {
    if (!next) setValues(EMPTY);
    onOpenChange(next);
  };

  // Spec 5: the client checks only match and length; the current password is checked by the server.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.next !== values.confirm) {
      toast({ title: t('account.changePassword.mismatch'), tone: 'error' });
      return;
    }
    if (values.next.length < PASSWORD_MIN_LENGTH) {
      toast({ title: t('account.changePassword.tooShort', { min: PASSWORD_MIN_LENGTH }), tone: 'error' });
      return;
    }
    change.mutate(
      { current_password: values.current, new_password: values.next },
      {
        onSuccess: () => {
          toast({ title: t('account.changePassword.success'), tone: 'success' });
          close(false);
        },
        onError: (error) =>
          toast({ title: t('account.changePassword.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.changePassword.title')}</DialogTitle>
          <DialogDescription>{t('account.changePassword.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.changePassword.current')}>
            {(field) => (
              <Input {...field} type="password" autoComplete="current-password" value={values.current} onChange={set('current')} data-testid="current-password" />
            )}
          </FormField>
          <FormField label={t('account.changePassword.new')}>
            {(field) => (
              <Input {...field} type="password" autoComplete="new-password" value={values.next} onChange={set('next')} data-testid="new-password" />
            )}
          </FormField>
          <FormField label={t('account.changePassword.confirm')}>
            {(field) => (
              <Input {...field} type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} data-testid="confirm-password" />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
              {t('account.changePassword.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
