import { catalogRoutes, CERTIFICATE_MIN_COMPLETION, type ContentItem, type Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, cn, EmptyState, focusRing, ProgressBar, useToast } from '../../../ui';
import { useSignedInUser } from '../../auth/session-context';
import { CertificateButton } from '../shared/certificate-button';
import { percent } from '../../../lib/format';
import { CheckIcon, LockIcon } from '../../../ui/icons';
import { AudioPlayer, PdfViewer, TextContent, VideoPlayer } from '../shared/media';
import { isMissing } from '../../../lib/not-found';
import { NotFoundCard } from '../../../ui/not-found-card';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { itemsByLesson } from '../manage/lesson-order';
import { LessonBody } from '../viewer/lesson-body';
import { CourseAssessments } from './course-assessments';
import { CourseGrades } from './course-grades';

/** One thing to work through: a lesson or a content item (both count towards progress). */
type Unit = { kind: 'lesson'; id: string; title: string; lesson: Lesson } | { kind: 'item'; id: string; title: string; item: ContentItem };

function ItemBody({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  if (item.type === 'text')
    return item.content ? <TextContent text={item.content} /> : <Alert tone="info">{t('lessonViewer.locked')}</Alert>;
  if (!item.url) return <Alert tone="info">{t('lessonViewer.locked')}</Alert>;
  if (item.type === 'video') return <VideoPlayer url={item.url} title={item.title} />;
  if (item.type === 'audio') return <AudioPlayer url={item.url} title={item.title} />;
  return <PdfViewer url={item.url} title={item.title} />;
}

function UnitLink({
  unit,
  selected,
  done,
  nested = false,
  onSelect,
}: {
  unit: Unit;
  selected: boolean;
  done: boolean;
  nested?: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const typeLabel =
    unit.kind === 'lesson' ? t(`catalog.lessonTypes.${unit.lesson.content_type}`) : t(`catalog.contentTypes.${unit.item.type}`);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="player-unit"
      data-unit-id={unit.id}
      data-done={done ? 'true' : 'false'}
      data-kind={unit.kind}
      className={cn(
        'flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-left text-sm',
        nested && 'py-1.5',
        selected ? 'bg-primary-soft font-medium text-primary-strong' : 'text-slate-700 hover:bg-slate-100',
        focusRing,
      )}
    >
      <span
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border',
          done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-300 bg-white',
        )}
      >
        {done && <CheckIcon className="size-3.5" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block break-words">{unit.title}</span>
        <span className="block text-xs font-normal text-slate-600">{typeLabel}</span>
      </span>
      {done && <span className="sr-only">{t('courseDetail.lessonDone')}</span>}
    </button>
  );
}

/** Spec (learning content) course player /course/{courseId}/learn. */
export function CoursePlayerPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { courseId } = useParams<{ courseId: string }>();
  const [params, setParams] = useSearchParams();
  const user = useSignedInUser();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id: courseId } });
  const isOwner = course.data ? course.data.instructor_id === user.id : false;
  const enrollment = useRouteQuery(
    catalogRoutes.checkEnrollment,
    { params: { id: courseId } },
    { enabled: Boolean(course.data) && !isOwner },
  );
  const enrolled = enrollment.data?.enrolled === true;
  const canLearn = isOwner || enrolled;
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id: courseId } });
  const content = useRouteQuery(catalogRoutes.listContent, { params: { id: courseId } }, { enabled: canLearn, retry: false });
  const progress = useRouteQuery(catalogRoutes.progress, { params: { courseId } }, { enabled: enrolled });
  usePageTitle(course.data ? t('player.pageTitle', { title: course.data.title }) : t('areas.courseLearn'));

  const markComplete = useRouteMutation(catalogRoutes.markComplete, { invalidates: ['catalog.'] });

  if (course.isPending || (!isOwner && enrollment.isPending)) return <LoadingBlock />;
  if (course.isError) {
    if (isMissing(course.error)) return <NotFoundCard title={t('catalog.courseNotFound')} />;
    return <LoadError error={course.error} title={t('courseDetail.loadFailed')} onRetry={() => void course.refetch()} />;
  }
  const data = course.data;

  if (!canLearn) {
    return (
      <div className="mx-auto max-w-2xl py-8" data-testid="player-not-enrolled">
        <EmptyState
          headingLevel="h1"
          title={t('player.notEnrolledTitle')}
          description={t('player.notEnrolledText', { title: data.title })}
          icon={<LockIcon className="size-6" />}
          action={
            <Button asChild>
              <Link to={`/course/${data.id}`}>{t('player.toCourse')}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  // a course has lessons and a lesson its content items: each lesson, then its items; items of
  // the course as a whole (added before items belonged to lessons) come after the lessons
  const visibleLessons = (lessons.data ?? []).filter((l) => l.is_published || isOwner);
  const items = content.data?.content_items ?? [];
  const itemGroups = itemsByLesson(items);
  const shownLessonIds = new Set(visibleLessons.map((l) => l.id));
  const toUnit = (item: ContentItem): Unit => ({ kind: 'item', id: item.id, title: item.title, item });
  const lessonUnit = (lesson: Lesson): Unit => ({ kind: 'lesson', id: lesson.id, title: lesson.title, lesson });
  const outline = visibleLessons.map((lesson) => ({
    lesson: lessonUnit(lesson),
    items: (itemGroups.get(lesson.id) ?? []).map(toUnit),
  }));
  const looseItems = items.filter((i) => !i.lesson_id || !shownLessonIds.has(i.lesson_id)).map(toUnit);
  const units: Unit[] = [...outline.flatMap((o) => [o.lesson, ...o.items]), ...looseItems];
  const done = new Set([...(progress.data?.lessons_completed_ids ?? []), ...(progress.data?.completed_items ?? [])]);
  const completion = progress.data?.completion_percentage ?? 0;
  const finished = enrolled && completion >= CERTIFICATE_MIN_COMPLETION;
  const selectedId = params.get('item');
  const selected = units.find((u) => u.id === selectedId) ?? units.find((u) => !done.has(u.id)) ?? units[0];
  const selectedIndex = selected ? units.indexOf(selected) : -1;
  const nextUnit = selectedIndex >= 0 ? units[selectedIndex + 1] : undefined;

  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('item', id);
        return next;
      },
      { replace: true },
    );

  const complete = (unit: Unit) =>
    markComplete.mutate(
      { params: { courseId: data.id, itemId: unit.id } },
      {
        onSuccess: (answer) => {
          toast({ title: unit.kind === 'lesson' ? t('lessonViewer.markedComplete') : t('player.itemMarked'), tone: 'success' });
          // the completion banner below says Congratulations; the toast only announces the change
          if (answer.course_completed) toast({ title: t('player.courseCompleted'), tone: 'success' });
        },
        onError: (error) => toast({ title: detailOr(error, t('player.markFailed')), tone: 'error' }),
      },
    );

  return (
    <div data-testid="course-player" data-course-id={data.id}>
      <div className="mb-6 space-y-3">
        <Link to={`/course/${data.id}`} className={cn('inline-flex rounded text-sm font-medium text-primary hover:underline', focusRing)}>
          {t('player.backToCourse')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{data.title}</h1>
        {enrolled && (
          <div className="max-w-xl space-y-1.5">
            <div className="flex justify-between text-sm">
              <span className="text-slate-700">{t('courseDetail.progress')}</span>
              <span className="font-semibold text-slate-900" data-testid="player-progress-value">
                {percent(completion)}
              </span>
            </div>
            <ProgressBar
              value={completion}
              label={t('courseDetail.progress')}
              valueText={percent(completion)}
              tone={finished ? 'success' : 'primary'}
              testId="player-progress"
            />
          </div>
        )}
        {isOwner && <Alert tone="info">{t('player.ownerPreview')}</Alert>}
      </div>

      {finished && (
        <section
          aria-labelledby="player-complete-heading"
          className="mb-6 flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between"
          data-testid="player-completed"
        >
          <div>
            <h2 id="player-complete-heading" className="text-lg font-semibold text-emerald-900">
              {t('player.congratulations')}
            </h2>
            <p className="text-sm text-emerald-900">{t('player.certificateText')}</p>
          </div>
          <CertificateButton courseId={data.id} />
        </section>
      )}

      {lessons.isPending || content.isPending ? (
        <LoadingBlock />
      ) : units.length === 0 ? (
        <EmptyState title={t('player.emptyTitle')} description={t('player.emptyText')} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="player-unit-title" className="min-w-0 space-y-4">
            {selected && (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="neutral">
                    {selected.kind === 'lesson'
                      ? t(`catalog.lessonTypes.${selected.lesson.content_type}`)
                      : t(`catalog.contentTypes.${selected.item.type}`)}
                  </Badge>
                  {done.has(selected.id) && (
                    <Badge tone="success">
                      <CheckIcon className="mr-1 size-3.5" />
                      {t('lessonViewer.completed')}
                    </Badge>
                  )}
                </div>
                <h2 id="player-unit-title" className="text-xl font-semibold break-words text-slate-900">
                  {selected.title}
                </h2>
                <Card>
                  <CardContent data-testid="player-viewer">
                    {selected.kind === 'lesson' ? <LessonBody lesson={selected.lesson} /> : <ItemBody item={selected.item} />}
                  </CardContent>
                </Card>
                <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
                  {enrolled ? (
                    <Button
                      onClick={() => complete(selected)}
                      loading={markComplete.isPending}
                      disabled={done.has(selected.id)}
                      variant={done.has(selected.id) ? 'outline' : 'primary'}
                      data-testid="player-mark-complete"
                    >
                      {done.has(selected.id) ? t('lessonViewer.completed') : t('player.markComplete')}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {nextUnit && (
                    <Button variant="outline" onClick={() => select(nextUnit.id)} data-testid="player-next">
                      {t('player.next')}
                    </Button>
                  )}
                </div>
              </>
            )}
          </section>
          <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
            <Card>
              <CardContent className="p-4">
                <nav aria-labelledby="player-units-heading">
                  {/* the same count and word as the course page's lesson list */}
                  <h2
                    id="player-units-heading"
                    className="mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase"
                    data-testid="player-lessons-heading"
                  >
                    {t('courseDetail.lessonsHeading', { count: visibleLessons.length })}
                  </h2>
                  <ol className="space-y-1">
                    {outline.map(({ lesson, items: lessonItems }) => (
                      <li key={lesson.id} data-testid="player-lesson">
                        <UnitLink
                          unit={lesson}
                          selected={lesson.id === selected?.id}
                          done={done.has(lesson.id)}
                          onSelect={() => select(lesson.id)}
                        />
                        {lessonItems.length > 0 && (
                          <ol className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2">
                            {lessonItems.map((unit) => (
                              <li key={unit.id}>
                                <UnitLink
                                  unit={unit}
                                  nested
                                  selected={unit.id === selected?.id}
                                  done={done.has(unit.id)}
                                  onSelect={() => select(unit.id)}
                                />
                              </li>
                            ))}
                          </ol>
                        )}
                      </li>
                    ))}
                  </ol>
                  {looseItems.length > 0 && (
                    <>
                      <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                        {t('coursePlayer.courseMaterials')}
                      </h3>
                      <ol className="space-y-1">
                        {looseItems.map((unit) => (
                          <li key={unit.id}>
                            <UnitLink
                              unit={unit}
                              selected={unit.id === selected?.id}
                              done={done.has(unit.id)}
                              onSelect={() => select(unit.id)}
                            />
                          </li>
                        ))}
                      </ol>
                    </>
                  )}
                </nav>
              </CardContent>
            </Card>
          </aside>
        </div>
      )}

      <div className="mt-6 space-y-6">
        <CourseAssessments courseId={data.id} unlocked={finished} isOwner={isOwner} />
        {enrolled && <CourseGrades courseId={data.id} />}
      </div>
    </div>
  );
}
