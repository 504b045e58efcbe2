import { DEFAULT_LESSON_DURATION_MINUTES, LESSON_CONTENT_TYPES, LessonCreateRequest, type Lesson } from '@lp/contracts';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button, FormField, Input, Label, Select, Switch, Textarea } from '../../../ui';
import { useContractForm } from '../../../ui/form';

/**
 * The form holds the contract's lesson request (spec 5: title, content and duration required; the
 * content rule of its type). It has no order field: a new lesson goes after the last one and the
 * course page reorders lessons by dragging, so an order typed here could only collide.
 */
type LessonFormInput = z.input<typeof LessonCreateRequest>;
export type LessonFormValues = z.output<typeof LessonCreateRequest>;

function lessonDefaults(lesson?: Lesson | null): LessonFormInput {
  return {
    title: lesson?.title ?? '',
    description: lesson?.description ?? '',
    content_type: lesson?.content_type ?? 'text',
    content: lesson?.content ?? '',
    duration_minutes: lesson?.duration_minutes ?? DEFAULT_LESSON_DURATION_MINUTES,
    is_published: lesson?.is_published ?? true,
    is_free_preview: lesson?.is_free_preview ?? false,
  };
}

interface LessonFormProps {
  /** the lesson being edited; null to add one */
  editing: Lesson | null;
  /** changes after each successful save, which empties the form */
  version: number;
  pending: boolean;
  onSubmit: (values: LessonFormValues) => void;
  onCancelEdit: () => void;
}

export function LessonForm({ editing, version, pending, onSubmit, onCancelEdit }: LessonFormProps) {
  const { t } = useTranslation();
  const publishedId = useId();
  const previewId = useId();
  const form = useContractForm(LessonCreateRequest, { defaultValues: lessonDefaults(editing) });
  const type = form.watch('content_type') ?? 'text';
  const isUrl = type === 'video' || type === 'pdf';

  // a new lesson to edit (or back to adding) refills the form
  useEffect(() => {
    form.reset(lessonDefaults(editing));
  }, [editing, version, form]);

  const submit = form.handleSubmit(onSubmit);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="lesson-form" data-mode={editing ? 'edit' : 'create'}>
      <FormField label={t('lessonManager.fields.title')} error={form.errorText('title')}>
        {(field) => <Input {...field} {...form.register('title')} data-testid="lesson-title" />}
      </FormField>
      <FormField label={t('lessonManager.fields.description')} error={form.errorText('description')}>
        {(field) => <Textarea {...field} {...form.register('description')} rows={2} data-testid="lesson-description" />}
      </FormField>
      <FormField label={t('lessonManager.fields.contentType')}>
        {(field) => (
          <Select {...field} {...form.register('content_type')} data-testid="lesson-content-type">
            {LESSON_CONTENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`catalog.lessonTypes.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label={isUrl ? t('lessonManager.fields.contentUrl', { type: t(`catalog.lessonTypes.${type}`) }) : t('lessonManager.fields.content')}
        error={form.errorText('content')}
        hint={isUrl ? t('lessonManager.fields.contentUrlHint') : type === 'html' ? t('lessonManager.fields.htmlHint') : undefined}
      >
        {(field) =>
          isUrl ? (
            <Input
              {...field}
              {...form.register('content')}
              type="url"
              inputMode="url"
              placeholder="https://"
              data-testid="lesson-content"
            />
          ) : (
            <Textarea {...field} {...form.register('content')} rows={8} data-testid="lesson-content" />
          )
        }
      </FormField>
      <FormField label={t('lessonManager.fields.duration')} error={form.errorText('duration_minutes')} className="sm:max-w-xs">
        {(field) => (
          <Input
            {...field}
            {...form.register('duration_minutes', { valueAsNumber: true })}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            data-testid="lesson-duration"
          />
        )}
      </FormField>
      <div className="space-y-3 rounded-xl border border-slate-200 p-4">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={publishedId}>{t('lessonManager.fields.published')}</Label>
          <Controller
            control={form.control}
            name="is_published"
            render={({ field }) => (
              <Switch id={publishedId} checked={field.value ?? true} onCheckedChange={field.onChange} data-testid="lesson-published" />
            )}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={previewId}>{t('lessonManager.fields.freePreview')}</Label>
          <Controller
            control={form.control}
            name="is_free_preview"
            render={({ field }) => (
              <Switch id={previewId} checked={field.value ?? false} onCheckedChange={field.onChange} data-testid="lesson-free-preview" />
            )}
          />
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {editing && (
          <Button variant="outline" onClick={onCancelEdit}>
            {t('lessonManager.cancelEdit')}
          </Button>
        )}
        <Button type="submit" loading={pending} data-testid="lesson-save">
          {editing ? t('lessonManager.update') : t('lessonManager.create')}
        </Button>
      </div>
    </form>
  );
}
