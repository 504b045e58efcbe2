import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Offset paging under a list: "21–40 of 45" and Previous / Next. `label` names the navigation
 * for screen readers; `testId` prefixes its parts (`<testId>-range`, `-previous`, `-next`).
 */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
  label,
  busy = false,
  testId,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
  label: string;
  /** a page on its way: both buttons wait */
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + pageSize, total);
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={label}>
      <p className="text-sm text-slate-600" data-testid={id('range')}>
        {t('common.pager.range', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0 || busy}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
          data-testid={id('previous')}
        >
          {t('common.pager.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + pageSize >= total || busy}
          onClick={() => onOffset(offset + pageSize)}
          data-testid={id('next')}
        >
          {t('common.pager.next')}
        </Button>
      </div>
    </nav>
  );
}
