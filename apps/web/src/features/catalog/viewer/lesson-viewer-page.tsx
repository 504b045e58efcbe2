import { catalogRoutes, type Lesson } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { serverDetail } from '../../../api/error-text';
import { useRouteQuery } from '../../../api/route-hooks';
import { isMissing } from '../../../lib/not-found';
import { usePageTitle } from '../../../lib/use-page-title';
import { InlinePageSpinner } from '../../../routes/full-page-spinner';
import { Card, CardContent, useToast } from '../../../ui';
import { dashboardPath, useSignedInUser } from '../../auth';
import { NotFoundCard } from '../../errors';
import { itemsByLesson } from '../manage/lesson-order';
import { LessonBody } from './lesson-body';
import { BackToCourse, CompletePanel, LessonHeader, LessonItems, LessonNavLink, PreviewNote } from './lesson-parts';
import { LessonSidebar } from './lesson-sidebar';
import { useLessonCompletion } from './use-lesson-completion';

/**
 * Spec 2.9 / 8: a lesson that cannot be loaded (other than not existing) says so and sends the
 * user back where they came from inside the app (the course page, usually). Going back to
 * another document would reload the app and lose the message, so a lesson opened directly
 * (first page of the app) sends the user to their dashboard instead.
 */
function useLeaveUnloadableLesson(failed: boolean, error: unknown) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const leaving = useRef(false);
  useEffect(() => {
    if (!failed || leaving.current) return;
    leaving.current = true;
    toast({ title: t('lessonViewer.loadFailed'), description: serverDetail(error) ?? undefined, tone: 'error' });
    const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(dashboardPath(user.role), { replace: true });
  }, [failed, error, navigate, t, toast, user.role]);
}

/** Spec 2.9 /lessons/{lessonId}: the lesson, previous/next, the course's lessons, Mark Complete. */
export function LessonViewerPage() {
  const { t } = useTranslation();
  const { lessonId } = useParams<{ lessonId: string }>();
  const user = useSignedInUser();
  const lesson = useRouteQuery(catalogRoutes.getLesson, { params: { id: lessonId } }, { retry: false });
  const courseId = lesson.data?.course_id;
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id: courseId } });
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id: courseId } });
  const isOwner = course.data ? course.data.instructor_id === user.id : false;
  const enrollment = useRouteQuery(
    catalogRoutes.checkEnrollment,
    { params: { id: courseId } },
    { enabled: Boolean(course.data) && !isOwner },
  );
  const enrolled = !isOwner && enrollment.data?.enrolled === true;
  const progress = useRouteQuery(catalogRoutes.progress, { params: { courseId } }, { enabled: enrolled });
  // the lesson's content items (for the owner and enrolled learners, who may open them)
  const content = useRouteQuery(catalogRoutes.listContent, { params: { id: courseId } }, { enabled: isOwner || enrolled, retry: false });
  const completion = useLessonCompletion(lessonId);
  usePageTitle(lesson.data?.title ?? t('areas.lessonViewer'));

  // a lesson that does not exist (or an id that is not one) gets its own page, like a course does
  const missing = lesson.isError && isMissing(lesson.error);
  useLeaveUnloadableLesson(lesson.isError && !missing, lesson.error);

  if (missing) return <NotFoundCard title={t('lessonViewer.notFound')} />;
  if (lesson.isPending || lesson.isError) return <InlinePageSpinner />;

  const data = lesson.data;
  const list: Lesson[] = lessons.data ?? [];
  const index = list.findIndex((l) => l.id === data.id);
  const completed = new Set([...(progress.data?.lessons_completed_ids ?? []), ...completion.justCompleted]);
  const isDone = completed.has(data.id);
  const canOpenAll = isOwner || enrolled;
  const lessonItems = itemsByLesson(content.data?.content_items ?? []).get(data.id) ?? [];

  return (
    <div data-testid="lesson-viewer" data-lesson-id={data.id}>
      <BackToCourse courseId={data.course_id} title={course.data?.title} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0 space-y-5" aria-labelledby="lesson-title">
          <LessonHeader lesson={data} index={index} total={list.length} isDone={isDone} />
          <Card>
            <CardContent data-testid="lesson-content-view">
              <LessonBody lesson={data} />
            </CardContent>
          </Card>
          {canOpenAll && lessonItems.length > 0 && <LessonItems courseId={data.course_id} items={lessonItems} />}
          {enrolled && <CompletePanel isDone={isDone} pending={completion.pending} onComplete={() => completion.markComplete(data.id)} />}
          {!canOpenAll && <PreviewNote courseId={data.course_id} />}
          <div className="flex items-stretch justify-between gap-3">
            <LessonNavLink target={index > 0 ? list[index - 1] : undefined} direction="previous" canOpenAll={canOpenAll} />
            <LessonNavLink
              target={index >= 0 && index < list.length - 1 ? list[index + 1] : undefined}
              direction="next"
              canOpenAll={canOpenAll}
            />
          </div>
        </article>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardContent className="p-4">
              {lessons.isPending ? (
                <InlinePageSpinner />
              ) : (
                <LessonSidebar lessons={list} currentId={data.id} completed={completed} canOpenAll={canOpenAll} />
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
