import { catalogRoutes, KNOWLEDGE_CATEGORIES, KNOWLEDGE_RESOURCE_TYPES, KNOWLEDGE_SIZE_LIMITS_BYTES, type KnowledgeResourceType } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { uploadRoute, type UploadProgress } from '../../../api/upload';
import { Alert, Button, FormField, Input, ProgressBar, Select, Textarea, useToast } from '../../../ui';
import { useRefreshCatalog } from '../shared/catalog-queries';

type Category = (typeof KNOWLEDGE_CATEGORIES)[number];

const ACCEPT: Record<KnowledgeResourceType, string> = {
  pdf: '.pdf,application/pdf',
  article: '.pdf,.txt,.html,.htm,.md,.doc,.docx,application/pdf,text/plain,text/html,text/markdown',
  podcast: 'audio/*',
  video: 'video/*',
};
const MB = 1024 * 1024;

interface Problems {
  title?: string;
  description?: string;
  file?: string;
}

/** Spec (learning content) knowledge hub upload: title and description required; multipart with progress. */
export function ResourceUploadForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshCatalog();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<KnowledgeResourceType>('pdf');
  const [category, setCategory] = useState<Category>('programming');
  const [tags, setTags] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: () =>
      uploadRoute(
        catalogRoutes.createResource,
        { body: { title: title.trim(), description: description.trim(), resource_type: type, category, tags, file } },
        { onProgress: setProgress },
      ),
    onSuccess: () => void refresh(),
  });

  const limit = KNOWLEDGE_SIZE_LIMITS_BYTES[type];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!title.trim()) found.title = t('knowledgeHub.titleRequired');
    if (!description.trim()) found.description = t('knowledgeHub.descriptionRequired');
    if (!file && type !== 'article') found.file = t('knowledgeHub.fileRequired');
    else if (file && file.size > limit) found.file = t('knowledgeHub.fileTooLarge', { limit: limit / MB });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setProgress(null);
    upload.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('knowledgeHub.uploaded'), tone: 'success' });
        onDone();
      },
      onError: (error) => toast({ title: detailOr(error, t('knowledgeHub.uploadFailed')), tone: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="resource-upload-form">
      <FormField label={t('knowledgeHub.fields.title')} error={problems.title}>
        {(field) => <Input {...field} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="resource-title" />}
      </FormField>
      <FormField label={t('knowledgeHub.fields.description')} error={problems.description}>
        {(field) => <Textarea {...field} value={description} onChange={(e) => setDescription(e.target.value)} rows={3} data-testid="resource-description" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('knowledgeHub.fields.type')}>
          {(field) => (
            <Select
              {...field}
              value={type}
              onChange={(e) => {
                setType(e.target.value as KnowledgeResourceType);
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
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
            <Select {...field} value={category} onChange={(e) => setCategory(e.target.value as Category)} data-testid="resource-category">
              {KNOWLEDGE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`knowledgeHub.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('knowledgeHub.fields.tags')} hint={t('knowledgeHub.fields.tagsHint')}>
        {(field) => <Input {...field} value={tags} onChange={(e) => setTags(e.target.value)} data-testid="resource-tags" />}
      </FormField>
      <FormField
        label={type === 'article' ? t('knowledgeHub.fields.fileOptional') : t('knowledgeHub.fields.file')}
        error={problems.file}
        hint={t('knowledgeHub.fields.fileHint', { limit: limit / MB })}
      >
        {(field) => (
          <Input
            {...field}
            ref={fileInput}
            type="file"
            accept={ACCEPT[type]}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblems((p) => ({ ...p, file: undefined }));
            }}
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
          <ProgressBar value={progress?.percent ?? 0} label={t('manageCourse.content.uploadProgress')} valueText={`${progress?.percent ?? 0}%`} />
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
