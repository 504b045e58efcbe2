import { assessmentRoutes, SUBMISSION_FILES_MAX, type Assignment } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useInvalidate, useRouteMutation } from '../../api/route-hooks';
import { Alert, Button, FormField, Textarea, useToast } from '../../ui';
import { useContractForm } from '../../ui/form';
import { ASSIGNMENT_ANSWERS } from './assignment-queries';
import { linesOf, submissionFormSchema } from './form-schemas';

/** Submit, or resubmit while not graded: the text is required, file links optional. */
export function SubmissionForm({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const invalidate = useInvalidate();
  const tooMany = t('assignments.detail.tooManyFiles', { max: SUBMISSION_FILES_MAX });
  const schema = useMemo(() => submissionFormSchema(tooMany), [tooMany]);
  const previous = assignment.submission;
  const form = useContractForm(schema, {
    defaultValues: { submission_text: previous?.submission_text ?? '', file_links: (previous?.submission_files ?? []).join('\n') },
  });

  const submit = useRouteMutation(assessmentRoutes.submitAssignment, {
    invalidates: ASSIGNMENT_ANSWERS,
    onSuccess: () => toast({ title: t('assignments.detail.submitted'), tone: 'success' }),
    onError: (error) => {
      toast({ title: t('assignments.detail.submitFailed', { detail: detailOrMessage(error) }), tone: 'error' });
      // the refusal may come from a change made meanwhile (graded, due date moved): show the assignment as it is now
      void invalidate(ASSIGNMENT_ANSWERS);
    },
  });

  const pastDue = new Date(assignment.due_date).getTime() < Date.now();

  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        submit.mutate({
          params: { id: assignment.id },
          body: { submission_text: values.submission_text.trim(), submission_files: linesOf(values.file_links) },
        }),
      )}
      noValidate
      className="space-y-4"
      data-testid="submission-form"
    >
      {previous && <p className="text-sm text-slate-600">{t('assignments.detail.resubmitNote')}</p>}
      {pastDue && (
        <Alert tone="info" data-testid="late-warning">
          {t('assignments.detail.lateWarning')}
        </Alert>
      )}
      <FormField label={t('assignments.detail.submissionText')} error={form.errorText('submission_text')}>
        {(field) => <Textarea {...field} {...form.register('submission_text')} rows={10} required data-testid="submission-text-input" />}
      </FormField>
      <FormField
        label={t('assignments.detail.fileLinks')}
        hint={t('assignments.detail.fileLinksHint', { max: SUBMISSION_FILES_MAX })}
        error={form.errorText('file_links')}
      >
        {(field) => (
          <Textarea
            {...field}
            {...form.register('file_links')}
            rows={3}
            placeholder="https://"
            inputMode="url"
            data-testid="submission-files-input"
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={submit.isPending} data-testid="submission-submit">
          {previous ? t('assignments.detail.resubmit') : t('assignments.detail.submit')}
        </Button>
      </div>
    </form>
  );
}
