import { catalogRoutes, CONTENT_ITEM_TYPES, CONTENT_SIZE_LIMITS_BYTES, MAX_TEXT_CONTENT_LENGTH, type ContentItemType } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../../api/error-text';
import { uploadRoute, type UploadProgress } from '../../../api/upload';
import { Alert, Button, FormField, Input, ProgressBar, Select, Textarea, useToast } from '../../../ui';
import { useRefreshCatalog } from '../shared/catalog-queries';

type FileType = Exclude<ContentItemType, 'text'>;

/** Spec (learning content) 5: the file picker is restricted by type. */
const ACCEPT: Record<FileType, string> = {
  video: 'video/*',
  audio: 'audio/*',
  pdf: '.pdf,application/pdf',
};
const MB = 1024 * 1024;

interface Problems {
  title?: string;
  text?: string;
  file?: string;
}

/**
 * Add content (spec 2, manage course): type, title, then a file (video, audio, pdf) or a text.
 * Files are checked against the size limits before anything is sent, and go up with
 * XMLHttpRequest so the upload shows its progress.
 */
export function AddContentForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const refresh = useRefreshCatalog();
  const [type, setType] = useState<ContentItemType>('video');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [duration, setDuration] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  const upload = useMutation({
    mutationFn: (body: { content_type: ContentItemType; title: string; text_content?: string; file?: File; duration?: string }) => {
      abort.current = new AbortController();
      return uploadRoute(catalogRoutes.addContent, { params: { id: courseId }, body, signal: abort.current.signal }, { onProgress: setProgress });
    },
    onSettled: () => {
      abort.current = null;
    },
  });

  const isFileType = type !== 'text';
  const limitMb = isFileType ? CONTENT_SIZE_LIMITS_BYTES[type] / MB : 0;

  const check = (): Problems => {
    const found: Problems = {};
    if (!title.trim()) found.title = t('manageCourse.content.titleRequired');
    if (type === 'text') {
      if (!text.trim()) found.text = t('manageCourse.content.textRequired');
      else if (text.length > MAX_TEXT_CONTENT_LENGTH) found.text = t('manageCourse.content.textTooLong');
    } else if (!file) {
      found.file = t('manageCourse.content.fileRequired');
    } else if (file.size > CONTENT_SIZE_LIMITS_BYTES[type]) {
      found.file = t('manageCourse.content.fileTooLarge', { type: t(`catalog.contentTypes.${type}`), limit: limitMb });
    } else if (file.size === 0) {
      found.file = t('manageCourse.content.fileEmpty');
    }
    return found;
  };

  const reset = () => {
    setTitle('');
    setText('');
    setDuration('');
    setFile(null);
    setProgress(null);
    setProblems({});
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setProgress(null);
    upload.mutate(
      {
        content_type: type,
        title: title.trim(),
        ...(type === 'text' ? { text_content: text } : { file: file! }),
        ...(duration.trim() ? { duration: duration.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: t('manageCourse.content.success'), tone: 'success' });
          reset();
          void refresh();
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
  };

  const hint = isFileType ? t(`manageCourse.content.hints.${type}`) : undefined;
  const failed = upload.isError && !(upload.error instanceof DOMException);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="add-content-form">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <FormField label={t('manageCourse.content.type')}>
          {(field) => (
            <Select
              {...field}
              value={type}
              onChange={(e) => {
                setType(e.target.value as ContentItemType);
                setFile(null);
                setProblems({});
                if (fileInput.current) fileInput.current.value = '';
              }}
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
        <FormField label={t('manageCourse.content.title')} error={problems.title}>
          {(field) => <Input {...field} value={title} onChange={(e) => setTitle(e.target.value)} disabled={upload.isPending} data-testid="content-title" />}
        </FormField>
      </div>

      {type === 'text' ? (
        <FormField label={t('manageCourse.content.text')} error={problems.text}>
          {(field) => <Textarea {...field} value={text} onChange={(e) => setText(e.target.value)} rows={8} disabled={upload.isPending} data-testid="content-text" />}
        </FormField>
      ) : (
        <FormField label={t('manageCourse.content.file')} error={problems.file} hint={hint}>
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
              disabled={upload.isPending}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-strong"
              data-testid="content-file"
            />
          )}
        </FormField>
      )}

      <FormField label={t('manageCourse.content.duration')} hint={t('manageCourse.content.durationHint')} className="sm:max-w-xs">
        {(field) => (
          <Input {...field} type="number" min="0" step="1" inputMode="numeric" value={duration} onChange={(e) => setDuration(e.target.value)} disabled={upload.isPending} data-testid="content-duration" />
        )}
      </FormField>

      {upload.isPending && (
        <div className="space-y-1.5" data-testid="upload-progress">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{t('manageCourse.content.uploading')}</span>
            <span className="font-medium tabular-nums">{progress ? `${progress.percent}%` : ''}</span>
          </div>
          <ProgressBar value={progress?.percent ?? 0} label={t('manageCourse.content.uploadProgress')} valueText={`${progress?.percent ?? 0}%`} />
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
