import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui';

/** Moves focus to the page's <main id="main"> without touching the URL hash (the hash carries sign-in returns). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className={`sr-only z-[200] rounded-lg bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 ${focusRing}`}
    >
      {t('common.skipToContent')}
    </a>
  );
}
