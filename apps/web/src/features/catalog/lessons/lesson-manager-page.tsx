import { catalogRoutes, type Lesson } from '@lp/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog, PageHeader, useToast } from '../../../ui';
import { NotFoundCard } from '../shared/not-found-card';
import { LoadError, LoadingBlock } from '../shared/query-state';
import { LessonForm, type LessonFormValues } from './lesson-form';

/** Spec 2.8 /instructor/course/{id}/lessons: the course's lessons and an add/edit form. */
export function LessonManagerPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { id } = useParams<{ id: string }>();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id } });
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id } });
  const [editing, setEditing] = useState<Lesson | null>(null);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const formCard = useRef<HTMLDivElement>(null);
  usePageTitle(course.data ? t('lessonManager.pageTitle', { title: course.data.title }) : t('areas.lessonManager'));

  const create = useRouteMutation(catalogRoutes.createLesson, { invalidates: ['catalog.'] });
  const update = useRouteMutation(catalogRoutes.updateLesson, { invalidates: ['catalog.'] });
  const remove = useRouteMutation(catalogRoutes.deleteLesson, { invalidates: ['catalog.'] });

  if (course.isPending) return <LoadingBlock />;
  if (course.isError) {
    if (isApiError(course.error) && course.error.status === 404) return <NotFoundCard title={t('catalog.courseNotFound')} />;
    return <LoadError error={course.error} title={t('manageCourse.loadFailed')} onRetry={() => void course.refetch()} />;
  }

  const submit = (body: LessonFormValues) => {
    const done = {
      onSuccess: () => {
        toast({ title: editing ? t('lessonManager.updated') : t('lessonManager.created'), tone: 'success' });
        setEditing(null);
        setFormVersion((v) => v + 1);
      },
      onError: (error: Error) => toast({ title: detailOr(error, t('lessonManager.saveFailed')), tone: 'error' }),
    };
    if (editing) update.mutate({ params: { id: editing.id }, body }, done);
    else create.mutate({ params: { id: course.data.id }, body }, done);
  };

  const startEdit = (lesson: Lesson) => {
    setEditing(lesson);
    formCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formCard.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate({ params: { id: deleting.id } }, {
      onSuccess: () => {
        toast({ title: t('lessonManager.deleted'), tone: 'success' });
        if (editing?.id === deleting.id) setEditing(null);
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: detailOr(error, t('lessonManager.deleteFailed')), tone: 'error' });
        setDeleting(null);
      },
    });
  };

  return (
    <div data-testid="lesson-manager" data-course-id={course.data.id}>
      <PageHeader
        title={t('lessonManager.title')}
        subtitle={course.data.title}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={`/instructor/course/${course.data.id}`}>{t('lessonManager.backToCourse')}</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={`/course/${course.data.id}`}>{t('manageCourse.viewCourse')}</Link>
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <section aria-labelledby="lesson-list-heading" className="lg:col-span-3">
          <h2 id="lesson-list-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {t('lessonManager.listTitle', { count: lessons.data?.length ?? 0 })}
          </h2>
          {lessons.isPending ? (
            <LoadingBlock />
          ) : lessons.isError ? (
            <LoadError error={lessons.error} title={t('courseDetail.lessonsFailed')} onRetry={() => void lessons.refetch()} />
          ) : lessons.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600" data-testid="no-lessons">
              {t('lessonManager.empty')}
            </p>
          ) : (
            <ol className="space-y-3" data-testid="lesson-list">
              {lessons.data.map((lesson) => (
                <li key={lesson.id} data-testid="managed-lesson" data-lesson-id={lesson.id}>
                  <Card className={editing?.id === lesson.id ? 'border-primary ring-1 ring-primary' : undefined}>
                    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0 space-y-1">
                        <h3 className="font-medium break-words text-slate-900">
                          <span className="mr-2 text-slate-600">#{lesson.order}</span>
                          {lesson.title}
                        </h3>
                        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                          <span>{t(`catalog.lessonTypes.${lesson.content_type}`)}</span>
                          <span aria-hidden="true">·</span>
                          <span>{t('catalog.minutes', { count: lesson.duration_minutes })}</span>
                          <Badge tone={lesson.is_published ? 'success' : 'warning'}>
                            {lesson.is_published ? t('catalog.published') : t('catalog.draft')}
                          </Badge>
                          {lesson.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
                        </div>
                      </div>
                      <div className="flex shrink-0 gap-2">
                        <Button asChild variant="ghost" size="sm">
                          <Link to={`/lessons/${lesson.id}`}>
                            {t('lessonManager.view')}
                            <span className="sr-only"> {lesson.title}</span>
                          </Link>
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => startEdit(lesson)} data-testid="edit-lesson">
                          {t('lessonManager.edit')}
                          <span className="sr-only"> {lesson.title}</span>
                        </Button>
                        <Button variant="outline" size="sm" className="text-red-700" onClick={() => setDeleting(lesson)} data-testid="delete-lesson">
                          {t('lessonManager.delete')}
                          <span className="sr-only"> {lesson.title}</span>
                        </Button>
                      </div>
                    </div>
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="lesson-form-heading" className="lg:col-span-2">
          <div ref={formCard} className="scroll-mt-24">
            <Card>
              <CardHeader>
                <CardTitle id="lesson-form-heading">{editing ? t('lessonManager.editTitle') : t('lessonManager.addTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                <LessonForm editing={editing} version={formVersion} pending={create.isPending || update.isPending} onSubmit={submit} onCancelEdit={() => setEditing(null)} />
              </CardContent>
            </Card>
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('lessonManager.deleteTitle')}
        description={t('lessonManager.deleteConfirm')}
        confirmLabel={t('lessonManager.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
        testId="delete-lesson-dialog"
      />
    </div>
  );
}
