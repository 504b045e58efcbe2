import { identityRoutes, ProfileUpdateRequest, type User } from '@lp/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Whether the typed address is another than the account's (an empty one is "no email", as phone accounts have). */
const isNewEmail = (typed: string, current: string | null) =>
  typed.trim() !== '' && typed.trim().toLowerCase() !== (current ?? '').toLowerCase();

/**
 * The contract's profile request, from the dialog's boxes: an empty email is not sent, and the
 * current password goes only with a new e-mail (the server insists on it then).
 */
function profileSchema(currentEmail: string | null) {
  return z
    .object({ name: z.string(), email: z.string(), current_password: z.string() })
    .transform((v): z.input<typeof ProfileUpdateRequest> => ({
      name: v.name,
      email: v.email.trim() || undefined,
      current_password: isNewEmail(v.email, currentEmail) && v.current_password ? v.current_password : undefined,
    }))
    .pipe(ProfileUpdateRequest);
}

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 5: name and e-mail, checked by the contract's profile request; the server judges the current password. */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const { updateUser } = useSession();
  // PUT /users/profile; on success the local user becomes the server's answer
  const update = useRouteMutation(identityRoutes.updateProfile, { onSuccess: (answer) => updateUser(answer.user) });
  const schema = useMemo(() => profileSchema(user.email), [user.email]);
  const form = useContractForm(schema, { defaultValues: { name: user.name, email: user.email ?? '', current_password: '' } });
  const emailChanged = isNewEmail(form.watch('email'), user.email);

  useEffect(() => {
    if (open) form.reset({ name: user.name, email: user.email ?? '', current_password: '' });
  }, [open, user.name, user.email, form]);

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { body },
      {
        onSuccess: () => {
          toast({ title: t('account.editProfile.success'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: t('account.editProfile.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="edit-profile-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.editProfile.title')}</DialogTitle>
          <DialogDescription>{t('account.editProfile.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.editProfile.fullName')} error={form.errorText('name')}>
            {(field) => <Input {...field} {...form.register('name')} autoComplete="name" data-testid="edit-profile-name" />}
          </FormField>
          <FormField label={t('account.editProfile.email')} error={form.errorText('email')}>
            {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="email" data-testid="edit-profile-email" />}
          </FormField>
          {emailChanged && (
            <FormField
              label={t('account.editProfile.currentPassword')}
              hint={t('account.editProfile.currentPasswordHint')}
              error={form.errorText('current_password')}
            >
              {(field) => (
                <Input
                  {...field}
                  {...form.register('current_password')}
                  type="password"
                  autoComplete="current-password"
                  data-testid="edit-profile-current-password"
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" loading={update.isPending} data-testid="edit-profile-save">
              {t('account.editProfile.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
