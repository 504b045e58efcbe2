import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicLayout } from '../../routes/public-layout';
import { Button, EmptyState } from '../../ui';
import { dashboardPath, useSession } from '../auth';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('notFound.pageTitle'));
  return (
    <PublicLayout>
      <div className="w-full max-w-xl" data-testid="not-found">
        <EmptyState
          headingLevel="h1"
          title={t('notFound.title')}
          description={t('notFound.text')}
          icon={
            <span className="text-lg font-bold" aria-hidden="true">
              404
            </span>
          }
          action={
            <Button asChild>
              <Link to={user ? dashboardPath(user.role) : '/'}>{user ? t('common.goToDashboard') : t('common.goHome')}</Link>
            </Button>
          }
        />
      </div>
    </PublicLayout>
  );
}
