import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../config/product';
import { cn } from './cn';
import { focusRing } from './focus-ring';

/** The product mark linking home; `compactBelowSm` keeps only the mark on the narrowest phones. */
export function BrandLogo({ to, compactBelowSm = false }: { to: string; compactBelowSm?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-lg', focusRing)} aria-label={t('common.homeLink')}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4F46E5" />
        <path d="M9 9v14h14" fill="none" stroke="#06B6D4" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="20" cy="12" r="3" fill="#fff" />
      </svg>
      <span className={cn('text-lg font-bold tracking-tight text-slate-900', compactBelowSm && 'hidden sm:inline')}>{PRODUCT_NAME}</span>
    </Link>
  );
}
