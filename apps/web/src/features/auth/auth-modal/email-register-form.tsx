import { zodResolver } from '@hookform/resolvers/zod';
import { identityRoutes, RegisterRequest, type SelfRegisterRole } from '@lp/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import { Alert, Button, FormField, Input } from '../../../ui';
import type { SignedInSession } from '../session-storage';

const RegisterFields = RegisterRequest.pick({ name: true, email: true, password: true });

/** A referral link is the site URL with `?ref=<code>`. */
function referralCode(): string | undefined {
  return new URLSearchParams(window.location.search).get('ref')?.trim() || undefined;
}

interface EmailRegisterFormProps {
  role: SelfRegisterRole;
  onSignedIn: (session: SignedInSession) => void;
}

export function EmailRegisterForm({ role, onSignedIn }: EmailRegisterFormProps) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const register = useRouteMutation(identityRoutes.register);
  const form = useForm({ resolver: zodResolver(RegisterFields), defaultValues: { name: '', email: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    register.mutate({ body: { ...values, role, ref: referralCode() } }, { onSuccess: ({ token, user }) => onSignedIn({ token, user }) }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-register-form">
      <FormField label={t('auth.fields.name')} error={vt(errors.name?.message)}>
        {(field) => (
          <Input
            {...field}
            {...form.register('name')}
            autoComplete="name"
            placeholder={t('auth.placeholders.name')}
            data-testid="auth-name"
          />
        )}
      </FormField>
      <FormField label={t('auth.fields.email')} error={vt(errors.email?.message)}>
        {(field) => (
          <Input
            {...field}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder={t('auth.placeholders.email')}
            data-testid="auth-email"
          />
        )}
      </FormField>
      <FormField label={t('auth.fields.password')} error={vt(errors.password?.message)}>
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" data-testid="auth-password" />
        )}
      </FormField>
      {register.isError && (
        <Alert tone="error" data-testid="auth-error">
          {detailOr(register.error, t('auth.errors.registrationFailed'))}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={register.isPending} data-testid="auth-submit">
        {t('auth.createAccount')}
      </Button>
    </form>
  );
}
