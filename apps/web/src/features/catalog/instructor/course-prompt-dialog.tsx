import { BulkUploadRequest, catalogRoutes } from '@lp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../../api/route-hooks';
import { Button, FormField, Input } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';

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
  const form = useContractForm(CourseIdField, { defaultValues: { course_id: '' } });
  const value = form.watch('course_id');

  useEffect(() => {
    if (open) form.reset({ course_id: '' });
  }, [open, form]);

  const submit = form.handleSubmit(({ course_id }) => onConfirm(course_id));

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('instructorDashboard.library.promptTitle')}
      description={t('instructorDashboard.library.promptText')}
      onSubmit={submit}
      submitLabel={t('instructorDashboard.library.promptConfirm')}
      testId="course-id-prompt"
      submitTestId="course-id-confirm"
    >
      <FormField label={t('instructorDashboard.library.courseId')} error={form.errorText('course_id')}>
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
    </FormDialog>
  );
}
