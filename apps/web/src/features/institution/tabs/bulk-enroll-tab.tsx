import { BULK_IMPORT_FILE_MAX_BYTES, catalogRoutes, institutionRoutes, type Institution, type RouteOutput } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useInvalidate, useRouteQuery } from '../../../api/route-hooks';
import { saveBlob } from '../../../api/save-blob';
import { useFormatDateTime } from '../../../i18n/format-date';
import {
  Alert,
  Badge,
  Button,
  FormField,
  Input,
  ProgressBar,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { LoadError } from '../../../ui/query-state';
import { Block, Nothing } from '../../mentor-insights';
import { startBulkImport } from '../bulk-upload';
import { bulkEnrollFormSchema, bulkJobPolling, bulkPercent, canEdit, isBulkActive, SAMPLE_CSV, SAMPLE_CSV_NAME } from '../logic';
import { ReadonlyNote, TabHeading } from '../parts';

type BulkImport = RouteOutput<typeof institutionRoutes.bulkImport>;

const STATUS_TONE = { queued: 'neutral', running: 'primary', completed: 'success', failed: 'danger' } as const;

/** One import's progress, counts and per-row errors. */
function ImportReport({ job }: { job: BulkImport }) {
  const { t } = useTranslation();
  const percent = bulkPercent(job);
  const active = isBulkActive(job);
  return (
    <div className="space-y-4" data-testid="bulk-report" data-job-id={job.job_id} data-status={job.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[job.status]} data-testid="bulk-status">
          {t(`institution.bulk.status.${job.status}`)}
        </Badge>
        <span className="text-sm text-slate-600" data-testid="bulk-processed">
          {job.file_rows === null
            ? t('institution.bulk.counting')
            : t('institution.bulk.processed', { processed: job.processed, total: job.file_rows })}
        </span>
      </div>
      <ProgressBar
        value={percent}
        label={t('institution.bulk.progressLabel')}
        valueText={`${percent}%`}
        tone={job.status === 'failed' ? 'danger' : job.status === 'completed' ? 'success' : 'primary'}
        testId="bulk-progress"
      />
      {!active && (
        <dl className="grid grid-cols-3 gap-3 text-center">
          {(['successful', 'failed', 'unchanged'] as const).map((key) => (
            <div key={key} className="rounded-xl border border-slate-200 p-3">
              <dt className="text-sm text-slate-600">{t(`institution.bulk.counts.${key}`)}</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid={`bulk-${key}`}>
                {job[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {job.status === 'failed' && (
        <Alert tone="error" data-testid="bulk-job-failed">
          {t('institution.bulk.jobFailed')}
        </Alert>
      )}
      {job.errors.length > 0 && (
        <Table data-testid="bulk-errors">
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('institution.bulk.errorColumns.row')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.bulk.errorColumns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('institution.bulk.errorColumns.error')}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {job.errors.map((e, i) => (
              <TableRow key={`${e.row}-${i}`} data-testid="bulk-error-row" data-row={e.row}>
                <TableCell>{e.row}</TableCell>
                <TableCell>{e.email ?? '\u2014'}</TableCell>
                <TableCell>{e.error}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

/**
 * Spec 3 Bulk Enroll: a CSV (email, name, role) with an optional course, uploaded as multipart
 * to POST .../members/bulk (the file as it is, so a file of 100,000 rows goes too; one larger
 * than BULK_IMPORT_FILE_MAX_BYTES is refused here before sending). The answer is a background
 * job, asked again about every second while it works (a real progress bar: processed of the
 * file's rows), then its counts and per-row errors; earlier imports are listed below.
 */
export function BulkEnrollTab({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const detail = useDetailOrMessage();
  const formatDateTime = useFormatDateTime();
  const invalidate = useInvalidate();
  const editable = canEdit(institution);
  const id = institution.id;
  const schema = useMemo(() => bulkEnrollFormSchema(t('institution.bulk.fileRequired')), [t]);
  const form = useContractForm(schema, { defaultValues: { course_id: '' } });
  const [jobId, setJobId] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  // the file's way up (a large CSV on a slow link), before the import's own progress takes over
  const [sent, setSent] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const courses = useRouteQuery(catalogRoutes.institutionCourses, {});
  const imports = useRouteQuery(institutionRoutes.bulkImports, { params: { id } });
  const upload = useMutation({
    mutationFn: ({ chosen, course }: { chosen: File; course: string }) => startBulkImport(id, chosen, course, (p) => setSent(p.percent)),
    onSuccess: () => void invalidate([institutionRoutes.bulkImports]),
  });
  const job = useRouteQuery(institutionRoutes.bulkImport, { params: { id, jobId: jobId ?? undefined } }, bulkJobPolling);

  // an import still at work when the tab opens (started before, or in another tab) is followed again
  const latestActive = imports.data?.imports.find(isBulkActive)?.job_id;
  useEffect(() => {
    if (jobId === null && latestActive) setJobId(latestActive);
  }, [jobId, latestActive]);

  // when the open import ends, the members, counts and course enrollments it changed are asked again
  const status = job.data?.status;
  const wasActive = useRef(false);
  useEffect(() => {
    if (!status) return;
    const active = status === 'queued' || status === 'running';
    if (wasActive.current && !active) {
      void invalidate([
        'institution.member.',
        'institution.institution.',
        catalogRoutes.institutionCourses,
        catalogRoutes.institutionCourseAnalytics,
      ]);
    }
    wasActive.current = active;
  }, [status, invalidate]);

  const submit = form.submit(({ file, course_id }) => {
    // the server's own limit, before a large file is sent for nothing
    if (file.size > BULK_IMPORT_FILE_MAX_BYTES) {
      upload.reset();
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    setSent(0);
    upload.mutate(
      { chosen: file, course: course_id },
      {
        onSuccess: (started) => {
          setJobId(started.job_id);
          form.resetField('file');
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  });

  const downloadSample = () => saveBlob(new Blob([SAMPLE_CSV], { type: 'text/csv;charset=utf-8' }), SAMPLE_CSV_NAME);
  const courseTitle = (cid: string | null) =>
    cid ? (courses.data?.find((c) => c.id === cid)?.title ?? t('institution.bulk.unknownCourse')) : t('institution.bulk.noCourse');

  return (
    <section aria-labelledby="institution-bulk-heading" className="space-y-6" data-testid="institution-bulk">
      <TabHeading
        id="institution-bulk-heading"
        title={t('institution.bulk.heading')}
        subtitle={t('institution.bulk.subtitle')}
        actions={
          <Button variant="outline" onClick={downloadSample} data-testid="bulk-sample">
            {t('institution.bulk.sample')}
          </Button>
        }
      />
      <ReadonlyNote institution={institution} />
      {editable && (
        <Block title={t('institution.bulk.uploadTitle')} id="institution-bulk-upload-heading" testId="bulk-upload">
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label={t('institution.bulk.file')} hint={t('institution.bulk.fileHint')} error={form.errorText('file')}>
              {(field) => (
                <Input
                  {...field}
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  onChange={(e) => {
                    form.setValue('file', e.target.files?.[0] as File, { shouldValidate: form.formState.isSubmitted });
                    setTooLarge(false);
                  }}
                  data-testid="bulk-file"
                />
              )}
            </FormField>
            <FormField label={t('institution.bulk.course')} hint={t('institution.bulk.courseHint')}>
              {(field) => (
                <Select {...field} {...form.register('course_id')} data-testid="bulk-course">
                  <option value="">{t('institution.bulk.noCourse')}</option>
                  {(courses.data ?? []).map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            {tooLarge && (
              <Alert tone="error" data-testid="bulk-upload-error">
                {t('institution.bulk.uploadFailed', { detail: t('errors.code.FILE_TOO_LARGE') })}
              </Alert>
            )}
            {upload.isPending && (
              <ProgressBar value={sent} label={t('institution.bulk.uploading', { percent: sent })} testId="bulk-upload-progress" />
            )}
            {upload.isError && (
              <Alert tone="error" data-testid="bulk-upload-error">
                {t('institution.bulk.uploadFailed', { detail: detail(upload.error) })}
              </Alert>
            )}
            <Button
              type="submit"
              loading={upload.isPending}
              disabled={job.data !== undefined && isBulkActive(job.data)}
              data-testid="bulk-submit"
            >
              {t('institution.bulk.submit')}
            </Button>
          </form>
        </Block>
      )}

      {jobId && (
        <Block title={t('institution.bulk.currentTitle')} id="institution-bulk-current-heading" testId="bulk-current">
          {job.isPending ? (
            <Nothing>{t('common.loading')}</Nothing>
          ) : job.isError ? (
            <LoadError error={job.error} title={t('institution.bulk.jobLoadFailed')} onRetry={() => void job.refetch()} />
          ) : (
            <ImportReport job={job.data} />
          )}
        </Block>
      )}

      <Block title={t('institution.bulk.pastTitle')} id="institution-bulk-past-heading" testId="bulk-past">
        {imports.isPending ? (
          <Nothing>{t('common.loading')}</Nothing>
        ) : imports.isError ? (
          <LoadError error={imports.error} title={t('institution.bulk.pastFailed')} onRetry={() => void imports.refetch()} />
        ) : imports.data.imports.length === 0 ? (
          <Nothing testId="bulk-past-empty">{t('institution.bulk.pastEmpty')}</Nothing>
        ) : (
          <Table data-testid="bulk-past-table">
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t('institution.bulk.pastColumns.started')}</TableHeaderCell>
                <TableHeaderCell>{t('institution.bulk.pastColumns.status')}</TableHeaderCell>
                <TableHeaderCell>{t('institution.bulk.pastColumns.course')}</TableHeaderCell>
                <TableHeaderCell>{t('institution.bulk.pastColumns.rows')}</TableHeaderCell>
                <TableHeaderCell>{t('institution.bulk.pastColumns.result')}</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">{t('institution.bulk.pastColumns.actions')}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.data.imports.map((item) => (
                <TableRow key={item.job_id} data-testid="bulk-past-row" data-job-id={item.job_id} data-status={item.status}>
                  <TableCell>{formatDateTime(item.created_at)}</TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[item.status]}>{t(`institution.bulk.status.${item.status}`)}</Badge>
                  </TableCell>
                  <TableCell>{courseTitle(item.course_id)}</TableCell>
                  <TableCell>{item.file_rows ?? '\u2014'}</TableCell>
                  <TableCell>
                    {t('institution.bulk.result', { successful: item.successful, failed: item.failed, unchanged: item.unchanged })}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setJobId(item.job_id)}
                      data-testid="bulk-past-open"
                      disabled={item.job_id === jobId}
                    >
                      {t('institution.bulk.view')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Block>
    </section>
  );
}
