import { mentoringRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { saveFailureText } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { FormField, Input, Textarea, useToast } from '../../ui';
import { FormDialog, useContractForm } from '../../ui/form';
import { TIME_OFF_FIELDS, timeOffFormSchema, type TimeOffFormValues } from './time-off-form';

const EMPTY: TimeOffFormValues = { start_date: '', end_date: '', reason: '', is_recurring: false };

/** Spec 2.13 Availability: the Request Time Off modal (start date, end date, reason; "Repeats every year"). */
export function TimeOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // mounted while open: each request starts empty
  return open ? <TimeOffForm onClose={() => onOpenChange(false)} /> : null;
}

function TimeOffForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(timeOffFormSchema, { defaultValues: EMPTY, fields: TIME_OFF_FIELDS });
  const request = useRouteMutation(mentoringRoutes.requestTimeOff, { invalidates: ['mentoring.'] });

  const submit = form.submit((body) =>
    request.mutate(
      { body },
      {
        onSuccess: () => {
          toast({ title: t('mentorDesk.timeOff.submitted'), tone: 'success' });
          onClose();
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('mentorDesk.timeOff.request')}
      description={t('mentorDesk.timeOff.dialogText')}
      onSubmit={submit}
      submitLabel={t('mentorDesk.timeOff.submit')}
      pending={request.isPending}
      // spec 8: the server's detail when present, else the fallback
      error={saveFailureText(request, form.formError, t('mentorDesk.timeOff.failed'))}
      testId="time-off-dialog"
      errorTestId="time-off-error"
      submitTestId="time-off-submit"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('mentorDesk.timeOff.startDate')} error={form.errorText('start_date')}>
          {(field) => <Input {...field} {...form.register('start_date')} type="date" required data-testid="time-off-start" />}
        </FormField>
        <FormField label={t('mentorDesk.timeOff.endDate')} error={form.errorText('end_date')}>
          {(field) => <Input {...field} {...form.register('end_date')} type="date" required data-testid="time-off-end" />}
        </FormField>
      </div>
      <FormField label={t('mentorDesk.timeOff.reason')} error={form.errorText('reason')}>
        {(field) => <Textarea {...field} {...form.register('reason')} rows={3} maxLength={500} required data-testid="time-off-reason" />}
      </FormField>
      <div className="flex items-start gap-3">
        <input
          id="time-off-recurring"
          type="checkbox"
          {...form.register('is_recurring')}
          aria-describedby="time-off-recurring-hint"
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
          data-testid="time-off-recurring"
        />
        <div>
          <label htmlFor="time-off-recurring" className="text-sm font-medium text-slate-800">
            {t('mentorDesk.timeOff.recurring')}
          </label>
          <p id="time-off-recurring-hint" className="text-xs text-slate-600">
            {t('mentorDesk.timeOff.recurringHint')}
          </p>
        </div>
      </div>
    </FormDialog>
  );
}
