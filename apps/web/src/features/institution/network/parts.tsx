import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { Alert, Button, EmptyState, Spinner } from '../../../ui';

/** A tab's heading with its description and the action on the right. */
export function TabHeader({ id, title, description, action }: { id: string; title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** Said once per tab when the caller may only read. */
export function ReadonlyNotice() {
  const { t } = useTranslation();
  return (
    <Alert tone="info" data-testid="institution-readonly">
      {t('institutionNetwork.readonly')}
    </Alert>
  );
}

export function Loading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

/** A list that failed to load: the spec shows an empty state, here with the reason and a retry. */
export function LoadFailed({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2" data-testid={testId ?? 'network-load-error'}>
      <span>
        <strong className="font-semibold">{t('institutionNetwork.loadFailed')}</strong> {detailOrMessage(error)}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('institutionNetwork.retry')}
      </Button>
    </Alert>
  );
}

/** A failed change: the spec's text, then the server's reason. */
export function FailedAlert({ title, error, testId }: { title: string; error: unknown; testId: string }) {
  const detailOrMessage = useDetailOrMessage();
  return (
    <Alert tone="error" data-testid={testId}>
      <strong className="font-semibold">{title}</strong>
      {error !== undefined && error !== null && <span className="block">{detailOrMessage(error)}</span>}
    </Alert>
  );
}

/** A value that follows `value` once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The first message per field of a zod issue list (a path "features.2" belongs to features). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const head = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    out[head] ??= issue.message;
  }
  return out;
}

/** An empty list, with a test id (the kit's EmptyState takes none). */
export function Empty({ title, testId }: { title: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <EmptyState title={title} headingLevel="h3" className="py-8" />
    </div>
  );
}
