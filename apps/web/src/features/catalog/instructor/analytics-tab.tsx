import { catalogRoutes } from '@lp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { FormField, Select } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { CourseAnalyticsView } from './course-analytics-view';

interface AnalyticsTabProps {
  courseId: string | null;
  onCourseChange: (courseId: string) => void;
}

/** Spec 2.12 Analytics: a course selector and the selected course's figures. */
export function AnalyticsTab({ courseId, onCourseChange }: AnalyticsTabProps) {
  const { t } = useTranslation();
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {});
  const selected = courseId ?? courses.data?.[0]?.id;
  const analytics = useRouteQuery(catalogRoutes.instructorCourseAnalytics, { params: { id: selected } });

  // the first course is chosen when none is
  useEffect(() => {
    if (!courseId && courses.data?.[0]) onCourseChange(courses.data[0].id);
  }, [courseId, courses.data, onCourseChange]);

  if (courses.isPending) return <LoadingBlock />;
  if (courses.isError)
    return <LoadError error={courses.error} title={t('instructorCourses.loadFailed')} onRetry={() => void courses.refetch()} />;
  if (courses.data.length === 0) return <p className="text-sm text-slate-600">{t('analytics.noCourses')}</p>;

  return (
    <section aria-labelledby="analytics-heading" className="space-y-4" data-testid="analytics-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="analytics-heading" className="text-lg font-semibold text-slate-900">
          {t('instructorDashboard.tabs.analytics')}
        </h2>
        <FormField label={t('analytics.courseSelect')} className="sm:w-80">
          {(field) => (
            <Select
              {...field}
              value={selected ?? ''}
              onChange={(e) => onCourseChange(e.target.value)}
              data-testid="analytics-course-select"
            >
              {courses.data.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {analytics.isPending ? (
        <LoadingBlock />
      ) : analytics.isError ? (
        <LoadError error={analytics.error} title={t('analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
      ) : (
        <CourseAnalyticsView analytics={analytics.data} />
      )}
    </section>
  );
}
