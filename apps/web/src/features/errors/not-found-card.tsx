import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, EmptyState } from '../../ui';
import { dashboardPath, useSignedInUser } from '../auth';

/** "Course not found" (or another title) with a way back. */
export function NotFoundCard({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-2xl py-8" data-testid="catalog-not-found">
      <EmptyState
        headingLevel="h1"
        title={title}
        description={text}
        action={
          <Button asChild variant="outline">
            <Link to={dashboardPath(user.role)}>{t('common.goToDashboard')}</Link>
          </Button>
        }
      />
    </div>
  );
}
