import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../api/error-text';
import { InlinePageSpinner } from '../routes/full-page-spinner';
import { Alert, Button } from '.';

/** A section that is loading. */
export function LoadingBlock({ label }: { label?: string }) {
  return <InlinePageSpinner label={label} />;
}

/** A failed load with the server's explanation and a retry. */
export function LoadError({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  return (
    <Alert tone="error" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="load-error">
      <span>
        <strong className="font-semibold">{title}</strong> {detailOrMessage(error)}
      </span>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('catalog.retry')}
        </Button>
      )}
    </Alert>
  );
}
