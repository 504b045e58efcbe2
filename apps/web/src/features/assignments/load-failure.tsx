import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../ui';

/** A failed load whose whole message is one text ("Failed to load assignments: <why>"), with a retry. */
export function LoadFailure({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="load-error">
      <span>{text}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('catalog.retry')}
      </Button>
    </Alert>
  );
}
