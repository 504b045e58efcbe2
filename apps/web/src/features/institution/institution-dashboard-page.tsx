import { institutionRoutes, type Institution } from '@lp/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Badge, buttonClasses, EmptyState, ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_TAB, INSTITUTION_TABS, isNoInstitution, tabOf, type InstitutionTab } from './logic';
import { ApiKeysTab } from './tabs/api-keys-tab';
import { BillingTab } from './tabs/billing-tab';
import { BulkEnrollTab } from './tabs/bulk-enroll-tab';
import { CoursesTab } from './tabs/courses-tab';
import { MembersTab } from './tabs/members-tab';
import { OverviewTab } from './tabs/overview-tab';
import { PortalAccessTab } from './tabs/portal-access-tab';
import { SettingsTab } from './tabs/settings-tab';
import { SubleasingTab } from './tabs/subleasing-tab';
import { SubsidiariesTab } from './tabs/subsidiaries-tab';

// the analytics tab brings recharts: loaded when opened, so the dashboard's own chunk stays small
const AnalyticsTab = lazy(() => import('./tabs/analytics-tab').then((m) => ({ default: m.AnalyticsTab })));

const ONBOARD_PATH = '/institution/onboard';

/**
 * Spec 3 /institution/dashboard: the caller's institution (GET /institutions/me) with its
 * twelve tabs; the open tab lives in the URL (?tab=students) so it can be linked. Without an
 * institution it says so and links to onboarding.
 */
export function InstitutionDashboardPage() {
  const { t } = useTranslation();
  const me = useRouteQuery(institutionRoutes.me, {});
  usePageTitle(me.data?.name ?? t('institution.title'));

  if (me.isPending) return <LoadingBlock label={t('institution.loading')} />;
  if (me.isError) {
    if (isNoInstitution(me.error)) {
      return (
        <div data-testid="institution-none">
          <EmptyState
            headingLevel="h1"
            title={t('institution.none.title')}
            description={t('institution.none.description')}
            action={
              <Link to={ONBOARD_PATH} className={buttonClasses('primary')} data-testid="institution-onboard-link">
                {t('institution.none.onboard')}
              </Link>
            }
          />
        </div>
      );
    }
    return (
      <div data-testid="institution-load-failed">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('institution.title')}</h1>
        <LoadError error={me.error} title={t('institution.loadFailed')} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  return <InstitutionDashboard institution={me.data} />;
}

function VerificationBadge({ status }: { status: Institution['verification_status'] }) {
  const { t } = useTranslation();
  const tone = status === 'verified' ? 'success' : status === 'pending' ? 'warning' : 'danger';
  return (
    <Badge tone={tone} data-testid="institution-verification" data-status={status}>
      {t(`institution.verification.${status}`)}
    </Badge>
  );
}

function InstitutionDashboard({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const open = (value: InstitutionTab) => setTab(value);

  return (
    <div
      data-testid="institution-dashboard"
      data-institution-id={institution.id}
      data-can-edit={String(institution.my_access?.can_edit ?? true)}
    >
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          {institution.logo_url ? (
            <img
              src={institution.logo_url}
              alt={t('institution.header.logoAlt', { name: institution.name })}
              className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
              data-testid="institution-logo"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-xl text-xl font-bold text-white"
              style={{ backgroundColor: institution.primary_color ?? DEFAULT_PRIMARY_COLOR }}
            >
              {institution.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="institution-name">
                {institution.name}
              </h1>
              <VerificationBadge status={institution.verification_status} />
            </div>
            <p className="text-sm text-slate-600">
              {institution.subdomain
                ? t('institution.header.subtitle', { tier: institution.subscription_tier_name, subdomain: institution.subdomain })
                : t('institution.header.subtitleNoSubdomain', { tier: institution.subscription_tier_name })}
            </p>
            {institution.hierarchy_level > 0 && (
              <p className="text-xs text-slate-500" data-testid="institution-hierarchy-path">
                {institution.hierarchy_path}
              </p>
            )}
          </div>
        </div>
        {institution.my_access?.access_level && (
          <Badge tone="neutral" className="self-start sm:self-auto" data-testid="institution-access-level">
            {t(`institution.access.${institution.my_access.access_level}`)}
          </Badge>
        )}
      </header>

      {institution.verification_status !== 'verified' && (
        <Alert
          tone={institution.verification_status === 'rejected' ? 'error' : 'info'}
          className="mb-6"
          data-testid="institution-status-banner"
          data-status={institution.verification_status}
        >
          <strong className="font-semibold">{t(`institution.banner.${institution.verification_status}.title`)}</strong>{' '}
          {t(`institution.banner.${institution.verification_status}.body`)}
          {institution.verification_notes && (
            <span className="mt-1 block" data-testid="institution-verification-notes">
              {t('institution.banner.notes', { notes: institution.verification_notes })}
            </span>
          )}
        </Alert>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList wrapperClassName="-mx-4 px-4 sm:mx-0 sm:px-0" aria-label={t('institution.tabsLabel')}>
          {INSTITUTION_TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`institution-tab-${value}`}>
              {t(`institution.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="overview">
          <OverviewTab institution={institution} onOpen={open} />
        </TabsContent>
        <TabsContent value="courses">
          <CoursesTab institution={institution} />
        </TabsContent>
        <TabsContent value="students">
          <MembersTab institution={institution} memberType="student" />
        </TabsContent>
        <TabsContent value="faculty">
          <MembersTab institution={institution} memberType="faculty" />
        </TabsContent>
        <TabsContent value="subsidiaries">
          <SubsidiariesTab institution={institution} />
        </TabsContent>
        <TabsContent value="sub-leasing">
          <SubleasingTab institution={institution} />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab institution={institution} />
        </TabsContent>
        <TabsContent value="portal-access">
          <PortalAccessTab institution={institution} />
        </TabsContent>
        <TabsContent value="bulk-enroll">
          <BulkEnrollTab institution={institution} />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingBlock />}>
            <AnalyticsTab institution={institution} />
          </Suspense>
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab institution={institution} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab institution={institution} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
