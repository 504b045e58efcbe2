import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../ui';
import { LessonForm } from '../../lessons/lesson-form';
import type { LessonEdits } from './use-lesson-edits';

/** The add/edit lesson dialog and the delete confirmation of the course structure. */
export function LessonDialogs({ edits }: { edits: LessonEdits }) {
  const { t } = useTranslation();
  const { editing } = edits;
  return (
    <>
      <Dialog open={edits.dialogOpen} onOpenChange={(o) => !o && edits.closeDialog()}>
        <DialogContent className="max-w-2xl" data-testid="lesson-dialog">
          <DialogHeader>
            <DialogTitle>{editing ? t('courseStructure.lessonDialogEdit') : t('courseStructure.lessonDialogAdd')}</DialogTitle>
            <DialogDescription>{editing ? editing.title : t('courseStructure.lessonDialogText')}</DialogDescription>
          </DialogHeader>
          <LessonForm
            editing={editing}
            version={edits.formVersion}
            pending={edits.saving}
            onSubmit={edits.submitLesson}
            onCancelEdit={edits.closeDialog}
          />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={edits.deleting !== null}
        onOpenChange={(o) => !o && edits.cancelDelete()}
        title={t('lessonManager.deleteTitle')}
        description={t('lessonManager.deleteConfirm')}
        confirmLabel={t('lessonManager.delete')}
        onConfirm={edits.confirmDelete}
        pending={edits.removing}
        destructive
        testId="delete-lesson-dialog"
      />
    </>
  );
}
