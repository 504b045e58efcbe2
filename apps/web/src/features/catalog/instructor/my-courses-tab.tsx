import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Button } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { InstructorCourseGrid } from './instructor-course-grid';

export function MyCoursesTab() {
  const { t } = useTranslation();
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {});
  return (
    <section aria-labelledby="my-courses-heading" data-testid="my-courses-tab">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-courses-heading" className="text-lg font-semibold text-slate-900">
          {t('instructorDashboard.tabs.courses')}
        </h2>
        <Button asChild size="sm">
          <Link to="/instructor/create">{t('areas.createCourse')}</Link>
        </Button>
      </div>
      {courses.isPending ? (
        <LoadingBlock />
      ) : courses.isError ? (
        <LoadError error={courses.error} title={t('instructorCourses.loadFailed')} onRetry={() => void courses.refetch()} />
      ) : (
        <InstructorCourseGrid courses={courses.data} />
      )}
    </section>
  );
}
