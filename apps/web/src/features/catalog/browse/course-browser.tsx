import { BROWSE_CATEGORIES, catalogRoutes, type CourseCategory } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import type { AreaKey } from '../../../i18n/catalog-keys';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyState, FormField, Input, PageHeader, Select, Spinner } from '../../../ui';
import { CourseCard } from '../shared/course-card';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useDebounced } from '../../../lib/use-debounced';

function isCategory(value: string | null): value is CourseCategory {
  return value !== null && (BROWSE_CATEGORIES as readonly string[]).includes(value);
}

interface CourseBrowserProps {
  area: Extract<AreaKey, 'browseCourses' | 'marketplace'>;
  testId: string;
}

/** Spec 2.6: Browse Courses and Course Marketplace share one screen: search, category, course cards. */
export function CourseBrowser({ area, testId }: CourseBrowserProps) {
  const { t } = useTranslation();
  const title = t(`areas.${area}`);
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const category = isCategory(params.get('category')) ? (params.get('category') as CourseCategory) : 'all';
  const [search, setSearch] = useState(params.get('search') ?? '');
  const settledSearch = useDebounced(search.trim());

  // the settled search goes into the URL, so a reload or a shared link keeps it
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settledSearch) next.set('search', settledSearch);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [settledSearch, setParams]);

  const courses = useRouteQuery(
    catalogRoutes.listCourses,
    { query: { category: category === 'all' ? undefined : category, search: settledSearch || undefined } },
    { placeholderData: keepPreviousData },
  );

  const setCategory = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div data-testid={testId}>
      <PageHeader title={title} subtitle={t(area === 'marketplace' ? 'courses.marketplaceSubtitle' : 'courses.browseSubtitle')} />
      <div role="search" className="mb-6 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" aria-label={t('courses.filters')}>
        <FormField label={t('courses.searchLabel')}>
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('courses.searchPlaceholder')}
              data-testid="course-search"
            />
          )}
        </FormField>
        <FormField label={t('courses.categoryLabel')}>
          {(field) => (
            <Select {...field} value={category} onChange={(e) => setCategory(e.target.value)} data-testid="course-category">
              <option value="all">{t('courses.allCategories')}</option>
              {BROWSE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      {courses.isPending ? (
        <LoadingBlock />
      ) : courses.isError ? (
        <LoadError error={courses.error} title={t('courses.loadFailed')} onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <EmptyState title={t('courses.emptyTitle')} description={t('courses.emptyText')} />
      ) : (
        <section aria-labelledby="course-results-heading">
          <div className="mb-3 flex items-center gap-2">
            <h2 id="course-results-heading" className="text-sm font-medium text-slate-700" aria-live="polite">
              {t('courses.resultCount', { count: courses.data.length })}
            </h2>
            {courses.isFetching && <Spinner className="text-primary" />}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
            {courses.data.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} to={`/course/${course.id}`} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
