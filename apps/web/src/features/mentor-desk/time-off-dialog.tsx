import { zodResolver } from '@hookform/resolvers/zod';
import { mentoringRoutes } from '@lp/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
  useToast,
} from '../../ui';
import { fieldErrorsOf } from '../../api/field-errors';
import { TIME_OFF_FIELDS, timeOffFormSchema, type TimeOffFormValues } from './time-off-form';
import type { z } from 'zod';

const EMPTY: TimeOffFormValues = { start_date: '', end_date: '', reason: '', is_recurring: false };

/** Spec 2.13 Availability: the Request Time Off modal (start date, end date, reason; "Repeats every year"). */
export function TimeOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const form = useForm<TimeOffFormValues, unknown, z.output<typeof timeOffFormSchema>>({
    resolver: zodResolver(timeOffFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const request = useRouteMutation(mentoringRoutes.requestTimeOff, { invalidates: ['mentoring.'] });

  useEffect(() => {
    if (!open) return;
    form.reset(EMPTY);
    request.reset();
  }, [open]);

  const submit = form.handleSubmit((body) =>
    request.mutate(
      { body },
      {
        onSuccess: () => {
          toast({ title: t('mentorDesk.timeOff.submitted'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrorsOf(error, TIME_OFF_FIELDS).byField)) {
            form.setError(field as keyof TimeOffFormValues, { type: 'server', message: message as string });
          }
        },
      },
    ),
  );
  const serverFieldErrors = request.isError && Object.keys(fieldErrorsOf(request.error, TIME_OFF_FIELDS).byField).length > 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="time-off-dialog">
        <DialogHeader>
          <DialogTitle>{t('mentorDesk.timeOff.request')}</DialogTitle>
          <DialogDescription>{t('mentorDesk.timeOff.dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('mentorDesk.timeOff.startDate')} error={vt(errors.start_date?.message)}>
              {(field) => <Input {...field} {...form.register('start_date')} type="date" required data-testid="time-off-start" />}
            </FormField>
            <FormField label={t('mentorDesk.timeOff.endDate')} error={vt(errors.end_date?.message)}>
              {(field) => <Input {...field} {...form.register('end_date')} type="date" required data-testid="time-off-end" />}
            </FormField>
          </div>
          <FormField label={t('mentorDesk.timeOff.reason')} error={vt(errors.reason?.message)}>
            {(field) => (
              <Textarea {...field} {...form.register('reason')} rows={3} maxLength={500} required data-testid="time-off-reason" />
            )}
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
          {request.isError && !serverFieldErrors && (
            // spec 8: the server's detail when present, else the fallback
            <Alert tone="error" data-testid="time-off-error">
              {serverDetail(request.error) ?? t('mentorDesk.timeOff.failed')}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" loading={request.isPending} data-testid="time-off-submit">
              {t('mentorDesk.timeOff.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
