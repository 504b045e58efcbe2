import { catalogRoutes, type Lesson } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../../api/error-text';
import { useRouteMutation } from '../../../../api/route-hooks';
import { useToast } from '../../../../ui';
import type { LessonFormValues } from '../../lessons/lesson-form';

type LessonDialogState = { mode: 'add' } | { mode: 'edit'; lesson: Lesson } | null;

/** Adding, editing, publishing and deleting a course's lessons: the dialogs' state and the calls, each saying how it went in a toast. */
export function useLessonEdits(courseId: string) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<LessonDialogState>(null);
  /** bumped after each save, which empties the form */
  const [formVersion, setFormVersion] = useState(0);
  const [deleting, setDeleting] = useState<Lesson | null>(null);

  const create = useRouteMutation(catalogRoutes.createLesson, { invalidates: ['catalog.'] });
  const update = useRouteMutation(catalogRoutes.updateLesson, { invalidates: ['catalog.'] });
  const remove = useRouteMutation(catalogRoutes.deleteLesson, { invalidates: ['catalog.'] });

  const editing = dialog?.mode === 'edit' ? dialog.lesson : null;

  const submitLesson = (body: LessonFormValues) => {
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

  return {
    dialogOpen: dialog !== null,
    editing,
    formVersion,
    saving: create.isPending || update.isPending,
    openAdd: () => setDialog({ mode: 'add' }),
    openEdit: (lesson: Lesson) => setDialog({ mode: 'edit', lesson }),
    closeDialog: () => setDialog(null),
    submitLesson,
    setPublished,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    removing: remove.isPending,
  };
}

export type LessonEdits = ReturnType<typeof useLessonEdits>;
