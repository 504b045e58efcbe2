import { zodResolver } from '@hookform/resolvers/zod';
import { BulkUploadRequest, catalogRoutes } from '@lp/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
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
} from '../../../ui';

interface CoursePromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (courseId: string) => void;
}

/** The prompt's one field: the course of the bulk upload request. */
const CourseIdField = BulkUploadRequest.pick({ course_id: true });

/**
 * Spec 2.12: the bulk upload asks for the course id through a prompt. This is that
 * prompt as a dialog: a course id field, with the caller's courses offered as suggestions.
 */
export function CoursePromptDialog({ open, onOpenChange, onConfirm }: CoursePromptDialogProps) {
  const { t } = useTranslation();
  const courses = useRouteQuery(catalogRoutes.instructorCourses, {}, { enabled: open });
  const vt = useValidationText();
  const form = useForm({ resolver: zodResolver(CourseIdField), defaultValues: { course_id: '' } });
  const value = form.watch('course_id');

  useEffect(() => {
    if (open) form.reset({ course_id: '' });
  }, [open, form]);

  const submit = form.handleSubmit(({ course_id }) => onConfirm(course_id));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="course-id-prompt">
        <DialogHeader>
          <DialogTitle>{t('instructorDashboard.library.promptTitle')}</DialogTitle>
          <DialogDescription>{t('instructorDashboard.library.promptText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('instructorDashboard.library.courseId')} error={vt(form.formState.errors.course_id?.message)}>
            {(field) => (
              <Input
                {...field}
                {...form.register('course_id', { setValueAs: (v: string) => v.trim() })}
                list="bulk-course-suggestions"
                autoComplete="off"
                spellCheck={false}
                data-testid="course-id-input"
              />
            )}
          </FormField>
          <datalist id="bulk-course-suggestions">
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </datalist>
          {courses.data && courses.data.length > 0 && (
            <div className="space-y-1">
              <p className="text-xs font-medium text-slate-700">{t('instructorDashboard.library.yourCourses')}</p>
              <ul className="flex flex-wrap gap-2">
                {courses.data.map((c) => (
                  <li key={c.id}>
                    <Button
                      size="sm"
                      variant={value === c.id ? 'primary' : 'outline'}
                      onClick={() => form.setValue('course_id', c.id, { shouldValidate: form.formState.isSubmitted })}
                      aria-pressed={value === c.id}
                    >
                      {c.title}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" data-testid="course-id-confirm">
              {t('instructorDashboard.library.promptConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
