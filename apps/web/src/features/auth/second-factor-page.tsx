import { SessionExchangeRequest } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../api/error-text';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle } from '../../ui';
import { useContractForm } from '../../ui/form';
import { needsSecondFactor, TotpCodeField } from './second-factor';
import type { GoogleReturn } from './use-google-return';

/** The code the exchange takes, asked for now: no longer optional. */
const TotpField = SessionExchangeRequest.pick({ totp_code: true }).required();

/** After a Google sign-in of an account with two-factor authentication: the authenticator code. */
export function SecondFactorPage({ prompt }: { prompt: NonNullable<GoogleReturn['secondFactor']> }) {
  const { t } = useTranslation();
  const form = useContractForm(TotpField, { defaultValues: { totp_code: '' } });
  const submit = form.submit(({ totp_code }) => prompt.submit(totp_code));
  const failed = Boolean(prompt.error) && !needsSecondFactor(prompt.error);
  return (
    <main id="main" tabIndex={-1} className="grid min-h-dvh place-items-center p-6 focus:outline-none">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>{t('auth.fields.totp')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="space-y-4" data-testid="google-totp-form">
            <TotpCodeField {...form.register('totp_code')} error={form.errorText('totp_code')} />
            {failed && (
              <Alert tone="error" data-testid="auth-error">
                {detailOr(prompt.error, t('auth.errors.oauthFailed'))}
              </Alert>
            )}
            <Button type="submit" className="w-full" loading={prompt.pending} data-testid="auth-submit">
              {t('auth.signIn')}
            </Button>
            <Button type="button" variant="link" className="w-full" onClick={prompt.cancel}>
              {t('common.cancel')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
