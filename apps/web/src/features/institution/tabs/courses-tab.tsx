import { catalogRoutes, type Course, type Institution } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Badge, Button, buttonClasses, Card, CardContent, EmptyState } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { usePriceText } from '../../../lib/format';
import { canEdit } from '../logic';
import { ReadonlyNote, TabHeading } from '../parts';
import { CreateCourseDialog } from './create-course-dialog';

function CourseCard({ course, editable }: { course: Course; editable: boolean }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const base = `/institution/course/${course.id}`;
  return (
    <Card data-testid="institution-course-card" data-course-id={course.id}>
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold text-slate-900" data-testid="institution-course-title">
            {course.title}
          </h3>
          <Badge tone={course.is_published ? 'success' : 'neutral'} className="shrink-0">
            {t(course.is_published ? 'institution.courses.published' : 'institution.courses.draft')}
          </Badge>
        </div>
        <p className="line-clamp-2 text-sm text-slate-600">{course.description}</p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('institution.courses.category')}</dt>
          <dd className="text-slate-900">{t(`catalog.categories.${course.category}`)}</dd>
          <dt className="text-slate-600">{t('institution.courses.level')}</dt>
          <dd className="text-slate-900">{t(`catalog.levels.${course.level}`)}</dd>
          <dt className="text-slate-600">{t('institution.courses.price')}</dt>
          <dd className="text-slate-900">{price(course.price)}</dd>
          <dt className="text-slate-600">{t('institution.courses.enrollments')}</dt>
          <dd className="text-slate-900" data-testid="institution-course-enrollments">
            {course.enrollment_count}
          </dd>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {editable && (
            <Link to={`${base}/edit`} className={buttonClasses('outline', 'sm')} data-testid="institution-course-edit">
              {t('institution.courses.edit')}
            </Link>
          )}
          <Link to={`${base}/manage`} className={buttonClasses('outline', 'sm')} data-testid="institution-course-manage">
            {t('institution.courses.manage')}
          </Link>
          <Link to={`${base}/analytics`} className={buttonClasses('ghost', 'sm')} data-testid="institution-course-analytics">
            {t('institution.courses.analytics')}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/** Spec 3 Courses: the institution's courses (GET /institution/courses) as cards, and Create Course. */
export function CoursesTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const editable = canEdit(institution);
  const courses = useRouteQuery(catalogRoutes.institutionCourses, {});
  const [creating, setCreating] = useState(false);

  return (
    <section aria-labelledby="institution-courses-heading" className="space-y-4" data-testid="institution-courses">
      <TabHeading
        id="institution-courses-heading"
        title={t('institution.courses.heading')}
        actions={
          editable && (
            <Button onClick={() => setCreating(true)} data-testid="institution-create-course">
              {t('institution.courses.create')}
            </Button>
          )
        }
      />
      <ReadonlyNote institution={institution} />
      {courses.isPending ? (
        <LoadingBlock />
      ) : courses.isError ? (
        <LoadError error={courses.error} title={t('institution.courses.loadFailed')} onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <EmptyState headingLevel="h3" title={t('institution.courses.emptyTitle')} description={t('institution.courses.emptyBody')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="institution-course-list">
          {courses.data.map((course) => (
            <CourseCard key={course.id} course={course} editable={editable} />
          ))}
        </div>
      )}
      {creating && <CreateCourseDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
