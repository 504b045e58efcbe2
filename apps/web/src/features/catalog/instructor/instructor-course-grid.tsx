import type { Course } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, EmptyState } from '../../../ui';
import { CourseCard } from '../shared/course-card';
import { PublishedBadge } from '../shared/course-meta';

/**
 * Spec 2.12 My Courses: cards with Published/Draft, enrollment count, rating (or No ratings)
 * and price, and the card links edit, analytics and students.
 */
export function InstructorCourseGrid({ courses, headingLevel = 'h3' }: { courses: Course[]; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  if (courses.length === 0) {
    return (
      <EmptyState
        headingLevel={headingLevel}
        title={t('instructorCourses.emptyTitle')}
        description={t('instructorCourses.emptyText')}
        action={
          <Button asChild>
            <Link to="/instructor/create">{t('areas.createCourse')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="instructor-course-grid">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard
            course={course}
            to={`/instructor/course/${course.id}`}
            headingLevel={headingLevel}
            badge={<PublishedBadge published={course.is_published} />}
            footer={
              <div className="space-y-3 border-t border-slate-200 pt-3">
                <p className="text-sm text-slate-700" data-testid="course-enrollments">
                  {t('instructorCourses.enrollments', { count: course.enrollment_count })}
                  {' · '}
                  {t('instructorCourses.lessons', { count: course.lesson_count })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button asChild size="sm">
                    <Link to={`/instructor/course/${course.id}`}>
                      {t('instructorCourses.manage')}
                      <span className="sr-only"> {course.title}</span>
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/instructor/courses/${course.id}/edit`}>
                      {t('instructorCourses.edit')}
                      <span className="sr-only"> {course.title}</span>
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/instructor/courses/${course.id}/analytics`}>
                      {t('instructorCourses.analytics')}
                      <span className="sr-only"> {course.title}</span>
                    </Link>
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/instructor/courses/${course.id}/students`}>
                      {t('instructorCourses.students')}
                      <span className="sr-only"> {course.title}</span>
                    </Link>
                  </Button>
                </div>
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}
