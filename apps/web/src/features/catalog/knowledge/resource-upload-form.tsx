import {
  catalogRoutes,
  KNOWLEDGE_CATEGORIES,
  KNOWLEDGE_RESOURCE_TYPES,
  KNOWLEDGE_SIZE_LIMITS_BYTES,
  KnowledgeResourceCreateRequest,
  type KnowledgeResourceType,
} from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { detailOr } from '../../../api/error-text';
import { useInvalidate } from '../../../api/route-hooks';
import { uploadRoute, type UploadProgress } from '../../../api/upload';
import { Alert, Button, FormField, Input, ProgressBar, Select, Textarea, useToast } from '../../../ui';
import { useContractForm } from '../../../ui/form';

const ACCEPT: Record<KnowledgeResourceType, string> = {
  pdf: '.pdf,application/pdf',
  article: '.pdf,.txt,.html,.htm,.md,.doc,.docx,application/pdf,text/plain,text/html,text/markdown',
  podcast: 'audio/*',
  video: 'video/*',
};
const MB = 1024 * 1024;

/**
 * The contract's resource request with the file as the browser holds it, plus what the contract
 * leaves to the form: a file for every type but an article, within the contract's size limit.
 */
function resourceFormSchema(text: { fileRequired: string; fileTooLarge: (type: KnowledgeResourceType) => string }) {
  return KnowledgeResourceCreateRequest.extend({ file: z.instanceof(File).optional() }).superRefine((v, ctx) => {
    if (!v.file && v.resource_type !== 'article') ctx.addIssue({ code: 'custom', path: ['file'], message: text.fileRequired });
    else if (v.file && v.file.size > KNOWLEDGE_SIZE_LIMITS_BYTES[v.resource_type])
      ctx.addIssue({ code: 'custom', path: ['file'], message: text.fileTooLarge(v.resource_type) });
  });
}
type ResourceOutput = z.output<ReturnType<typeof resourceFormSchema>>;

/** Spec (learning content) knowledge hub upload: title and description required; multipart with progress. */
export function ResourceUploadForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const schema = useMemo(
    () =>
      resourceFormSchema({
        fileRequired: t('knowledgeHub.fileRequired'),
        fileTooLarge: (type) => t('knowledgeHub.fileTooLarge', { limit: KNOWLEDGE_SIZE_LIMITS_BYTES[type] / MB }),
      }),
    [t],
  );
  const form = useContractForm(schema, {
    defaultValues: { title: '', description: '', resource_type: 'pdf', category: 'programming', tags: '' },
  });
  const type = form.watch('resource_type');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: ({ tags, ...body }: ResourceOutput) =>
      uploadRoute(catalogRoutes.createResource, { body: { ...body, tags: tags.join(',') } }, { onProgress: setProgress }),
    onSuccess: () => void invalidate(['catalog.']),
  });

  const limit = KNOWLEDGE_SIZE_LIMITS_BYTES[type];

  const submit = form.handleSubmit((values) => {
    setProgress(null);
    upload.mutate(values, {
      onSuccess: () => {
        toast({ title: t('knowledgeHub.uploaded'), tone: 'success' });
        onDone();
      },
      onError: (error) => toast({ title: detailOr(error, t('knowledgeHub.uploadFailed')), tone: 'error' }),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="resource-upload-form">
      <FormField label={t('knowledgeHub.fields.title')} error={form.errorText('title')}>
        {(field) => <Input {...field} {...form.register('title')} data-testid="resource-title" />}
      </FormField>
      <FormField label={t('knowledgeHub.fields.description')} error={form.errorText('description')}>
        {(field) => <Textarea {...field} {...form.register('description')} rows={3} data-testid="resource-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('knowledgeHub.fields.type')}>
          {(field) => (
            <Select
              {...field}
              {...form.register('resource_type', {
                onChange: () => {
                  form.setValue('file', undefined);
                  if (fileInput.current) fileInput.current.value = '';
                },
              })}
              data-testid="resource-type"
            >
              {KNOWLEDGE_RESOURCE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`knowledgeHub.types.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('knowledgeHub.fields.category')}>
          {(field) => (
            <Select {...field} {...form.register('category')} data-testid="resource-category">
              {KNOWLEDGE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`knowledgeHub.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('knowledgeHub.fields.tags')} hint={t('knowledgeHub.fields.tagsHint')} error={form.errorText('tags')}>
        {(field) => <Input {...field} {...form.register('tags')} data-testid="resource-tags" />}
      </FormField>
      <FormField
        label={type === 'article' ? t('knowledgeHub.fields.fileOptional') : t('knowledgeHub.fields.file')}
        error={form.errorText('file')}
        hint={t('knowledgeHub.fields.fileHint', { limit: limit / MB })}
      >
        {(field) => (
          <Input
            {...field}
            ref={fileInput}
            type="file"
            accept={ACCEPT[type]}
            onChange={(e) => form.setValue('file', e.target.files?.[0], { shouldValidate: form.formState.isSubmitted })}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-strong"
            data-testid="resource-file"
          />
        )}
      </FormField>
      {upload.isPending && (
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{t('manageCourse.content.uploading')}</span>
            <span className="font-medium tabular-nums">{progress ? `${progress.percent}%` : ''}</span>
          </div>
          <ProgressBar
            value={progress?.percent ?? 0}
            label={t('manageCourse.content.uploadProgress')}
            valueText={`${progress?.percent ?? 0}%`}
          />
        </div>
      )}
      {upload.isError && <Alert tone="error">{detailOr(upload.error, t('knowledgeHub.uploadFailed'))}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={upload.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={upload.isPending} data-testid="resource-submit">
          {t('knowledgeHub.submit')}
        </Button>
      </div>
    </form>
  );
}
