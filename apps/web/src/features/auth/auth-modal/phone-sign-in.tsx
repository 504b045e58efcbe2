import { CompleteRegistrationRequest, VerifyOtpRequest, type SelfRegisterRole } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { Alert, Button, FormField, Input } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import type { SignedInSession } from '../session-storage';
import { needsSecondFactor, TotpCodeField } from '../second-factor';
import { useConfirmPhoneCode, useRequestPhoneCode, type PhoneCodeRequest, type PhoneFlow } from '../use-phone-auth';

const DetailsFields = CompleteRegistrationRequest.pick({ name: true, phone: true });
const CodeFields = VerifyOtpRequest.pick({ code: true, totp_code: true });

interface CodeStep {
  flow: PhoneFlow;
  request: PhoneCodeRequest;
}

interface PhoneSignInProps {
  role: SelfRegisterRole;
  onSignedIn: (session: SignedInSession) => void;
}

/** Spec 4: name and phone first, then the code that was sent. */
export function PhoneSignIn({ role, onSignedIn }: PhoneSignInProps) {
  const [step, setStep] = useState<CodeStep | null>(null);
  if (step) return <PhoneCodeForm step={step} onBack={() => setStep(null)} onSignedIn={onSignedIn} />;
  return <PhoneDetailsForm role={role} onCodeSent={setStep} onSignedIn={onSignedIn} />;
}

interface PhoneDetailsFormProps {
  role: SelfRegisterRole;
  onCodeSent: (step: CodeStep) => void;
  onSignedIn: (session: SignedInSession) => void;
}

function PhoneDetailsForm({ role, onCodeSent, onSignedIn }: PhoneDetailsFormProps) {
  const { t } = useTranslation();
  const requestCode = useRequestPhoneCode();
  const form = useContractForm(DetailsFields, { defaultValues: { name: '', phone: '' } });

  const submit = form.submit((values) => {
    const request = { ...values, role };
    requestCode.mutate(request, {
      onSuccess: (outcome) => (outcome.kind === 'signed-in' ? onSignedIn(outcome.session) : onCodeSent({ flow: outcome.flow, request })),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="phone-details-form">
      <FormField label={t('auth.fields.name')} error={form.errorText('name')}>
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
      <FormField label={t('auth.fields.phone')} error={form.errorText('phone')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('auth.placeholders.phone')}
            data-testid="auth-phone"
          />
        )}
      </FormField>
      {requestCode.isError && (
        <Alert tone="error" data-testid="auth-error">
          {detailOr(requestCode.error, t('auth.errors.phoneFailed'))}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={requestCode.isPending} data-testid="auth-submit">
        {t('auth.phone.sendCode')}
      </Button>
    </form>
  );
}

interface PhoneCodeFormProps {
  step: CodeStep;
  onBack: () => void;
  onSignedIn: (session: SignedInSession) => void;
}

function PhoneCodeForm({ step, onBack, onSignedIn }: PhoneCodeFormProps) {
  const { t } = useTranslation();
  const confirm = useConfirmPhoneCode();
  const [totpRequired, setTotpRequired] = useState(false);
  const form = useContractForm(CodeFields, { defaultValues: { code: '' } });

  const submit = form.submit(({ code, totp_code }) =>
    confirm.mutate(
      { flow: step.flow, request: step.request, code, ...(totp_code ? { totpCode: totp_code } : {}) },
      { onSuccess: onSignedIn, onError: (error) => needsSecondFactor(error) && setTotpRequired(true) },
    ),
  );
  // asked for the authenticator code: a prompt, not a failure
  const showError = confirm.isError && !(needsSecondFactor(confirm.error) && !confirm.variables?.totpCode);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="phone-code-form">
      <Alert tone="info">{t('auth.phone.codeSent', { phone: step.request.phone })}</Alert>
      <FormField label={t('auth.fields.code')} error={form.errorText('code')}>
        {(field) => (
          <Input
            {...field}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.placeholders.code')}
            data-testid="auth-code"
            autoFocus
          />
        )}
      </FormField>
      {totpRequired && <TotpCodeField {...form.register('totp_code')} error={form.errorText('totp_code')} />}
      {showError && (
        <Alert tone="error" data-testid="auth-error">
          {detailOr(confirm.error, t('auth.errors.phoneFailed'))}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={confirm.isPending} data-testid="auth-submit">
        {t('auth.phone.verify')}
      </Button>
      <Button variant="link" className="w-full" onClick={onBack}>
        {t('auth.phone.changeNumber')}
      </Button>
    </form>
  );
}
