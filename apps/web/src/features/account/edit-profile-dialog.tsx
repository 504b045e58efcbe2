import type { User } from '@lp/contracts';
import { useEffect, useState, type FormEvent } from 'react';
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
import { useUpdateProfile } from './use-update-profile';

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 5: no client validation here; the email field is typed as email and the server judges the rest. */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  // the sign-in address moves only with the current password (the server insists)
  const emailChanged = email.trim() !== '' && email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();

  useEffect(() => {
    if (open) {
      setName(user.name);
      setEmail(user.email ?? '');
      setCurrentPassword('');
    }
  }, [open, user.name, user.email]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // an empty email is "no email" (phone accounts), not a new address
    update.mutate(
      { name, ...(email.trim() ? { email } : {}), ...(emailChanged ? { current_password: currentPassword } : {}) },
      {
        onSuccess: () => {
          toast({ title: t('account.editProfile.success'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: t('account.editProfile.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="edit-profile-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.editProfile.title')}</DialogTitle>
          <DialogDescription>{t('account.editProfile.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.editProfile.fullName')}>
            {(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" data-testid="edit-profile-name" />}
          </FormField>
          <FormField label={t('account.editProfile.email')}>
            {(field) => (
              <Input {...field} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" data-testid="edit-profile-email" />
            )}
          </FormField>
          {emailChanged && (
            <FormField label={t('account.editProfile.currentPassword')} hint={t('account.editProfile.currentPasswordHint')}>
              {(field) => (
                <Input
                  {...field}
                  type="password"
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
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
