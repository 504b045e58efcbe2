import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Button, PageHeader } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { InstructorCourseGrid } from './instructor-course-grid';

/** /instructor/courses (instructor, institution): the caller's own courses, drafts included. */
export function InstructorCoursesPage() {
  const { t } = useTranslation();
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {});
  usePageTitle(t('areas.instructorCourses'));
  return (
    <div data-testid="instructor-courses">
      <PageHeader
        title={t('areas.instructorCourses')}
        subtitle={t('instructorCourses.subtitle')}
        actions={
          <Button asChild>
            <Link to="/instructor/create" data-testid="create-course-link">
              {t('areas.createCourse')}
            </Link>
          </Button>
        }
      />
      {courses.isPending ? (
        <LoadingBlock />
      ) : courses.isError ? (
        <LoadError error={courses.error} title={t('instructorCourses.loadFailed')} onRetry={() => void courses.refetch()} />
      ) : (
        <InstructorCourseGrid courses={courses.data} headingLevel="h2" />
      )}
    </div>
  );
}
