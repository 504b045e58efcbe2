import { mentoringRoutes, type AvailabilitySchema } from '@lp/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmDialog, useToast } from '../../ui';
import { TimeOffDialog } from './time-off-dialog';

type TimeOff = z.infer<typeof AvailabilitySchema>['time_off'][number];

/** "YYYY-MM-DD" in the reader's language, read as the calendar day it names (no time zone shift). */
function useFormatDay(): (day: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (day: string) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime())
        ? day
        : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    },
    [i18n.language],
  );
}

/** The mentor's time off (upcoming and yearly), Request Time Off, and Remove with a confirmation. */
export function TimeOffSection({ timeOff }: { timeOff: readonly TimeOff[] }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const day = useFormatDay();
  const [requesting, setRequesting] = useState(false);
  const [removing, setRemoving] = useState<TimeOff | null>(null);
  const cancel = useRouteMutation(mentoringRoutes.cancelTimeOff, { invalidates: ['mentoring.'] });
  const rangeOf = (item: TimeOff) =>
    item.start_date === item.end_date
      ? day(item.start_date)
      : t('mentorDesk.timeOff.range', { start: day(item.start_date), end: day(item.end_date) });

  const confirmRemove = () => {
    if (!removing) return;
    cancel.mutate(
      { params: { id: removing.id } },
      {
        onSuccess: () => {
          toast({ title: t('mentorDesk.timeOff.removed'), tone: 'success' });
          setRemoving(null);
        },
        onError: (error) => {
          toast({ title: t('mentorDesk.timeOff.removeFailed'), description: detailOr(error, t('errors.unexpected')), tone: 'error' });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>{t('mentorDesk.timeOff.title')}</CardTitle>
          <CardDescription>{t('mentorDesk.timeOff.intro')}</CardDescription>
        </div>
        <Button onClick={() => setRequesting(true)} className="w-full shrink-0 sm:w-auto" data-testid="request-time-off">
          {t('mentorDesk.timeOff.request')}
        </Button>
      </CardHeader>
      <CardContent>
        {timeOff.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="time-off-empty">
            {t('mentorDesk.timeOff.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="time-off-list">
            {timeOff.map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4"
                data-testid="time-off-item"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {rangeOf(item)}
                    {item.is_recurring && (
                      <Badge tone="neutral" className="ml-2">
                        {t('mentorDesk.timeOff.everyYear')}
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm break-words text-slate-600">{item.reason}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-auto"
                  onClick={() => setRemoving(item)}
                  aria-label={t('mentorDesk.timeOff.removeLabel', { range: rangeOf(item) })}
                  data-testid="time-off-remove"
                >
                  {t('mentorDesk.timeOff.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <TimeOffDialog open={requesting} onOpenChange={setRequesting} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('mentorDesk.timeOff.confirmTitle')}
        description={removing ? t('mentorDesk.timeOff.confirmText', { range: rangeOf(removing) }) : ''}
        confirmLabel={t('mentorDesk.timeOff.confirmLabel')}
        onConfirm={confirmRemove}
        pending={cancel.isPending}
        destructive
        testId="time-off-confirm"
      />
    </Card>
  );
}
