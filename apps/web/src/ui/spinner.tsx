import { useTranslation } from 'react-i18next';
import { cn } from './cn';

interface SpinnerProps {
  className?: string;
  /** announce the busy state; off when a surrounding control already says so */
  label?: boolean;
}

export function Spinner({ className, label = true }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center', className)} role={label ? 'status' : undefined}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{t('common.loading')}</span>}
    </span>
  );
}
