import { useTranslation } from 'react-i18next';
import { cn } from '../../ui';

/**
 * The mark of a menu entry whose page is not built yet. Sighted users read "Soon"; the
 * link's accessible name ends in "(coming soon)", so a screen reader says the same.
 */
export function SoonBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="soon-badge"
        className={cn(
          'ml-2 inline-flex items-center rounded-full bg-amber-50 px-1.5 py-px text-[0.6875rem] font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset',
          className,
        )}
      >
        {t('upcoming.badge')}
      </span>
      <span className="sr-only"> {t('upcoming.srBadge')}</span>
    </>
  );
}
