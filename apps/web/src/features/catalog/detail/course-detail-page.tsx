import { catalogRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge } from '../../../ui';
import { useSignedInUser } from '../../auth';
import { CategoryBadge, LevelBadge, PublishedBadge, RatingText } from '../shared/course-meta';
import { CourseCover } from '../shared/course-cover';
import { isMissing } from '../../../lib/not-found';
import { NotFoundCard } from '../../errors';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { CourseAnnouncements } from '../announcements/course-announcements';
import { CourseLessons } from './course-lessons';
import { CourseQuizzes } from './course-quizzes';
import { EnrollmentPanel } from './enrollment-panel';
import { ReviewsSection } from './reviews-section';

/**
 * Spec 2.7 /course/{id}: course information, lessons, quizzes (enrolled users and the
 * instructor), reviews and the enrollment area.
 */
export function CourseDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const user = useSignedInUser();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id } });
  const isOwner = course.data ? course.data.instructor_id === user.id : false;
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id } });
  const reviews = useRouteQuery(catalogRoutes.listReviews, { params: { id } });
  const enrollment = useRouteQuery(catalogRoutes.checkEnrollment, { params: { id } }, { enabled: Boolean(course.data) && !isOwner });
  const enrolled = isOwner ? false : enrollment.data?.enrolled;
  const progress = useRouteQuery(catalogRoutes.progress, { params: { courseId: id } }, { enabled: enrolled === true });
  usePageTitle(course.data?.title ?? t('areas.courseDetail'));

  if (course.isPending) return <LoadingBlock />;
  if (course.isError) {
    if (isMissing(course.error)) return <NotFoundCard title={t('catalog.courseNotFound')} />;
    return <LoadError error={course.error} title={t('courseDetail.loadFailed')} onRetry={() => void course.refetch()} />;
  }

  const data = course.data;
  const completedIds = new Set(progress.data?.lessons_completed_ids ?? []);
  const alreadyReviewed = reviews.data?.some((review) => review.user_id === user.id) ?? false;
  const itemCounts = new Map<string, number>();
  for (const item of data.content_items) if (item.lesson_id) itemCounts.set(item.lesson_id, (itemCounts.get(item.lesson_id) ?? 0) + 1);

  return (
    <div data-testid="course-detail" data-course-id={data.id}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <CourseCover course={data} className="max-h-72" eager />
            <div className="space-y-3 p-5 sm:p-6">
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={data.category} />
                <LevelBadge level={data.level} />
                {isOwner && <PublishedBadge published={data.is_published} />}
                {enrolled && <Badge tone="success">{t('courseDetail.enrolled')}</Badge>}
              </div>
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl" data-testid="course-detail-title">
                {data.title}
              </h1>
              <p className="text-sm text-slate-600">{t('catalog.byInstructor', { name: data.instructor_name })}</p>
              <RatingText avg={data.rating_avg} count={data.rating_count} className="text-sm text-slate-700" />
              <p className="break-words whitespace-pre-line text-slate-700" data-testid="course-detail-description">
                {data.description}
              </p>
            </div>
          </header>

          {lessons.isPending ? (
            <LoadingBlock />
          ) : lessons.isError ? (
            <LoadError error={lessons.error} title={t('courseDetail.lessonsFailed')} onRetry={() => void lessons.refetch()} />
          ) : (
            <CourseLessons
              courseId={data.id}
              lessons={lessons.data}
              isOwner={isOwner}
              enrolled={enrolled === true}
              completedIds={completedIds}
              itemCounts={itemCounts}
            />
          )}

          {enrolled === true && <CourseAnnouncements courseId={data.id} />}

          {(isOwner || enrolled === true) && (
            <CourseQuizzes courseId={data.id} isOwner={isOwner} completion={progress.data?.completion_percentage ?? 0} />
          )}

          <ReviewsSection
            course={data}
            reviews={reviews.data}
            loadFailed={reviews.isError}
            canReview={enrolled === true && !alreadyReviewed}
          />
        </div>

        <aside className="lg:col-span-1" aria-label={t('courseDetail.enrollmentHeading')}>
          <div className="lg:sticky lg:top-24">
            <EnrollmentPanel course={data} isOwner={isOwner} enrolled={enrollment.isError ? false : enrolled} progress={progress.data} />
          </div>
        </aside>
      </div>
    </div>
  );
}
