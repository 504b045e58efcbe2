import { catalogRoutes, COURSE_CATEGORIES, COURSE_LEVELS } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../../../api/error-text';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Alert,
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
import { BLANK_COURSE_FORM, courseBody, type CourseForm, type FormErrors } from '../logic';

const FIELDS = ['title', 'description', 'price', 'category', 'level', 'thumbnail'] as const;

/**
 * Spec 3 Create Course modal: title and description required, price a decimal (default 0),
 * category (default programming), level (default beginner), an optional thumbnail URL →
 * POST /courses, which files the course under the caller's current institution.
 */
export function CreateCourseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [form, setForm] = useState<CourseForm>(BLANK_COURSE_FORM);
  const [errors, setErrors] = useState<FormErrors<keyof CourseForm>>({});
  const create = useRouteMutation(catalogRoutes.createCourse, {
    invalidates: [catalogRoutes.institutionCourses, catalogRoutes.institutionCourseAnalytics, 'institution.institution.'],
  });
  const set = (patch: Partial<CourseForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = courseBody(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(
      { body: checked.body },
      {
        onSuccess: (course) => {
          toast({ title: t('institution.courses.created', { title: course.title }), tone: 'success' });
          onClose();
        },
        onError: (error) => setErrors(fieldErrorsOf(error, FIELDS).byField),
      },
    );
  };
  const err = (field: keyof CourseForm) => vt(errors[field]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="create-course-dialog">
        <DialogHeader>
          <DialogTitle>{t('institution.courses.createTitle')}</DialogTitle>
          <DialogDescription>{t('institution.courses.createDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('institution.courses.fields.title')} error={err('title')}>
            {(field) => (
              <Input
                {...field}
                value={form.title}
                onChange={(e) => set({ title: e.target.value })}
                maxLength={200}
                required
                data-testid="create-course-title"
              />
            )}
          </FormField>
          <FormField label={t('institution.courses.fields.description')} error={err('description')}>
            {(field) => (
              <Textarea
                {...field}
                value={form.description}
                onChange={(e) => set({ description: e.target.value })}
                rows={4}
                maxLength={5000}
                required
                data-testid="create-course-description"
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t('institution.courses.fields.price')} error={err('price')}>
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  value={form.price}
                  onChange={(e) => set({ price: e.target.value })}
                  data-testid="create-course-price"
                />
              )}
            </FormField>
            <FormField label={t('institution.courses.fields.category')} error={err('category')}>
              {(field) => (
                <Select
                  {...field}
                  value={form.category}
                  onChange={(e) => set({ category: e.target.value })}
                  data-testid="create-course-category"
                >
                  {COURSE_CATEGORIES.map((value) => (
                    <option key={value} value={value}>
                      {t(`catalog.categories.${value}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={t('institution.courses.fields.level')} error={err('level')}>
              {(field) => (
                <Select {...field} value={form.level} onChange={(e) => set({ level: e.target.value })} data-testid="create-course-level">
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
            error={err('thumbnail')}
            hint={t('institution.courses.fields.thumbnailHint')}
          >
            {(field) => (
              <Input
                {...field}
                type="url"
                placeholder="https://"
                value={form.thumbnail}
                onChange={(e) => set({ thumbnail: e.target.value })}
                data-testid="create-course-thumbnail"
              />
            )}
          </FormField>
          {create.isError && (
            <Alert tone="error" data-testid="create-course-error">
              <strong className="font-semibold">{t('institution.courses.createFailed')}</strong> {serverDetail(create.error)}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" loading={create.isPending} data-testid="create-course-submit">
              {t('institution.courses.createSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
