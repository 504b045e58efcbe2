import { catalogRoutes, type Lesson } from '@lp/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { detailOr, serverDetail } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { InlinePageSpinner } from '../../../routes/full-page-spinner';
import { Badge, Button, Card, CardContent, cn, focusRing, useToast } from '../../../ui';
import { dashboardPath } from '../../auth/dashboard-path';
import { useSignedInUser } from '../../auth/session-context';
import { BackIcon, CheckIcon, ForwardIcon, LockIcon } from '../../../ui/icons';
import { itemsByLesson } from '../manage/lesson-order';
import { isMissing } from '../../../lib/not-found';
import { NotFoundCard } from '../../../ui/not-found-card';
import { LessonBody } from './lesson-body';

/** Minutes since the lesson was opened, for time_spent_minutes (capped by the contract at a day). */
function minutesSince(start: number): number {
  return Math.min(1440, Math.max(0, Math.round((Date.now() - start) / 60_000)));
}

function LessonSidebar({
  lessons,
  currentId,
  completed,
  canOpenAll,
}: {
  lessons: Lesson[];
  currentId: string;
  completed: ReadonlySet<string>;
  canOpenAll: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="lesson-sidebar-heading" data-testid="lesson-sidebar">
      <h2 id="lesson-sidebar-heading" className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">
        {t('lessonViewer.courseLessons')}
      </h2>
      <ol className="space-y-1">
        {lessons.map((lesson, index) => {
          const current = lesson.id === currentId;
          const open = canOpenAll || lesson.is_free_preview;
          const done = completed.has(lesson.id);
          const body = (
            <>
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done ? 'bg-emerald-100 text-emerald-800' : current ? 'bg-primary text-white' : 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <CheckIcon className="size-3.5" /> : open ? index + 1 : <LockIcon className="size-3.5" />}
              </span>
              <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
              {done && <span className="sr-only">{t('courseDetail.lessonDone')}</span>}
              {!open && <span className="sr-only">{t('courseDetail.locked')}</span>}
            </>
          );
          return (
            <li key={lesson.id}>
              {open ? (
                <Link
                  to={`/lessons/${lesson.id}`}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-lg px-2 py-2 text-sm',
                    current ? 'bg-primary-soft font-medium text-primary-strong' : 'text-slate-700 hover:bg-slate-100',
                    focusRing,
                  )}
                >
                  {body}
                </Link>
              ) : (
                <span className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-slate-600">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Spec 2.9 /lessons/{lessonId}: the lesson, previous/next, the course's lessons, Mark Complete. */
export function LessonViewerPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
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
  // POST /lessons/{id}/complete with the minutes spent
  const complete = useRouteMutation(catalogRoutes.completeLesson, { invalidates: ['catalog.'] });
  const [justCompleted, setJustCompleted] = useState<ReadonlySet<string>>(new Set());
  const openedAt = useRef(Date.now());
  const leaving = useRef(false);
  usePageTitle(lesson.data?.title ?? t('areas.lessonViewer'));

  useEffect(() => {
    openedAt.current = Date.now();
  }, [lessonId]);

  // a lesson that does not exist (or an id that is not one) gets its own page, like a course does
  const missing = lesson.isError && isMissing(lesson.error);

  // spec 2.9 / 8: a lesson that cannot be loaded says so and sends the user back
  useEffect(() => {
    if (!lesson.isError || missing || leaving.current) return;
    leaving.current = true;
    toast({ title: t('lessonViewer.loadFailed'), description: serverDetail(lesson.error) ?? undefined, tone: 'error' });
    // back where the user came from inside the app (the course page, usually). Going back to
    // another document would reload the app and lose the message, so a lesson opened directly
    // (first page of the app) sends the user to their dashboard instead.
    const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(dashboardPath(user.role), { replace: true });
  }, [lesson.isError, lesson.error, missing, navigate, t, toast, user.role]);

  if (missing) return <NotFoundCard title={t('lessonViewer.notFound')} />;
  if (lesson.isPending || lesson.isError) return <InlinePageSpinner />;

  const data = lesson.data;
  const list = lessons.data ?? [];
  const index = list.findIndex((l) => l.id === data.id);
  const previous = index > 0 ? list[index - 1] : undefined;
  const next = index >= 0 && index < list.length - 1 ? list[index + 1] : undefined;
  const completed = new Set([...(progress.data?.lessons_completed_ids ?? []), ...justCompleted]);
  const isDone = completed.has(data.id);
  const canOpenAll = isOwner || enrolled;
  const lessonItems = itemsByLesson(content.data?.content_items ?? []).get(data.id) ?? [];

  const markComplete = () =>
    complete.mutate(
      { params: { id: data.id }, body: { time_spent_minutes: minutesSince(openedAt.current) } },
      {
        // an already_completed answer counts as completed (spec 4)
        onSuccess: () => {
          setJustCompleted((current) => new Set([...current, data.id]));
          toast({ title: t('lessonViewer.markedComplete'), tone: 'success' });
        },
        onError: (error) => toast({ title: detailOr(error, t('lessonViewer.markFailed')), tone: 'error' }),
      },
    );

  const navLink = (target: Lesson | undefined, direction: 'previous' | 'next') => {
    if (!target) return <span />;
    const open = canOpenAll || target.is_free_preview;
    const label = direction === 'previous' ? t('lessonViewer.previous') : t('lessonViewer.next');
    const content = (
      <>
        {direction === 'previous' && <BackIcon />}
        <span className="flex min-w-0 flex-col text-left">
          <span className="text-xs text-slate-600">{label}</span>
          <span className="break-words">{target.title}</span>
        </span>
        {direction === 'next' && <ForwardIcon />}
      </>
    );
    return open ? (
      <Button asChild variant="outline" className="h-auto max-w-[48%] py-2">
        <Link to={`/lessons/${target.id}`} data-testid={`${direction}-lesson`} rel={direction === 'next' ? 'next' : 'prev'}>
          {content}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" className="h-auto max-w-[48%] py-2" disabled data-testid={`${direction}-lesson`}>
        <LockIcon />
        {content}
      </Button>
    );
  };

  return (
    <div data-testid="lesson-viewer" data-lesson-id={data.id}>
      <Link
        to={`/course/${data.course_id}`}
        className={cn('mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline', focusRing)}
        data-testid="back-to-course"
      >
        <BackIcon />
        {course.data?.title ?? t('lessonViewer.backToCourse')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0 space-y-5" aria-labelledby="lesson-title">
          <header className="space-y-2">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {index >= 0 && <span>{t('lessonViewer.position', { current: index + 1, total: list.length })}</span>}
              <Badge tone="neutral">{t(`catalog.lessonTypes.${data.content_type}`)}</Badge>
              <span>{t('catalog.minutes', { count: data.duration_minutes })}</span>
              {data.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
              {isDone && (
                <Badge tone="success" data-testid="lesson-completed-badge">
                  <CheckIcon className="mr-1 size-3.5" />
                  {t('lessonViewer.completed')}
                </Badge>
              )}
            </div>
            <h1 id="lesson-title" className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              {data.title}
            </h1>
            {data.description && <p className="text-slate-600">{data.description}</p>}
          </header>
          <Card>
            <CardContent data-testid="lesson-content-view">
              <LessonBody lesson={data} />
            </CardContent>
          </Card>
          {canOpenAll && lessonItems.length > 0 && (
            <section aria-labelledby="lesson-items-heading" className="space-y-2" data-testid="lesson-items">
              <h2 id="lesson-items-heading" className="text-lg font-semibold text-slate-900">
                {t('coursePlayer.inThisLesson', { count: lessonItems.length })}
              </h2>
              <p className="text-sm text-slate-600">{t('coursePlayer.inThisLessonText')}</p>
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {lessonItems.map((item) => (
                  <li key={item.id} className="flex items-center gap-2 px-4 py-3 text-sm">
                    <Badge tone="neutral">{t(`catalog.contentTypes.${item.type}`)}</Badge>
                    <Link
                      to={`/course/${data.course_id}/learn?item=${item.id}`}
                      className={cn('min-w-0 rounded font-medium break-words text-slate-900 hover:text-primary hover:underline', focusRing)}
                    >
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {enrolled && (
            <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">{isDone ? t('lessonViewer.doneText') : t('lessonViewer.markText')}</p>
              <Button
                onClick={markComplete}
                loading={complete.isPending}
                disabled={isDone}
                variant={isDone ? 'outline' : 'primary'}
                data-testid="mark-complete"
              >
                {isDone ? (
                  <>
                    <CheckIcon />
                    {t('lessonViewer.completed')}
                  </>
                ) : (
                  t('lessonViewer.markComplete')
                )}
              </Button>
            </div>
          )}
          {!canOpenAll && (
            <p className="rounded-xl bg-primary-soft p-3 text-sm text-primary-strong">
              {t('lessonViewer.previewNote')}{' '}
              <Link to={`/course/${data.course_id}`} className="font-medium underline">
                {t('lessonViewer.enrollLink')}
              </Link>
            </p>
          )}
          <div className="flex items-stretch justify-between gap-3">
            {navLink(previous, 'previous')}
            {navLink(next, 'next')}
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
