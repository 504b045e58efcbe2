import {
  catalogRoutes,
  CONTENT_ITEM_TYPES,
  CONTENT_SIZE_LIMITS_BYTES,
  ContentItemCreateRequest,
  type ContentItemType,
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

type FileType = Exclude<ContentItemType, 'text'>;

/** Spec (learning content) 5: the file picker is restricted by type. */
const ACCEPT: Record<FileType, string> = {
  video: 'video/*',
  audio: 'audio/*',
  pdf: '.pdf,application/pdf',
};
const MB = 1024 * 1024;

interface ContentTexts {
  textRequired: string;
  fileRequired: string;
  fileEmpty: string;
  fileTooLarge: (type: FileType) => string;
}

/**
 * The contract's add-content request with the file as the browser holds it (the gateway stores
 * it and hands the service its reference), plus what the contract leaves to the form: a text
 * item needs its text, a file item its file, within the contract's size limit of its type.
 */
function contentFormSchema(text: ContentTexts) {
  return ContentItemCreateRequest.extend({ file: z.instanceof(File).optional() }).superRefine((v, ctx) => {
    const problem = (path: 'text_content' | 'file', message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.content_type === 'text') {
      if (!v.text_content?.trim()) problem('text_content', text.textRequired);
    } else if (!v.file) problem('file', text.fileRequired);
    else if (v.file.size > CONTENT_SIZE_LIMITS_BYTES[v.content_type]) problem('file', text.fileTooLarge(v.content_type));
    else if (v.file.size === 0) problem('file', text.fileEmpty);
  });
}
type ContentInput = z.input<ReturnType<typeof contentFormSchema>>;

const EMPTY: ContentInput = { content_type: 'video', title: '', text_content: '', duration: '' };

/**
 * Add content (spec 2, manage course): type, title, then a file (video, audio, pdf) or a text.
 * Files are checked against the size limits before anything is sent, and go up with
 * XMLHttpRequest so the upload shows its progress.
 */
interface AddContentFormProps {
  courseId: string;
  /** the lesson the item is added to */
  lessonId?: string;
  onAdded?: () => void;
}

export function AddContentForm({ courseId, lessonId, onAdded }: AddContentFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const texts = useMemo<ContentTexts>(
    () => ({
      textRequired: t('manageCourse.content.textRequired'),
      fileRequired: t('manageCourse.content.fileRequired'),
      fileEmpty: t('manageCourse.content.fileEmpty'),
      fileTooLarge: (type) =>
        t('manageCourse.content.fileTooLarge', { type: t(`catalog.contentTypes.${type}`), limit: CONTENT_SIZE_LIMITS_BYTES[type] / MB }),
    }),
    [t],
  );
  const schema = useMemo(() => contentFormSchema(texts), [texts]);
  const form = useContractForm(schema, { defaultValues: EMPTY });
  const type = form.watch('content_type');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  const upload = useMutation({
    mutationFn: (body: {
      content_type: ContentItemType;
      title: string;
      text_content?: string;
      file?: File;
      duration?: number;
      lesson_id?: string;
    }) => {
      abort.current = new AbortController();
      return uploadRoute(
        catalogRoutes.addContent,
        { params: { id: courseId }, body, signal: abort.current.signal },
        { onProgress: setProgress },
      );
    },
    onSettled: () => {
      abort.current = null;
    },
  });

  const clearFile = () => {
    form.setValue('file', undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = form.handleSubmit(({ content_type, title, text_content, file, duration }) => {
    setProgress(null);
    upload.mutate(
      {
        content_type,
        title,
        ...(content_type === 'text' ? { text_content } : { file }),
        ...(duration === undefined ? {} : { duration }),
        ...(lessonId ? { lesson_id: lessonId } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: t('manageCourse.content.success'), tone: 'success' });
          form.reset({ ...EMPTY, content_type });
          clearFile();
          setProgress(null);
          void invalidate(['catalog.']);
          onAdded?.();
        },
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            toast({ title: t('manageCourse.content.cancelled'), tone: 'info' });
            return;
          }
          toast({ title: detailOr(error, t('manageCourse.content.failure')), tone: 'error' });
        },
      },
    );
  });

  const hint = type !== 'text' ? t(`manageCourse.content.hints.${type}`) : undefined;
  const failed = upload.isError && !(upload.error instanceof DOMException);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="add-content-form">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <FormField label={t('manageCourse.content.type')}>
          {(field) => (
            <Select
              {...field}
              {...form.register('content_type', {
                onChange: () => {
                  clearFile();
                  form.clearErrors();
                },
              })}
              disabled={upload.isPending}
              data-testid="content-type"
            >
              {CONTENT_ITEM_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`catalog.contentTypes.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('manageCourse.content.title')} error={form.errorText('title')}>
          {(field) => <Input {...field} {...form.register('title')} disabled={upload.isPending} data-testid="content-title" />}
        </FormField>
      </div>

      {type === 'text' ? (
        <FormField label={t('manageCourse.content.text')} error={form.errorText('text_content')}>
          {(field) => (
            <Textarea {...field} {...form.register('text_content')} rows={8} disabled={upload.isPending} data-testid="content-text" />
          )}
        </FormField>
      ) : (
        <FormField label={t('manageCourse.content.file')} error={form.errorText('file')} hint={hint}>
          {(field) => (
            <Input
              {...field}
              ref={fileInput}
              type="file"
              accept={ACCEPT[type]}
              onChange={(e) => form.setValue('file', e.target.files?.[0], { shouldValidate: form.formState.isSubmitted })}
              disabled={upload.isPending}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-strong"
              data-testid="content-file"
            />
          )}
        </FormField>
      )}

      <FormField
        label={t('manageCourse.content.duration')}
        hint={t('manageCourse.content.durationHint')}
        error={form.errorText('duration')}
        className="sm:max-w-xs"
      >
        {(field) => (
          <Input
            {...field}
            {...form.register('duration')}
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            disabled={upload.isPending}
            data-testid="content-duration"
          />
        )}
      </FormField>

      {upload.isPending && (
        <div className="space-y-1.5" data-testid="upload-progress">
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
      {failed && (
        <Alert tone="error" data-testid="add-content-error">
          {detailOr(upload.error, t('manageCourse.content.failure'))}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {upload.isPending && (
          <Button variant="outline" onClick={() => abort.current?.abort()}>
            {t('manageCourse.content.cancelUpload')}
          </Button>
        )}
        <Button type="submit" loading={upload.isPending} data-testid="add-content-submit">
          {t('manageCourse.content.add')}
        </Button>
      </div>
    </form>
  );
}
