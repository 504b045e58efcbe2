import type { User } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cn, focusRing } from '../../ui';
import { BrandLogo } from '../../ui/brand-logo';
import { usePortalTheme } from './use-portal-theme';

/**
 * The shell header's mark: the current institution's logo and name when it has white-label
 * settings (its colours applied to the whole SPA meanwhile), else the product's. The
 * institution's custom text stands beside it on wide screens.
 */
export function PortalBrandLogo({ user, to }: { user: User; to: string }) {
  const { t } = useTranslation();
  const brand = usePortalTheme(user);
  const [broken, setBroken] = useState<string | null>(null);
  const logo = brand?.logo_url && brand.logo_url !== broken ? brand.logo_url : null;

  return (
    <div className="flex min-w-0 items-center gap-3" data-testid="portal-brand" data-institution={brand?.institution_id}>
      {brand && logo ? (
        <Link
          to={to}
          className={cn('inline-flex min-w-0 items-center gap-2 rounded-lg', focusRing)}
          aria-label={t('portal.brand.homeLink', { name: brand.name })}
        >
          {/* a logo that fails to load falls back to the product's mark, never a broken image */}
          <img
            src={logo}
            alt=""
            className="h-8 max-w-[8rem] shrink-0 object-contain"
            onError={() => setBroken(logo)}
            data-testid="portal-logo"
          />
          <span className="hidden truncate text-lg font-bold tracking-tight text-slate-900 sm:inline">{brand.name}</span>
        </Link>
      ) : (
        <BrandLogo to={to} compactBelowSm />
      )}
      {brand?.custom_text && (
        <p
          className="hidden max-w-[16rem] truncate text-sm text-slate-600 lg:block"
          title={brand.custom_text}
          data-testid="portal-custom-text"
        >
          {brand.custom_text}
        </p>
      )}
    </div>
  );
}
