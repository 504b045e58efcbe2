import { zodResolver } from '@hookform/resolvers/zod';
import { AdminCreateUserRequest, identityRoutes, SELF_REGISTER_ROLES, SelfRegisterRoleSchema } from '@lp/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  useToast,
} from '../../ui';

/** Spec 3: the admin creates a learner, instructor, mentor or institution account (never another admin here). */
const CreateUserForm = AdminCreateUserRequest.extend({ role: SelfRegisterRoleSchema });
type CreateUserInput = z.input<typeof CreateUserForm>;
type CreateUserOutput = z.output<typeof CreateUserForm>;

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="create-user-dialog">
        <DialogHeader>
          <DialogTitle>{t('adminDashboard.users.createTitle')}</DialogTitle>
          <DialogDescription>{t('adminDashboard.users.createDescription')}</DialogDescription>
        </DialogHeader>
        {open && <CreateUserFields onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateUserFields({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const form = useForm<CreateUserInput, unknown, CreateUserOutput>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: { email: '', name: '', password: '', role: 'learner' },
  });
  const { errors } = form.formState;
  const create = useRouteMutation(identityRoutes.adminCreateUser, {
    invalidates: ['identity.admin.'],
    onSuccess: () => {
      toast({ title: t('adminDashboard.users.created'), tone: 'success' });
      onDone();
    },
  });

  return (
    <form onSubmit={form.handleSubmit((body) => create.mutate({ body }))} noValidate className="space-y-4" data-testid="create-user-form">
      <FormField label={t('adminDashboard.users.email')} error={vt(errors.email?.message)}>
        {(field) => (
          <Input {...field} {...form.register('email')} type="email" autoComplete="off" required data-testid="create-user-email" />
        )}
      </FormField>
      <FormField label={t('adminDashboard.users.name')} error={vt(errors.name?.message)}>
        {(field) => <Input {...field} {...form.register('name')} autoComplete="off" required data-testid="create-user-name" />}
      </FormField>
      <FormField label={t('adminDashboard.users.password')} error={vt(errors.password?.message)}>
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
      <FormField label={t('adminDashboard.users.role')} error={vt(errors.role?.message)}>
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
      {create.isError && (
        <Alert tone="error" data-testid="create-user-error">
          {t('adminDashboard.users.createFailed', { detail: detailOrMessage(create.error) })}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="create-user-submit">
          {t('adminDashboard.users.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
