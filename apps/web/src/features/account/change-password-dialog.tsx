import { ChangePasswordRequest, identityRoutes } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { FormField, Input, useToast } from '../../ui';
import { FormDialog, useContractForm } from '../../ui/form';

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
  const change = useRouteMutation(identityRoutes.changePassword);
  const mismatch = t('account.changePassword.mismatch');
  const schema = useMemo(() => changePasswordSchema(mismatch), [mismatch]);
  const form = useContractForm(schema, { defaultValues: EMPTY });

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  // the current password is checked by the server only
  const submit = form.submit(({ current_password, new_password }) =>
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
    <FormDialog
      open={open}
      onClose={() => close(false)}
      title={t('account.changePassword.title')}
      description={t('account.changePassword.description')}
      onSubmit={submit}
      submitLabel={t('account.changePassword.submit')}
      pending={change.isPending}
      testId="change-password-dialog"
      submitTestId="change-password-submit"
    >
      <FormField label={t('account.changePassword.current')} error={form.errorText('current_password')}>
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
      <FormField label={t('account.changePassword.new')} error={form.errorText('new_password')}>
        {(field) => (
          <Input {...field} {...form.register('new_password')} type="password" autoComplete="new-password" data-testid="new-password" />
        )}
      </FormField>
      <FormField label={t('account.changePassword.confirm')} error={form.errorText('confirm_password')}>
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
    </FormDialog>
  );
}
