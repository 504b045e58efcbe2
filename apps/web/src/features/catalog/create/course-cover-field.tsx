import { COURSE_COVER_MAX_BYTES, COURSE_COVER_SIZE, COURSE_COVER_TYPES, catalogRoutes, type Course } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../api/client';
import { detailOr } from '../../../api/error-text';
import { useInvalidate } from '../../../api/route-hooks';
import { uploadRoute } from '../../../api/upload';
import { Button, Input, useToast } from '../../../ui';
import { CourseCover } from '../shared/course-cover';

const MB = 1024 * 1024;
const ACCEPT = COURSE_COVER_TYPES.join(',');

/**
 * The course's cover on its edit page: preview, upload or replace (sent at once, not with the
 * form), remove. The type and size are checked here first with the server's own limits; the
 * server checks the bytes again and its refusal is shown under the field.
 */
export function CourseCoverField({ course: initial }: { course: Course }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [course, setCourse] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const limit = COURSE_COVER_MAX_BYTES / MB;

  const done = (next: Course, message: string) => {
    setCourse(next);
    setError(null);
    if (input.current) input.current.value = '';
    toast({ title: message, tone: 'success' });
    void invalidate(['catalog.']);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadRoute(catalogRoutes.setCourseCover, { params: { id: course.id }, body: { file } }),
    onSuccess: (next) => done(next, t('courseCover.uploaded')),
    onError: (e) => setError(detailOr(e, t('courseCover.uploadFailed'))),
  });
  const remove = useMutation({
    mutationFn: () => callRoute(catalogRoutes.removeCourseCover, { params: { id: course.id } }),
    onSuccess: (next) => done(next, t('courseCover.removed')),
    onError: (e) => setError(detailOr(e, t('courseCover.removeFailed'))),
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(COURSE_COVER_TYPES as readonly string[]).includes(file.type)) return setError(t('courseCover.wrongType'));
    if (file.size > COURSE_COVER_MAX_BYTES) return setError(t('courseCover.tooLarge', { limit }));
    setError(null);
    upload.mutate(file);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const busy = upload.isPending || remove.isPending;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="course-cover-field">
      <div>
        <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {t('courseCover.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('courseCover.intro')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-start">
        <figure className="overflow-hidden rounded-xl border border-slate-200" data-testid="course-cover-preview">
          <CourseCover course={course} eager />
          <figcaption className="sr-only">{course.cover_url ? t('courseCover.current') : t('courseCover.generated')}</figcaption>
        </figure>
        <div className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={id} className="text-sm font-medium text-slate-900">
              {course.cover_url ? t('courseCover.replaceFile') : t('courseCover.file')}
            </label>
            <Input
              id={id}
              ref={input}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              aria-invalid={Boolean(error)}
              aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
              onChange={(e) => choose(e.target.files?.[0])}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1 file:text-sm file:font-medium file:text-primary-strong"
              data-testid="course-cover-input"
            />
            <p id={hintId} className="text-xs text-slate-600">
              {t('courseCover.hint', { limit, width: COURSE_COVER_SIZE.width, height: COURSE_COVER_SIZE.height })}
            </p>
            {error && (
              <p id={errorId} className="text-xs font-medium text-red-700" role="alert" data-testid="course-cover-error">
                {error}
              </p>
            )}
            {upload.isPending && (
              <p className="text-sm text-slate-700" role="status">
                {t('courseCover.uploading')}
              </p>
            )}
          </div>
          {course.cover_url && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => remove.mutate()}
              loading={remove.isPending}
              disabled={busy}
              data-testid="course-cover-remove"
            >
              {t('courseCover.remove')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
