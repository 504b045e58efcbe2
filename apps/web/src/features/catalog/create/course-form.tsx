import { COURSE_CATEGORIES, COURSE_LEVELS, CourseCreateRequest, PriceSchema, type Course } from '@lp/contracts';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField, Input, Label, Select, Switch, Textarea } from '../../../ui';
import { useContractForm } from '../../../ui/form';

/**
 * The contract's course request (spec 5: title, description and price required). The price box
 * holds text: an empty one is "required", anything else goes through the contract's price rules.
 */
const CourseFormSchema = CourseCreateRequest.extend({
  price: z.string().trim().min(1, 'Price is required').transform(Number).pipe(PriceSchema),
});
type CourseFormValues = z.input<typeof CourseFormSchema>;
export type CourseFormOutput = z.output<typeof CourseFormSchema>;

export function courseFormDefaults(course?: Course): Required<CourseFormValues> {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    price: course ? String(course.price) : '',
    category: course?.category ?? 'programming',
    level: course?.level ?? 'beginner',
    thumbnail: course?.thumbnail ?? '',
    is_published: course?.is_published ?? false,
  };
}

interface CourseFormProps {
  mode: 'create' | 'edit';
  defaultValues: Required<CourseFormValues>;
  onSubmit: (values: CourseFormOutput) => void;
  /** the buttons (submit must be type="submit") and any server error */
  footer: ReactNode;
  testId: string;
}

/** The fields of spec 2.10 (create) plus thumbnail and publishing (edit). */
export function CourseForm({ mode, defaultValues, onSubmit, footer, testId }: CourseFormProps) {
  const { t } = useTranslation();
  const form = useContractForm(CourseFormSchema, { defaultValues });
  // the create list is spec 9's; an existing course may carry one of the two browse-only categories
  const categories: readonly Course['category'][] =
    mode === 'edit' && !(COURSE_CATEGORIES as readonly string[]).includes(defaultValues.category)
      ? [...COURSE_CATEGORIES, defaultValues.category]
      : COURSE_CATEGORIES;

  const submit = form.handleSubmit(onSubmit);

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid={testId}>
      <FormField label={t('courseForm.title')} error={form.errorText('title')}>
        {(field) => (
          <Input {...field} {...form.register('title')} placeholder={t('courseForm.titlePlaceholder')} data-testid="course-title" />
        )}
      </FormField>
      <FormField label={t('courseForm.description')} error={form.errorText('description')}>
        {(field) => (
          <Textarea
            {...field}
            {...form.register('description')}
            rows={5}
            placeholder={t('courseForm.descriptionPlaceholder')}
            data-testid="course-description-input"
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label={t('courseForm.price')} error={form.errorText('price')} hint={t('courseForm.priceHint')}>
          {(field) => (
            <Input
              {...field}
              {...form.register('price')}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              data-testid="course-price-input"
            />
          )}
        </FormField>
        <FormField label={t('courseForm.category')} error={form.errorText('category')}>
          {(field) => (
            <Select {...field} {...form.register('category')} data-testid="course-category-input">
              {categories.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('courseForm.level')} error={form.errorText('level')}>
          {(field) => (
            <Select {...field} {...form.register('level')} data-testid="course-level-input">
              {COURSE_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.levels.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {mode === 'edit' && (
        <>
          <FormField label={t('courseForm.thumbnail')} error={form.errorText('thumbnail')} hint={t('courseForm.thumbnailHint')}>
            {(field) => (
              <Input {...field} {...form.register('thumbnail')} type="url" placeholder="https://" data-testid="course-thumbnail-input" />
            )}
          </FormField>
          <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
            <div>
              <Label htmlFor="course-published">{t('courseForm.published')}</Label>
              <p id="course-published-hint" className="text-xs text-slate-600">
                {t('courseForm.publishedHint')}
              </p>
            </div>
            <Controller
              control={form.control}
              name="is_published"
              render={({ field }) => (
                <Switch
                  id="course-published"
                  aria-describedby="course-published-hint"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  data-testid="course-published-input"
                />
              )}
            />
          </div>
        </>
      )}
      {footer}
    </form>
  );
}
