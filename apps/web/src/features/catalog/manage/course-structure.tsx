import { catalogRoutes, type ContentItem, type Lesson } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailOr } from '../../../api/error-text';
import { useInvalidate, useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { routeKey } from '../../../api/route-key';
import {
  Badge,
  Button,
  Card,
  cn,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  focusRing,
  Switch,
  useToast,
} from '../../../ui';
import { LessonForm, type LessonFormValues } from '../lessons/lesson-form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { AddContentForm } from './add-content-form';
import { ContentList } from './content-list';
import { inOrder, itemsByLesson, moveId, sameOrder } from './lesson-order';

type LessonDialog = { mode: 'add' } | { mode: 'edit'; lesson: Lesson } | null;

interface CourseStructureProps {
  courseId: string;
  isOwner: boolean;
  items: ContentItem[];
  /** institution variant: the inert Edit and Delete of content items (spec 3) */
  showInertActions: boolean;
}

function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
    </svg>
  );
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={up ? 'M10 15V5M5 10l5-5 5 5' : 'M10 5v10M5 10l5 5 5-5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The course's structure in one place: its lessons in order, each with its content items;
 * adding, editing, publishing, deleting and reordering lessons, and adding content to a lesson.
 * Reordering: drag a lesson's handle, or press Space/Enter on it and move it with the arrow keys
 * (the live region says where it is), or use Move up / Move down. The new order shows at once
 * and goes back if the server refuses it.
 */
export function CourseStructure({ courseId, isOwner, items, showInertActions }: CourseStructureProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const lessons = useRouteQuery(catalogRoutes.listLessons, { params: { id: courseId } });
  const lessonsKey = routeKey(catalogRoutes.listLessons, { params: { id: courseId } });

  /** the order while a lesson is being dragged (mouse or keyboard), not yet sent */
  const [draft, setDraft] = useState<string[] | null>(null);
  /** the order sent and not yet answered: shown meanwhile, dropped if refused */
  const [saving, setSaving] = useState<string[] | null>(null);
  const [grabbed, setGrabbed] = useState<{ id: string; before: string[] } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<LessonDialog>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const rows = useRef(new Map<string, HTMLLIElement>());

  const reorder = useRouteMutation(catalogRoutes.reorderLessons);
  const create = useRouteMutation(catalogRoutes.createLesson, { invalidates: ['catalog.'] });
  const update = useRouteMutation(catalogRoutes.updateLesson, { invalidates: ['catalog.'] });
  const remove = useRouteMutation(catalogRoutes.deleteLesson, { invalidates: ['catalog.'] });

  // moving a row in the DOM can take the focus off its handle; give it back while the lesson is held
  useEffect(() => {
    if (grabbed && document.activeElement !== handles.current.get(grabbed.id)) handles.current.get(grabbed.id)?.focus();
  }, [grabbed, draft]);

  if (lessons.isPending) return <LoadingBlock />;
  if (lessons.isError)
    return <LoadError error={lessons.error} title={t('courseDetail.lessonsFailed')} onRetry={() => void lessons.refetch()} />;

  const server = lessons.data;
  const shown = inOrder(server, draft ?? saving);
  const ids = shown.map((l) => l.id);
  const groups = itemsByLesson(items);
  const looseItems = groups.get(null) ?? [];
  const titleOf = (id: string) => server.find((l) => l.id === id)?.title ?? '';
  const total = shown.length;

  const commit = (next: string[]) => {
    if (
      sameOrder(
        next,
        server.map((l) => l.id),
      )
    )
      return;
    setSaving(next);
    reorder.mutate(
      { params: { id: courseId }, body: { lesson_ids: next } },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData(lessonsKey, answer);
          setAnnouncement(t('courseStructure.reordered'));
        },
        onError: (error) => {
          setAnnouncement(t('courseStructure.reorderFailed'));
          toast({ title: detailOr(error, t('courseStructure.reorderFailed')), tone: 'error' });
        },
        onSettled: () => {
          setSaving(null);
          void invalidate(['catalog.']);
        },
      },
    );
  };

  const moveBy = (lesson: Lesson, delta: number) => {
    const from = ids.indexOf(lesson.id);
    const to = from + delta;
    if (to < 0 || to >= ids.length) return;
    commit(moveId(ids, from, to));
    setAnnouncement(t('courseStructure.movedTo', { title: lesson.title, position: to + 1, total }));
  };

  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, lesson: Lesson) => {
    const held = grabbed?.id === lesson.id;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (held) {
        const next = draft ?? ids;
        setGrabbed(null);
        setDraft(null);
        setAnnouncement(t('courseStructure.dropped', { title: lesson.title, position: next.indexOf(lesson.id) + 1, total }));
        commit(next);
      } else {
        setGrabbed({ id: lesson.id, before: ids });
        setDraft(ids);
        setAnnouncement(t('courseStructure.pickedUp', { title: lesson.title, position: ids.indexOf(lesson.id) + 1, total }));
      }
    } else if (held && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const current = draft ?? ids;
      const from = current.indexOf(lesson.id);
      const next = moveId(current, from, from + (e.key === 'ArrowUp' ? -1 : 1));
      setDraft(next);
      setAnnouncement(t('courseStructure.movedTo', { title: lesson.title, position: next.indexOf(lesson.id) + 1, total }));
    } else if (held && e.key === 'Escape') {
      e.preventDefault();
      setGrabbed(null);
      setDraft(null);
      setAnnouncement(t('courseStructure.cancelled', { title: lesson.title, position: grabbed.before.indexOf(lesson.id) + 1 }));
    }
  };

  const onHandleBlur = (lessonId: string, next: EventTarget | null) => {
    // a row moved in the DOM blurs with nowhere to go (null); going elsewhere puts the lesson back
    if (grabbed?.id === lessonId && next !== null && next !== handles.current.get(lessonId)) {
      setGrabbed(null);
      setDraft(null);
      setAnnouncement(t('courseStructure.cancelled', { title: titleOf(lessonId), position: grabbed.before.indexOf(lessonId) + 1 }));
    }
  };

  const onDragStart = (e: DragEvent<HTMLButtonElement>, lesson: Lesson) => {
    setDragging(lesson.id);
    setDraft(ids);
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', lesson.id);
    const row = rows.current.get(lesson.id);
    if (row) e.dataTransfer.setDragImage(row, 24, 24);
  };
  const onDragOver = (e: DragEvent<HTMLLIElement>, over: Lesson) => {
    if (!dragging) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const current = draft ?? ids;
    if (over.id !== dragging) setDraft(moveId(current, current.indexOf(dragging), current.indexOf(over.id)));
  };
  const onDrop = (e: DragEvent<HTMLLIElement>) => {
    if (!dragging) return;
    e.preventDefault();
    const next = draft ?? ids;
    setAnnouncement(t('courseStructure.dropped', { title: titleOf(dragging), position: next.indexOf(dragging) + 1, total }));
    setDragging(null);
    setDraft(null);
    commit(next);
  };
  // dropped outside the list (or cancelled with Escape): nothing moves
  const onDragEnd = () => {
    setDragging(null);
    setDraft(null);
  };

  const submitLesson = (body: LessonFormValues) => {
    const editing = dialog?.mode === 'edit' ? dialog.lesson : null;
    const done = {
      onSuccess: () => {
        toast({ title: editing ? t('lessonManager.updated') : t('lessonManager.created'), tone: 'success' });
        setDialog(null);
        setFormVersion((v) => v + 1);
      },
      onError: (error: Error) => toast({ title: detailOr(error, t('lessonManager.saveFailed')), tone: 'error' }),
    };
    if (editing) update.mutate({ params: { id: editing.id }, body }, done);
    else create.mutate({ params: { id: courseId }, body }, done);
  };

  const setPublished = (lesson: Lesson, published: boolean) =>
    update.mutate(
      { params: { id: lesson.id }, body: { is_published: published } },
      {
        onSuccess: () =>
          toast({ title: published ? t('courseStructure.publishedToast') : t('courseStructure.unpublishedToast'), tone: 'success' }),
        onError: (error) => toast({ title: detailOr(error, t('courseStructure.publishFailed')), tone: 'error' }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { params: { id: deleting.id } },
      {
        onSuccess: () => {
          toast({ title: t('lessonManager.deleted'), tone: 'success' });
          setDeleting(null);
        },
        onError: (error) => {
          toast({ title: detailOr(error, t('lessonManager.deleteFailed')), tone: 'error' });
          setDeleting(null);
        },
      },
    );
  };

  const editing = dialog?.mode === 'edit' ? dialog.lesson : null;

  return (
    <section aria-labelledby="course-structure-heading" data-testid="course-structure" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id="course-structure-heading" className="text-lg font-semibold text-slate-900">
            {t('courseStructure.heading', { count: total })}
          </h2>
          <p className="max-w-2xl text-sm text-slate-600">{t('courseStructure.intro')}</p>
        </div>
        {isOwner && total > 0 && (
          <Button onClick={() => setDialog({ mode: 'add' })} data-testid="add-lesson" className="shrink-0">
            {t('courseStructure.addLesson')}
          </Button>
        )}
      </div>

      {/* announces pick-up, moves, drops and saves; visible too, so a sighted user sees the save */}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-600" data-testid="reorder-status">
        {announcement}
      </p>

      {!isOwner && <p className="text-sm text-slate-600">{t('courseStructure.ownerOnly')}</p>}

      {total === 0 ? (
        <EmptyState
          headingLevel="h3"
          title={t('courseDetail.noLessonsOwner')}
          description={t('courseStructure.empty')}
          action={
            isOwner ? (
              <Button onClick={() => setDialog({ mode: 'add' })} data-testid="add-lesson">
                {t('courseStructure.addFirstLesson')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {isOwner && (
            <p id="lesson-drag-hint" className="text-xs text-slate-600">
              {t('courseStructure.dragHint')}
            </p>
          )}
          <ol className="space-y-3" data-testid="lesson-list">
            {shown.map((lesson, index) => {
              const lessonItems = groups.get(lesson.id) ?? [];
              const held = grabbed?.id === lesson.id || dragging === lesson.id;
              const open = addingTo === lesson.id;
              return (
                <li
                  key={lesson.id}
                  ref={(el) => {
                    if (el) rows.current.set(lesson.id, el);
                    else rows.current.delete(lesson.id);
                  }}
                  data-testid="managed-lesson"
                  data-lesson-id={lesson.id}
                  data-order={lesson.order}
                  data-position={index + 1}
                  onDragOver={(e) => onDragOver(e, lesson)}
                  onDrop={onDrop}
                >
                  <Card className={cn('transition-shadow', held && 'shadow-lg ring-2 ring-primary')}>
                    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                      {isOwner && (
                        <button
                          type="button"
                          ref={(el) => {
                            if (el) handles.current.set(lesson.id, el);
                            else handles.current.delete(lesson.id);
                          }}
                          draggable
                          onDragStart={(e) => onDragStart(e, lesson)}
                          onDragEnd={onDragEnd}
                          onKeyDown={(e) => onHandleKey(e, lesson)}
                          onBlur={(e) => onHandleBlur(lesson.id, e.relatedTarget)}
                          aria-label={t('courseStructure.dragHandle', { title: lesson.title })}
                          aria-describedby="lesson-drag-hint"
                          aria-pressed={grabbed?.id === lesson.id}
                          className={cn(
                            'hidden size-10 shrink-0 cursor-grab items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 active:cursor-grabbing sm:inline-flex',
                            grabbed?.id === lesson.id && 'border-primary bg-primary-soft text-primary-strong',
                            focusRing,
                          )}
                          data-testid="lesson-drag-handle"
                        >
                          <GripIcon />
                        </button>
                      )}
                      <div className="min-w-0 flex-1 space-y-1">
                        <h3 className="font-medium break-words text-slate-900">
                          <span className="mr-2 text-slate-600" data-testid="lesson-position">
                            {t('courseStructure.position', { position: index + 1 })}
                          </span>
                          <span data-testid="lesson-title-text">{lesson.title}</span>
                        </h3>
                        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                          <span>{t(`catalog.lessonTypes.${lesson.content_type}`)}</span>
                          <span aria-hidden="true">·</span>
                          <span>{t('catalog.minutes', { count: lesson.duration_minutes })}</span>
                          <span aria-hidden="true">·</span>
                          <span data-testid="lesson-item-count">{t('courseStructure.itemCount', { count: lessonItems.length })}</span>
                          {!lesson.is_published && <Badge tone="warning">{t('catalog.draft')}</Badge>}
                          {lesson.is_free_preview && <Badge tone="primary">{t('catalog.freePreview')}</Badge>}
                        </div>
                      </div>
                      {isOwner && (
                        <div className="flex shrink-0 flex-wrap items-center gap-2">
                          <label className="mr-1 inline-flex items-center gap-2 text-sm text-slate-700">
                            <Switch
                              checked={lesson.is_published}
                              onCheckedChange={(checked) => setPublished(lesson, checked)}
                              aria-label={t('courseStructure.publishedLabel', { title: lesson.title })}
                              data-testid="lesson-publish-toggle"
                            />
                            <span aria-hidden="true">{t('courseStructure.published')}</span>
                          </label>
                          <Button
                            variant="outline"
                            size="icon"
                            className="size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
                            aria-disabled={index === 0}
                            onClick={() => moveBy(lesson, -1)}
                            aria-label={t('courseStructure.moveUp', { title: lesson.title })}
                            data-testid="lesson-move-up"
                          >
                            <ArrowIcon up />
                          </Button>
                          <Button
                            variant="outline"
                            size="icon"
                            className="size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
                            aria-disabled={index === total - 1}
                            onClick={() => moveBy(lesson, 1)}
                            aria-label={t('courseStructure.moveDown', { title: lesson.title })}
                            data-testid="lesson-move-down"
                          >
                            <ArrowIcon up={false} />
                          </Button>
                          <Button asChild variant="ghost" size="sm">
                            <Link to={`/lessons/${lesson.id}`}>
                              {t('courseStructure.view')}
                              <span className="sr-only"> {lesson.title}</span>
                            </Link>
                          </Button>
                          <Button variant="outline" size="sm" onClick={() => setDialog({ mode: 'edit', lesson })} data-testid="edit-lesson">
                            {t('courseStructure.edit')}
                            <span className="sr-only"> {lesson.title}</span>
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            className="text-red-700"
                            onClick={() => setDeleting(lesson)}
                            data-testid="delete-lesson"
                          >
                            {t('courseStructure.delete')}
                            <span className="sr-only"> {lesson.title}</span>
                          </Button>
                        </div>
                      )}
                    </div>
                    <div className="space-y-3 border-t border-slate-200 px-4 py-3" data-testid="lesson-content">
                      {lessonItems.length > 0 ? (
                        <ContentList items={lessonItems} showInertActions={showInertActions} />
                      ) : (
                        <p className="text-sm text-slate-600">{t('courseStructure.noItems')}</p>
                      )}
                      {isOwner && (
                        <div>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={open}
                            aria-controls={`add-content-${lesson.id}`}
                            onClick={() => setAddingTo(open ? null : lesson.id)}
                            data-testid="lesson-add-content"
                          >
                            {open ? t('courseStructure.hideAddContent') : t('courseStructure.addContent')}
                            {!open && <span className="sr-only"> ({lesson.title})</span>}
                          </Button>
                          {open && (
                            <div id={`add-content-${lesson.id}`} className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                              <h4 className="mb-3 text-sm font-semibold text-slate-900">
                                {t('courseStructure.addContentTo', { title: lesson.title })}
                              </h4>
                              <AddContentForm courseId={courseId} lessonId={lesson.id} onAdded={() => setAddingTo(null)} />
                            </div>
                          )}
                        </div>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ol>
        </>
      )}

      {looseItems.length > 0 && (
        <section aria-labelledby="course-materials-heading" className="space-y-2 pt-2" data-testid="course-materials">
          <h3 id="course-materials-heading" className="text-base font-semibold text-slate-900">
            {t('courseStructure.courseMaterials', { count: looseItems.length })}
          </h3>
          <p className="text-sm text-slate-600">{t('courseStructure.courseMaterialsText')}</p>
          <ContentList items={looseItems} showInertActions={showInertActions} />
        </section>
      )}

      <Dialog open={dialog !== null} onOpenChange={(o) => !o && setDialog(null)}>
        <DialogContent className="max-w-2xl" data-testid="lesson-dialog">
          <DialogHeader>
            <DialogTitle>{editing ? t('courseStructure.lessonDialogEdit') : t('courseStructure.lessonDialogAdd')}</DialogTitle>
            <DialogDescription>{editing ? editing.title : t('courseStructure.lessonDialogText')}</DialogDescription>
          </DialogHeader>
          <LessonForm
            editing={editing}
            version={formVersion}
            pending={create.isPending || update.isPending}
            onSubmit={submitLesson}
            onCancelEdit={() => setDialog(null)}
          />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('lessonManager.deleteTitle')}
        description={t('lessonManager.deleteConfirm')}
        confirmLabel={t('lessonManager.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
        testId="delete-lesson-dialog"
      />
    </section>
  );
}
