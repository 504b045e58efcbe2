import { BULK_UPLOAD_MAX_LESSONS, catalogRoutes, LESSON_CONTENT_TYPES, type LessonContentType } from '@lp/contracts';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Textarea,
  useToast,
} from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { blankLesson, BulkForm, isComplete, type BulkLessonDraft, type BulkLessons } from './bulk-upload-form';
import { CoursePromptDialog } from './course-prompt-dialog';

export type { BulkLessonDraft } from './bulk-upload-form';

interface BulkUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** lessons to start from (e.g. a cloned template) */
  initial?: BulkLessonDraft[];
}

const isUrlType = (type: LessonContentType | undefined) => type === 'video' || type === 'pdf';

/**
 * Spec 2.12 / 5 bulk lesson upload: the button needs at least one lesson with a title and
 * content; only those are sent; a lesson can be removed while more than one remains. The
 * course id is asked for when uploading.
 */
export function BulkUploadDialog({ open, onOpenChange, initial }: BulkUploadDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(BulkForm, { defaultValues: { lessons: [blankLesson()] } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lessons' });
  const [checked, setChecked] = useState<BulkLessons | null>(null);
  const upload = useRouteMutation(catalogRoutes.bulkUploadLessons, { invalidates: ['catalog.'] });

  useEffect(() => {
    if (open) form.reset({ lessons: initial && initial.length > 0 ? initial : [blankLesson()] });
  }, [open, initial, form]);

  const lessons = form.watch('lessons');
  const completeCount = lessons.filter(isComplete).length;

  const send = (courseId: string) => {
    if (!checked) return;
    setChecked(null);
    upload.mutate(
      { body: { course_id: courseId, lessons: checked } },
      {
        onSuccess: () => {
          toast({ title: t('instructorDashboard.library.uploaded'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: detailOr(error, t('instructorDashboard.library.uploadFailed')), tone: 'error' }),
      },
    );
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-2xl" data-testid="bulk-upload-dialog">
          <DialogHeader>
            <DialogTitle>{t('instructorDashboard.library.bulkTitle')}</DialogTitle>
            <DialogDescription>{t('instructorDashboard.library.bulkText')}</DialogDescription>
          </DialogHeader>
          <ol className="space-y-4">
            {fields.map((lesson, index) => (
              <li key={lesson.id} className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="bulk-lesson">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">
                    {t('instructorDashboard.library.lessonNumber', { number: index + 1 })}
                  </h3>
                  {fields.length > 1 && (
                    <Button variant="ghost" size="sm" className="text-red-700" onClick={() => remove(index)} data-testid="bulk-remove">
                      {t('instructorDashboard.library.remove')}
                      <span className="sr-only"> {t('instructorDashboard.library.lessonNumber', { number: index + 1 })}</span>
                    </Button>
                  )}
                </div>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                  <FormField label={t('lessonManager.fields.title')} error={form.errorText(`lessons.${index}.title`)}>
                    {(field) => <Input {...field} {...form.register(`lessons.${index}.title`)} data-testid="bulk-title" />}
                  </FormField>
                  <FormField label={t('lessonManager.fields.contentType')}>
                    {(field) => (
                      <Select {...field} {...form.register(`lessons.${index}.content_type`)}>
                        {LESSON_CONTENT_TYPES.map((value) => (
                          <option key={value} value={value}>
                            {t(`catalog.lessonTypes.${value}`)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                </div>
                <FormField
                  label={
                    isUrlType(lessons[index]?.content_type)
                      ? t('lessonManager.fields.contentUrl', { type: t(`catalog.lessonTypes.${lessons[index]!.content_type}`) })
                      : t('lessonManager.fields.content')
                  }
                  error={form.errorText(`lessons.${index}.content`)}
                >
                  {(field) => <Textarea {...field} {...form.register(`lessons.${index}.content`)} rows={3} data-testid="bulk-content" />}
                </FormField>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            className="mt-4"
            onClick={() => append(blankLesson())}
            disabled={fields.length >= BULK_UPLOAD_MAX_LESSONS}
            data-testid="bulk-add"
          >
            {t('instructorDashboard.library.addLesson')}
          </Button>
          <p className="mt-3 text-sm text-slate-600" aria-live="polite">
            {t('instructorDashboard.library.readyCount', { count: completeCount })}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              onClick={() => void form.handleSubmit(setChecked)()}
              disabled={completeCount === 0}
              loading={upload.isPending}
              data-testid="bulk-upload-submit"
            >
              {t('instructorDashboard.library.upload')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <CoursePromptDialog open={checked !== null} onOpenChange={(next) => !next && setChecked(null)} onConfirm={send} />
    </>
  );
}
