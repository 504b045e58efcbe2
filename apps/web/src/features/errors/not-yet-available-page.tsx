import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UpcomingAreaKey } from '../../i18n/catalog-keys';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, Card, CardContent } from '../../ui';
import { dashboardPath, useSignedInUser } from '../auth';

/**
 * A route whose screen arrives in a later release: the page names its area and says what it
 * will do (the spec's own description), so a "Soon" entry in the menu leads somewhere honest.
 */
export function NotYetAvailablePage({ area }: { area: UpcomingAreaKey }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const areaName = t(`areas.${area}`);
  const points: readonly string[] = t(`upcoming.areas.${area}`, { returnObjects: true });
  usePageTitle(areaName);
  return (
    <div data-testid="not-yet-available" data-area={area} className="mx-auto max-w-2xl py-4 sm:py-8">
      <Card>
        <CardContent className="space-y-5 sm:p-8">
          <div className="space-y-2">
            <Badge tone="warning" data-testid="coming-soon-badge">
              {t('upcoming.eyebrow')}
            </Badge>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{areaName}</h1>
            <p className="text-slate-600">{t('upcoming.intro')}</p>
          </div>
          <ul className="list-disc space-y-2 pl-5 text-slate-800 marker:text-primary" data-testid="coming-soon-points">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">{t('upcoming.outro')}</p>
          <Button asChild variant="outline">
            <Link to={dashboardPath(user.role)}>{t('common.goToDashboard')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
