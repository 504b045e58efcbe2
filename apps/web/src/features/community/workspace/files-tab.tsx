import { communityRoutes, GROUP_FILE_MAX_BYTES, type GroupFile, type StudyGroupDetail } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRouteFile } from '../../../api/client';
import { useDetailOrMessage } from '../../../api/error-text';
import { useInvalidate, useRouteQuery } from '../../../api/route-hooks';
import { saveBlob } from '../../../api/save-blob';
import { uploadRoute } from '../../../api/upload';
import { useFormatDateTime } from '../../../i18n/format-date';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormField,
  Input,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useToast,
} from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { formatFileSize } from '../format';
import { FILE_TOO_LARGE, FileFormSchema } from '../forms';

/** The group's files: upload (multipart, at most 25 MB), the list with sizes, download for members. */
export function FilesTab({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const files = useRouteQuery(communityRoutes.groupFiles, { params: { id: group.id } });
  return (
    <Card>
      <CardContent className="space-y-5">
        {!group.is_suspended && <UploadForm groupId={group.id} />}
        {files.isPending ? (
          <LoadingBlock />
        ) : files.isError ? (
          <LoadError error={files.error} title={t('community.files.loadFailed')} onRetry={() => void files.refetch()} />
        ) : files.data.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="files-empty">
            {t('community.files.empty')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <Table data-testid="files-table">
              <TableHead>
                <tr>
                  <TableHeaderCell>{t('community.files.name')}</TableHeaderCell>
                  <TableHeaderCell>{t('community.files.size')}</TableHeaderCell>
                  <TableHeaderCell>{t('community.files.uploadedBy')}</TableHeaderCell>
                  <TableHeaderCell>{t('community.files.uploadedAt')}</TableHeaderCell>
                  <TableHeaderCell>
                    <span className="sr-only">{t('community.files.actions')}</span>
                  </TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {files.data.map((file) => (
                  <TableRow key={file.id} data-testid="file-row" data-file-id={file.id}>
                    <TableCell className="max-w-64 truncate font-medium" data-testid="file-name">
                      {file.filename}
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums" data-testid="file-size">
                      {formatFileSize(file.size)}
                    </TableCell>
                    <TableCell>{file.uploader_name}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(file.uploaded_at)}</TableCell>
                    <TableCell className="text-right">
                      <DownloadButton groupId={group.id} file={file} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UploadForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const invalidate = useInvalidate();
  const input = useRef<HTMLInputElement>(null);
  const form = useContractForm(FileFormSchema, { defaultValues: {} });
  const file = form.watch('file');
  const [percent, setPercent] = useState(0);
  const tooLarge = form.formState.errors.file?.message === FILE_TOO_LARGE;
  const upload = useMutation({
    mutationFn: (chosen: File) =>
      uploadRoute(
        communityRoutes.uploadGroupFile,
        { params: { id: groupId }, body: { file: chosen } },
        { onProgress: (p) => setPercent(p.percent) },
      ),
    onSuccess: (uploaded) => {
      toast({ title: t('community.files.uploaded', { name: uploaded.filename }), tone: 'success' });
      form.reset({});
      setPercent(0);
      if (input.current) input.current.value = '';
      void invalidate([communityRoutes.groupFiles]);
    },
  });

  const submit = form.submit(({ file: chosen }) => upload.mutate(chosen));

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="file-upload-form">
      <FormField label={t('community.files.choose')} hint={t('community.files.limit', { size: formatFileSize(GROUP_FILE_MAX_BYTES) })}>
        {(field) => (
          <Input
            {...field}
            ref={input}
            type="file"
            className="h-auto py-1.5"
            onChange={(e) => {
              // the file input keeps its own value; the form holds the chosen file
              const chosen = e.target.files?.[0];
              if (chosen) form.setValue('file', chosen);
              else form.resetField('file');
              form.clearErrors('file');
              upload.reset();
            }}
            data-testid="file-input"
          />
        )}
      </FormField>
      {upload.isPending && <ProgressBar value={percent} label={t('community.files.uploading', { percent })} />}
      {tooLarge && (
        <Alert tone="error" data-testid="file-too-large">
          {t('community.files.tooLarge', { size: formatFileSize(GROUP_FILE_MAX_BYTES) })}
        </Alert>
      )}
      {upload.isError && (
        <Alert tone="error" data-testid="file-upload-error">
          {t('community.files.uploadFailed', { detail: detailOrMessage(upload.error) })}
        </Alert>
      )}
      <Button type="submit" disabled={!file} loading={upload.isPending} data-testid="file-upload">
        {t('community.files.upload')}
      </Button>
    </form>
  );
}

/** The file comes with the bearer header (a token never rides in a URL) and is saved under its own name. */
function DownloadButton({ groupId, file }: { groupId: string; file: GroupFile }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const download = useMutation({
    mutationFn: async () => {
      const { blob, suggestedName } = await fetchRouteFile(communityRoutes.downloadGroupFile, { params: { id: groupId, fileId: file.id } });
      saveBlob(blob, suggestedName ?? file.filename);
    },
    onError: (error) => toast({ title: t('community.files.downloadFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={t('community.files.downloadNamed', { name: file.filename })}
      data-testid="file-download"
    >
      {t('community.files.download')}
    </Button>
  );
}
