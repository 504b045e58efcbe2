import type { ContentItem } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { openFileFromClick } from '../../../api/file-url';
import { Badge, Button, cn, focusRing } from '../../../ui';
import { fileSize } from '../../../lib/format';

interface ContentListProps {
  items: ContentItem[];
  /** institution variant: Edit and Delete are shown but do nothing yet (spec 3) */
  showInertActions?: boolean;
}

/** The course's content items, in order, with their file or text. */
export function ContentList({ items, showInertActions = false }: ContentListProps) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="content-empty">
        {t('manageCourse.content.empty')}
      </p>
    );
  }
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="content-list">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
          data-testid="content-item"
          data-content-type={item.type}
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="neutral">{t(`catalog.contentTypes.${item.type}`)}</Badge>
              <h4 className="font-medium break-words text-slate-900">{item.title}</h4>
            </div>
            <p className="text-xs text-slate-600">
              {[item.file_name, fileSize(item.file_size), item.duration ? t('catalog.minutes', { count: item.duration }) : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {item.type === 'text' && item.content && (
              <details className="text-sm text-slate-700">
                <summary className={cn('cursor-pointer rounded text-primary', focusRing)}>{t('manageCourse.content.showText')}</summary>
                <p className="mt-2 whitespace-pre-line">{item.content}</p>
              </details>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {item.url && (
              <Button asChild variant="outline" size="sm">
                <a href={item.url} target="_blank" rel="noopener noreferrer" onClick={(e) => openFileFromClick(e, item.url ?? '')}>
                  {t('manageCourse.content.openFile')}
                  <span className="sr-only"> {item.title}</span>
                </a>
              </Button>
            )}
            {showInertActions && (
              <>
                <Button variant="outline" size="sm" disabled title={t('manageCourse.content.notAvailable')}>
                  {t('manageCourse.content.edit')}
                </Button>
                <Button variant="outline" size="sm" disabled title={t('manageCourse.content.notAvailable')}>
                  {t('manageCourse.content.delete')}
                </Button>
              </>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
