import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, identityRoutes } from '@lp/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
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

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** The contract's request plus the confirmation box, which must repeat the new password (spec 5; nothing is sent otherwise). */
function changePasswordSchema(mismatch: string) {
  return ChangePasswordRequest.extend({ confirm_password: z.string() }).superRefine((v, ctx) => {
    if (v.confirm_password !== v.new_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: mismatch });
  });
}

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const vt = useValidationText();
  const change = useRouteMutation(identityRoutes.changePassword);
  const mismatch = t('account.changePassword.mismatch');
  const schema = useMemo(() => changePasswordSchema(mismatch), [mismatch]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  // the current password is checked by the server only
  const submit = form.handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { body: { current_password, new_password } },
      {
        onSuccess: () => {
          toast({ title: t('account.changePassword.success'), tone: 'success' });
          close(false);
        },
        onError: (error) => toast({ title: t('account.changePassword.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.changePassword.title')}</DialogTitle>
          <DialogDescription>{t('account.changePassword.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.changePassword.current')} error={vt(errors.current_password?.message)}>
            {(field) => (
              <Input
                {...field}
                {...form.register('current_password')}
                type="password"
                autoComplete="current-password"
                data-testid="current-password"
              />
            )}
          </FormField>
          <FormField label={t('account.changePassword.new')} error={vt(errors.new_password?.message)}>
            {(field) => (
              <Input {...field} {...form.register('new_password')} type="password" autoComplete="new-password" data-testid="new-password" />
            )}
          </FormField>
          <FormField label={t('account.changePassword.confirm')} error={vt(errors.confirm_password?.message)}>
            {(field) => (
              <Input
                {...field}
                {...form.register('confirm_password')}
                type="password"
                autoComplete="new-password"
                data-testid="confirm-password"
              />
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
