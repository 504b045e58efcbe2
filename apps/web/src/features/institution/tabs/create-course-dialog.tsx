import { catalogRoutes, COURSE_CATEGORIES, COURSE_LEVELS } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import { FormField, Input, Select, Textarea, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { BLANK_COURSE_FORM, courseFormSchema } from '../logic';

/**
 * Spec 3 Create Course modal: title and description required, price a decimal (default 0),
 * category (default programming), level (default beginner), an optional thumbnail URL →
 * POST /courses, which files the course under the caller's current institution.
 */
export function CreateCourseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(courseFormSchema, { defaultValues: BLANK_COURSE_FORM });
  const create = useRouteMutation(catalogRoutes.createCourse, {
    invalidates: [catalogRoutes.institutionCourses, catalogRoutes.institutionCourseAnalytics, 'institution.institution.'],
  });

  const submit = form.submit((body) =>
    create.mutate(
      { body },
      {
        onSuccess: (course) => {
          toast({ title: t('institution.courses.created', { title: course.title }), tone: 'success' });
          onClose();
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('institution.courses.createTitle')}
      description={t('institution.courses.createDescription')}
      className="sm:max-w-2xl"
      onSubmit={submit}
      submitLabel={t('institution.courses.createSubmit')}
      pending={create.isPending}
      failed={create.isError}
      errorTitle={t('institution.courses.createFailed')}
      error={form.formError}
      testId="create-course-dialog"
      errorTestId="create-course-error"
      submitTestId="create-course-submit"
    >
      <FormField label={t('institution.courses.fields.title')} error={form.errorText('title')}>
        {(field) => <Input {...field} {...form.register('title')} maxLength={200} required data-testid="create-course-title" />}
      </FormField>
      <FormField label={t('institution.courses.fields.description')} error={form.errorText('description')}>
        {(field) => (
          <Textarea
            {...field}
            {...form.register('description')}
            rows={4}
            maxLength={5000}
            required
            data-testid="create-course-description"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('institution.courses.fields.price')} error={form.errorText('price')}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              {...form.register('price')}
              data-testid="create-course-price"
            />
          )}
        </FormField>
        <FormField label={t('institution.courses.fields.category')} error={form.errorText('category')}>
          {(field) => (
            <Select {...field} {...form.register('category')} data-testid="create-course-category">
              {COURSE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('institution.courses.fields.level')} error={form.errorText('level')}>
          {(field) => (
            <Select {...field} {...form.register('level')} data-testid="create-course-level">
              {COURSE_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.levels.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label={t('institution.courses.fields.thumbnail')}
        error={form.errorText('thumbnail')}
        hint={t('institution.courses.fields.thumbnailHint')}
      >
        {(field) => (
          <Input {...field} type="url" placeholder="https://" {...form.register('thumbnail')} data-testid="create-course-thumbnail" />
        )}
      </FormField>
    </FormDialog>
  );
}
