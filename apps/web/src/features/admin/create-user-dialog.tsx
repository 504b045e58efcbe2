import { AdminCreateUserRequest, identityRoutes, SELF_REGISTER_ROLES, SelfRegisterRoleSchema } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { FormField, Input, Select, useToast } from '../../ui';
import { FormDialog, useContractForm } from '../../ui/form';

/** Spec 3: the admin creates a learner, instructor, mentor or institution account (never another admin here). */
const CreateUserForm = AdminCreateUserRequest.extend({ role: SelfRegisterRoleSchema });

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return <CreateUserFields onClose={() => onOpenChange(false)} />;
}

function CreateUserFields({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(CreateUserForm, { defaultValues: { email: '', name: '', password: '', role: 'learner' } });
  const create = useRouteMutation(identityRoutes.adminCreateUser, {
    invalidates: ['identity.admin.'],
    onSuccess: () => {
      toast({ title: t('adminDashboard.users.created'), tone: 'success' });
      onClose();
    },
  });

  return (
    <FormDialog
      onClose={onClose}
      title={t('adminDashboard.users.createTitle')}
      description={t('adminDashboard.users.createDescription')}
      onSubmit={form.submit((body) => create.mutate({ body }))}
      submitLabel={t('adminDashboard.users.create')}
      pending={create.isPending}
      error={create.isError ? t('adminDashboard.users.createFailed', { detail: detailOrMessage(create.error) }) : null}
      testId="create-user-dialog"
      formTestId="create-user-form"
      errorTestId="create-user-error"
      submitTestId="create-user-submit"
    >
      <FormField label={t('adminDashboard.users.email')} error={form.errorText('email')}>
        {(field) => (
          <Input {...field} {...form.register('email')} type="email" autoComplete="off" required data-testid="create-user-email" />
        )}
      </FormField>
      <FormField label={t('adminDashboard.users.name')} error={form.errorText('name')}>
        {(field) => <Input {...field} {...form.register('name')} autoComplete="off" required data-testid="create-user-name" />}
      </FormField>
      <FormField label={t('adminDashboard.users.password')} error={form.errorText('password')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            required
            data-testid="create-user-password"
          />
        )}
      </FormField>
      <FormField label={t('adminDashboard.users.role')} error={form.errorText('role')}>
        {(field) => (
          <Select {...field} {...form.register('role')} data-testid="create-user-role">
            {SELF_REGISTER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </FormDialog>
  );
}
