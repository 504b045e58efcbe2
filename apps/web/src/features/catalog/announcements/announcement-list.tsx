import { catalogRoutes, type CourseAnnouncement } from '@lp/contracts';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { Button, EmptyState } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';

/** How many announcements one "Show more" adds. */
export const ANNOUNCEMENTS_PAGE = 5;

/**
 * The pages asked so far, as one list newest first: an announcement posted meanwhile shifts the
 * offsets, so two pages may share one (each kept once).
 */
export function mergeAnnouncementPages(pages: readonly (readonly CourseAnnouncement[])[]): CourseAnnouncement[] {
  const byId = new Map<string, CourseAnnouncement>();
  for (const page of pages) for (const a of page) byId.set(a.id, a);
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/**
 * A course's announcements (GET /courses/{id}/announcements), newest first, a page at a time:
 * "Show more" asks the next page and keeps the ones shown. `emptyText` says what an empty list means to the reader.
 */
export function AnnouncementList({ courseId, emptyText }: { courseId: string; emptyText: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pages, setPages] = useState(1);
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) =>
      routeQuery(catalogRoutes.courseAnnouncements, {
        params: { id: courseId },
        query: { limit: ANNOUNCEMENTS_PAGE, offset: i * ANNOUNCEMENTS_PAGE },
      }),
    ),
  });
  const first = results[0]!;
  if (first.isPending) return <LoadingBlock label={t('announcements.list.loading')} />;
  if (first.isError) {
    return <LoadError error={first.error} title={t('announcements.list.loadFailed')} onRetry={() => void first.refetch()} />;
  }
  const shown = mergeAnnouncementPages(results.flatMap((r) => (r.data ? [r.data.announcements] : [])));
  const total = results.at(-1)?.data?.total ?? first.data.total;
  const loadingMore = results.some((r) => r.isPending || r.isFetching);
  const failedMore = results.slice(1).find((r) => r.isError);

  if (shown.length === 0) {
    return (
      <div data-testid="announcements-empty">
        <EmptyState title={t('announcements.list.empty')} description={emptyText} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label={t('announcements.list.label')} className="space-y-3" data-testid="announcements-list" data-total={total}>
        {shown.map((a) => (
          <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="announcement" data-id={a.id}>
            <article aria-labelledby={`announcement-${a.id}`}>
              <h3 id={`announcement-${a.id}`} className="font-semibold break-words text-slate-900">
                {a.title}
              </h3>
              <p className="mt-1 text-xs text-slate-600">
                {t('announcements.list.postedBy', { name: a.posted_by_name, when: formatDateTime(a.created_at) })}
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{a.message}</p>
            </article>
          </li>
        ))}
      </ul>
      {failedMore && (
        <LoadError error={failedMore.error} title={t('announcements.list.loadFailed')} onRetry={() => void failedMore.refetch()} />
      )}
      {shown.length < total && !failedMore && (
        <Button variant="outline" onClick={() => setPages((n) => n + 1)} loading={loadingMore} data-testid="announcements-more">
          {t('announcements.list.showMore')}
        </Button>
      )}
    </div>
  );
}
