import { BULK_UPLOAD_MAX_LESSONS, catalogRoutes, LESSON_CONTENT_TYPES, type LessonContentType } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Input, Select, Textarea, useToast } from '../../../ui';
import { useRefreshCatalog } from '../shared/catalog-queries';
import { CoursePromptDialog } from './course-prompt-dialog';

export interface BulkLessonDraft {
  key: number;
  title: string;
  content_type: LessonContentType;
  content: string;
}

interface BulkUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** lessons to start from (e.g. a cloned template) */
  initial?: Array<Omit<BulkLessonDraft, 'key'>>;
}

const isComplete = (lesson: BulkLessonDraft) => lesson.title.trim() !== '' && lesson.content.trim() !== '';

/**
 * Spec 2.12 / 5 bulk lesson upload: the button needs at least one lesson with a title and
 * content; only those are sent; a lesson can be removed while more than one remains. The
 * course id is asked for when uploading.
 */
export function BulkUploadDialog({ open, onOpenChange, initial }: BulkUploadDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshCatalog();
  const nextKey = useRef(1);
  const blank = (): BulkLessonDraft => ({ key: nextKey.current++, title: '', content_type: 'text', content: '' });
  const [lessons, setLessons] = useState<BulkLessonDraft[]>(() => [blank()]);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setLessons(initial && initial.length > 0 ? initial.map((l) => ({ ...l, key: nextKey.current++ })) : [{ key: nextKey.current++, title: '', content_type: 'text', content: '' }]);
  }, [open, initial]);

  const upload = useMutation({
    mutationFn: (courseId: string) =>
      callRoute(catalogRoutes.bulkUploadLessons, {
        body: {
          course_id: courseId,
          lessons: lessons.filter(isComplete).map((l) => ({ title: l.title.trim(), content_type: l.content_type, content: l.content.trim() })),
        },
      }),
    onSuccess: () => void refresh(),
  });

  const update = (key: number, patch: Partial<BulkLessonDraft>) => setLessons((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const remove = (key: number) => setLessons((current) => (current.length > 1 ? current.filter((l) => l.key !== key) : current));
  const completeCount = lessons.filter(isComplete).length;

  const send = (courseId: string) => {
    setAsking(false);
    upload.mutate(courseId, {
      onSuccess: () => {
        toast({ title: t('instructorDashboard.library.uploaded'), tone: 'success' });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: detailOr(error, t('instructorDashboard.library.uploadFailed')), tone: 'error' }),
    });
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
            {lessons.map((lesson, index) => (
              <li key={lesson.key} className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="bulk-lesson">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">{t('instructorDashboard.library.lessonNumber', { number: index + 1 })}</h3>
                  {lessons.length > 1 && (
                    <Button variant="ghost" size="sm" className="text-red-700" onClick={() => remove(lesson.key)} data-testid="bulk-remove">
                      {t('instructorDashboard.library.remove')}
                      <span className="sr-only"> {t('instructorDashboard.library.lessonNumber', { number: index + 1 })}</span>
                    </Button>
                  )}
                </div>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                  <FormField label={t('lessonManager.fields.title')}>
                    {(field) => <Input {...field} value={lesson.title} onChange={(e) => update(lesson.key, { title: e.target.value })} data-testid="bulk-title" />}
                  </FormField>
                  <FormField label={t('lessonManager.fields.contentType')}>
                    {(field) => (
                      <Select {...field} value={lesson.content_type} onChange={(e) => update(lesson.key, { content_type: e.target.value as LessonContentType })}>
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
                  label={lesson.content_type === 'video' || lesson.content_type === 'pdf' ? t('lessonManager.fields.contentUrl', { type: t(`catalog.lessonTypes.${lesson.content_type}`) }) : t('lessonManager.fields.content')}
                >
                  {(field) => <Textarea {...field} value={lesson.content} onChange={(e) => update(lesson.key, { content: e.target.value })} rows={3} data-testid="bulk-content" />}
                </FormField>
              </li>
            ))}
          </ol>
          <Button variant="outline" className="mt-4" onClick={() => setLessons((current) => [...current, blank()])} disabled={lessons.length >= BULK_UPLOAD_MAX_LESSONS} data-testid="bulk-add">
            {t('instructorDashboard.library.addLesson')}
          </Button>
          <p className="mt-3 text-sm text-slate-600" aria-live="polite">
            {t('instructorDashboard.library.readyCount', { count: completeCount })}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => setAsking(true)} disabled={completeCount === 0} loading={upload.isPending} data-testid="bulk-upload-submit">
              {t('instructorDashboard.library.upload')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <CoursePromptDialog open={asking} onOpenChange={setAsking} onConfirm={send} />
    </>
  );
}
