import { identityRoutes, institutionRoutes, normalizeSubdomain, OnboardRequest } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { callRoute } from '../../api/client';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { PLATFORM_HOST } from '../../config/platform-host';
import { useValidationText } from '../../i18n/validation-text';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Button, buttonClasses, Card, CardContent, EmptyState, FormField, Input, PageHeader, Spinner, useToast } from '../../ui';
import { useContractForm } from '../../ui/form';
import { dashboardPath, useSignedInUser } from '../auth';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { isNoInstitution } from '../institution';
import { storeSwitchedPortal } from '../portal';
import {
  availabilityOf,
  isCheckable,
  ONBOARD_FIELDS,
  SUBDOMAIN_CHECK_DELAY_MS,
  subdomainPreview,
  useDebouncedValue,
} from './onboarding-logic';

const DASHBOARD_PATH = '/institution/dashboard';
const PORTAL_WAIT_MS = 10_000;
const PORTAL_POLL_MS = 500;

/**
 * Identity learns the new membership from an event a moment after onboarding, and until the
 * session is scoped to the institution, institution-scoped reads (its courses) answer the
 * caller's own. So: wait briefly for the portal to be listed, switch the session to it, and
 * start the dashboard afresh (as the portal switcher does). Without the portal the dashboard
 * still opens: GET /institutions/me finds the institution by its admin either way.
 */
async function enterNewPortal(institutionId: string): Promise<boolean> {
  const deadline = Date.now() + PORTAL_WAIT_MS;
  try {
    for (;;) {
      const { available_portals: portals } = await callRoute(identityRoutes.portalContext, {});
      if (portals.some((p) => p.institution_id === institutionId)) {
        const answer = await callRoute(identityRoutes.switchPortal, { body: { target_institution_id: institutionId } });
        storeSwitchedPortal(answer, portals, institutionId);
        return true;
      }
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, PORTAL_POLL_MS));
    }
  } catch {
    // a failed look-up or switch leaves the session as it was: the dashboard still opens
    return false;
  }
}

/**
 * Spec 3 /institution/onboard: registers an institution (name, subdomain, contacts, KYC); it
 * starts pending verification by an admin. Someone who already runs one is sent to its dashboard.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('onboarding.title'));
  const me = useRouteQuery(institutionRoutes.me, {}, { retry: false });
  // kept here, above the load states: the success refetches GET /institutions/me, which must not hide it
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered !== null) {
    return (
      <div data-testid="onboarding-registered">
        <EmptyState
          headingLevel="h1"
          title={t('onboarding.registered.title')}
          description={t('onboarding.success', { name: registered })}
          action={
            <Link to={dashboardPath(user.role)} className={buttonClasses('primary')} data-testid="onboarding-own-dashboard-link">
              {t('onboarding.registered.dashboard')}
            </Link>
          }
        />
      </div>
    );
  }

  if (me.isPending) return <LoadingBlock label={t('onboarding.loading')} />;
  if (me.data) {
    return (
      <div data-testid="onboarding-already">
        <EmptyState
          headingLevel="h1"
          title={t('onboarding.already.title')}
          description={t('onboarding.already.description', { name: me.data.name })}
          action={
            <Link to={DASHBOARD_PATH} className={buttonClasses('primary')} data-testid="onboarding-dashboard-link">
              {t('onboarding.already.dashboard')}
            </Link>
          }
        />
      </div>
    );
  }
  if (!isNoInstitution(me.error)) {
    return (
      <div data-testid="onboarding-load-failed">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('onboarding.title')}</h1>
        <LoadError error={me.error} title={t('onboarding.loadFailed')} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return <OnboardingForm onRegistered={setRegistered} />;
}

function OnboardingForm({ onRegistered }: { onRegistered: (name: string) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const navigate = useNavigate();
  const [entering, setEntering] = useState(false);
  const form = useContractForm(OnboardRequest, {
    defaultValues: {
      name: '',
      subdomain: '',
      contact_email: '',
      contact_phone: '',
      address: '',
      country: '',
      registration_number: '',
      tax_id: '',
    },
    fields: ONBOARD_FIELDS,
  });
  const subdomain = form.watch('subdomain');
  const settled = useDebouncedValue(subdomain, SUBDOMAIN_CHECK_DELAY_MS);
  const check = useRouteQuery(
    institutionRoutes.checkSubdomain,
    { query: { subdomain: settled } },
    { enabled: isCheckable(settled), retry: false, staleTime: 30_000 },
  );
  const typing = subdomain !== settled;
  const availability = !typing && isCheckable(settled) && check.data ? availabilityOf(check.data) : null;
  const preview = subdomainPreview(subdomain, PLATFORM_HOST);

  const onboard = useRouteMutation(institutionRoutes.onboard, {
    invalidates: ['institution.', 'identity.'],
    // the caller now administers an institution: their institution and session user (portals) are read again
    onSuccess: (institution) => {
      toast({ title: t('onboarding.success', { name: institution.name }), tone: 'success' });
      // the institution dashboard is for institution accounts; anyone else is told here and keeps their own dashboard
      if (user.role !== 'institution') {
        onRegistered(institution.name);
        return;
      }
      setEntering(true);
      void enterNewPortal(institution.id).then((switched) => {
        // with a new token the page loads again, so the session and every answer are the new portal's
        if (switched) window.location.assign(DASHBOARD_PATH);
        else navigate(DASHBOARD_PATH);
      });
    },
    onError: (error) => {
      toast({ title: t('onboarding.failed', { detail: detailOrMessage(error) }), tone: 'error' });
      form.applyServerError(error);
    },
  });

  const submit = form.submit((body) => {
    // a subdomain the check already found taken is not sent: the server would only refuse it
    if (availability?.kind === 'taken' && settled === body.subdomain) {
      form.setError('subdomain', {
        type: 'taken',
        message: availability.by ? t('onboarding.takenBy', { name: availability.by }) : t('onboarding.taken'),
      });
      return;
    }
    onboard.mutate({ body });
  });

  const optional = (key: 'contactPhone' | 'address' | 'country' | 'registrationNumber' | 'taxId') =>
    t('onboarding.optional', { label: t(`onboarding.${key}`) });

  return (
    <div data-testid="onboarding-page">
      <PageHeader title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} />
      <Card className="max-w-2xl">
        <CardContent>
          <form onSubmit={submit} noValidate className="space-y-6" data-testid="onboarding-form">
            <div className="space-y-4">
              <FormField label={t('onboarding.name')} error={form.errorText('name')}>
                {(field) => (
                  <Input {...field} {...form.register('name')} autoComplete="organization" required data-testid="onboarding-name" />
                )}
              </FormField>
              <FormField label={t('onboarding.subdomain')} error={form.errorText('subdomain')} hint={t('onboarding.subdomainHint')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('subdomain', {
                      // kept as the server will keep it, while typing: lowercased, letters, digits and hyphens
                      onChange: (event: { target: { value: string } }) => {
                        const normalized = normalizeSubdomain(event.target.value);
                        if (normalized !== event.target.value) form.setValue('subdomain', normalized);
                      },
                    })}
                    autoComplete="off"
                    spellCheck={false}
                    required
                    maxLength={63}
                    data-testid="onboarding-subdomain"
                  />
                )}
              </FormField>
              <div className="-mt-2 space-y-1 text-sm" aria-live="polite">
                {preview && (
                  <p className="text-slate-700" data-testid="onboarding-subdomain-preview">
                    {t('onboarding.preview', { address: preview })}
                  </p>
                )}
                <SubdomainStatus
                  checking={isCheckable(subdomain) && (typing || check.isFetching)}
                  availability={availability}
                  subdomain={settled}
                  error={!typing && check.isError ? detailOrMessage(check.error) : null}
                />
              </div>
            </div>

            <fieldset className="space-y-4">
              <legend className="mb-2 text-base font-semibold text-slate-900">{t('onboarding.contactsHeading')}</legend>
              <FormField label={t('onboarding.contactEmail')} error={form.errorText('contact_email')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('contact_email')}
                    type="email"
                    autoComplete="email"
                    required
                    data-testid="onboarding-contact-email"
                  />
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={optional('contactPhone')} error={form.errorText('contact_phone')}>
                  {(field) => (
                    <Input
                      {...field}
                      {...form.register('contact_phone')}
                      type="tel"
                      autoComplete="tel"
                      data-testid="onboarding-contact-phone"
                    />
                  )}
                </FormField>
                <FormField label={optional('country')} error={form.errorText('country')}>
                  {(field) => (
                    <Input {...field} {...form.register('country')} autoComplete="country-name" data-testid="onboarding-country" />
                  )}
                </FormField>
              </div>
              <FormField label={optional('address')} error={form.errorText('address')}>
                {(field) => (
                  <Input {...field} {...form.register('address')} autoComplete="street-address" data-testid="onboarding-address" />
                )}
              </FormField>
            </fieldset>

            <fieldset className="space-y-4">
              <legend className="text-base font-semibold text-slate-900">{t('onboarding.kycHeading')}</legend>
              <p className="text-sm text-slate-600">{t('onboarding.kycHint')}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={optional('registrationNumber')} error={form.errorText('registration_number')}>
                  {(field) => (
                    <Input
                      {...field}
                      {...form.register('registration_number')}
                      autoComplete="off"
                      data-testid="onboarding-registration-number"
                    />
                  )}
                </FormField>
                <FormField label={optional('taxId')} error={form.errorText('tax_id')}>
                  {(field) => <Input {...field} {...form.register('tax_id')} autoComplete="off" data-testid="onboarding-tax-id" />}
                </FormField>
              </div>
            </fieldset>

            <div className="flex justify-end">
              <Button type="submit" loading={onboard.isPending || entering} data-testid="onboarding-submit">
                {t('onboarding.submit')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function SubdomainStatus({
  checking,
  availability,
  subdomain,
  error,
}: {
  checking: boolean;
  availability: ReturnType<typeof availabilityOf> | null;
  subdomain: string;
  error: string | null;
}) {
  const { t } = useTranslation();
  const vt = useValidationText();
  if (checking) {
    return (
      <p className="flex items-center gap-2 text-slate-600" data-testid="onboarding-subdomain-checking">
        <Spinner label={false} className="size-4" />
        {t('onboarding.checking')}
      </p>
    );
  }
  if (error) {
    return (
      <Alert tone="info" data-testid="onboarding-subdomain-check-failed">
        {t('onboarding.checkFailed', { detail: error })}
      </Alert>
    );
  }
  if (!availability) return null;
  if (availability.kind === 'available') {
    return (
      <p className="font-medium text-emerald-700" data-testid="onboarding-subdomain-available">
        {t('onboarding.available', { subdomain })}
      </p>
    );
  }
  return (
    <p className="font-medium text-red-700" data-testid="onboarding-subdomain-taken" data-kind={availability.kind}>
      {availability.kind === 'taken'
        ? availability.by
          ? t('onboarding.takenBy', { name: availability.by })
          : t('onboarding.taken')
        : (vt(availability.reason ?? undefined) ?? t('onboarding.taken'))}
    </p>
  );
}
