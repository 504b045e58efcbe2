import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui';

function SpinnerWithText({ label }: { label?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 text-slate-700">
      <Spinner className="text-primary" label={false} />
      <p role="status">{label ?? t('common.loading')}</p>
    </div>
  );
}

/** Stands in for a whole page (it is the page's <main>) while the session is being resolved. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <main id="main" tabIndex={-1} className="grid min-h-dvh place-items-center p-6 focus:outline-none">
      <SpinnerWithText label={label} />
    </main>
  );
}

/** The same inside a page that already has its frame (e.g. the dashboard shell). */
export function InlinePageSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-[40vh] place-items-center p-6">
      <SpinnerWithText label={label} />
    </div>
  );
}
