import { identityRoutes, institutionRoutes } from '@lp/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteQuery } from '../../api/route-hooks';
import { mainSiteUrl, PORTAL_SUBDOMAIN } from '../../config/platform-host';
import { FullPageSpinner } from '../../routes/full-page-spinner';
import { buttonClasses, useToast } from '../../ui';
import { useSession } from '../auth';
import { useSwitchPortal } from './use-portals';
import { alreadyTriedSwitch, autoSwitchTarget, isUnknownPortal, rememberSwitchTry } from './portal-logic';
import { useApplyBrandColours, type PortalBrand } from './use-portal-theme';

/**
 * Wraps the app on `<subdomain>.<platform host>`: before sign-in the pages wear the
 * institution's name, logo and colours; after it the session moves into that institution's
 * portal when the user may enter it; an unknown subdomain shows 'Portal not found'. On the main
 * site it renders its children and nothing else.
 */
export function SubdomainPortal({ children }: { children: ReactNode }) {
  if (!PORTAL_SUBDOMAIN) return <>{children}</>;
  return <SubdomainPortalFrame subdomain={PORTAL_SUBDOMAIN}>{children}</SubdomainPortalFrame>;
}

function SubdomainPortalFrame({ subdomain, children }: { subdomain: string; children: ReactNode }) {
  const { status } = useSession();
  const portal = useRouteQuery(institutionRoutes.portalBySubdomain, { query: { subdomain } }, { retry: false, staleTime: Infinity });
  const brand: PortalBrand | null = portal.data ?? null;
  // signed in, the shell themes the current portal (the one this host switches to)
  useApplyBrandColours(status === 'anonymous' ? brand : null);
  useAutoSwitch(status === 'authenticated' ? (brand?.institution_id ?? null) : null);

  if (portal.isPending) return <FullPageSpinner />;
  if (portal.isError && isUnknownPortal(portal.error)) return <PortalNotFound />;
  // any other failure leaves the product's own look: the platform still works on this host
  return (
    <>
      {status === 'anonymous' && brand && <PortalBanner brand={brand} />}
      {children}
    </>
  );
}

function useAutoSwitch(hostInstitutionId: string | null) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const context = useRouteQuery(identityRoutes.portalContext, {}, { enabled: hostInstitutionId !== null, retry: false });
  const portals = context.data?.available_portals ?? [];
  const switchPortal = useSwitchPortal(portals);
  const target = autoSwitchTarget(portals, hostInstitutionId);
  const { mutate } = switchPortal;

  useEffect(() => {
    if (!target || alreadyTriedSwitch(sessionStorage, target)) return;
    rememberSwitchTry(sessionStorage, target);
    mutate(
      { body: { target_institution_id: target } },
      { onError: (error) => toast({ title: t('portal.switchFailed', { detail: detailOrMessage(error) }), tone: 'error' }) },
    );
  }, [target, mutate, toast, t, detailOrMessage]);
}

/** The sign-in page's welcome on a portal host: whose portal this is. */
function PortalBanner({ brand }: { brand: PortalBrand }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <aside
      aria-label={t('portal.banner.label')}
      className="border-b border-slate-200 bg-primary-soft"
      data-testid="portal-banner"
      data-institution={brand.institution_id}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        {brand.logo_url && !broken && (
          <img
            src={brand.logo_url}
            alt=""
            className="h-10 max-w-[10rem] shrink-0 object-contain"
            onError={() => setBroken(true)}
            data-testid="portal-banner-logo"
          />
        )}
        <div className="min-w-0">
          <p className="font-semibold text-primary-strong" data-testid="portal-banner-name">
            {t('portal.banner.welcome', { name: brand.name })}
          </p>
          <p className="text-sm text-slate-700">{brand.custom_text ?? t('portal.banner.signIn')}</p>
        </div>
      </div>
    </aside>
  );
}

function PortalNotFound() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('portal.notFound.title');
  }, [t]);
  return (
    <main
      id="main"
      tabIndex={-1}
      className="grid min-h-dvh place-items-center bg-slate-50 p-6 focus:outline-none"
      data-testid="portal-not-found"
    >
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('portal.notFound.title')}</h1>
        <p className="text-slate-600">{t('portal.notFound.description')}</p>
        <a href={mainSiteUrl()} className={buttonClasses('primary')} data-testid="portal-main-site">
          {t('portal.notFound.mainSite')}
        </a>
      </div>
    </main>
  );
}
