import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AreaKey } from '../../i18n/catalog-keys';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, EmptyState } from '../../ui';
import { dashboardPath } from '../auth/dashboard-path';
import { useSignedInUser } from '../auth/session-context';

/** The one page shown for every route whose screen arrives in a later release. */
export function NotYetAvailablePage({ area }: { area: AreaKey }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const areaName = t(`areas.${area}`);
  usePageTitle(areaName);
  return (
    <div data-testid="not-yet-available" data-area={area} className="mx-auto max-w-2xl py-8">
      <EmptyState
        headingLevel="h1"
        title={t('notYetAvailable.title')}
        description={t('notYetAvailable.text', { area: areaName })}
        icon={
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M12 8v4l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        }
        action={
          <Button asChild variant="outline">
            <Link to={dashboardPath(user.role)}>{t('common.goToDashboard')}</Link>
          </Button>
        }
      />
    </div>
  );
}
