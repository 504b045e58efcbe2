import { MentoringErrorCode, WEEKDAYS, mentoringRoutes, type WeeklySlot } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Input, useToast } from '../../ui';
import { fieldErrorsOf } from '../../api/field-errors';
import { availabilityRequest, checkWeek, nextRow, rowsFromSlots, sameSchedule, type RowErrors, type WeekRows } from './schedule';
import { TimeZoneSelect } from './time-zone-select';

interface WeeklyScheduleEditorProps {
  /** the saved schedule the editor starts from */
  slots: readonly WeeklySlot[];
  timezone: string;
}

/**
 * The weekly schedule (the spec's "advanced scheduling coming soon", made real): openings per
 * weekday in the mentor's time zone; Save replaces the whole schedule. Overlapping openings are
 * refused by the server, which names the pair; nothing is saved then.
 */
export function WeeklyScheduleEditor({ slots, timezone: savedZone }: WeeklyScheduleEditorProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [week, setWeek] = useState<WeekRows>(() => rowsFromSlots(slots));
  const [saved, setSaved] = useState<{ slots: readonly WeeklySlot[]; timezone: string }>({ slots, timezone: savedZone });
  const [timezone, setTimezone] = useState(savedZone);
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useRouteMutation(mentoringRoutes.updateAvailability, { invalidates: ['mentoring.'] });
  const zoneError = save.isError ? fieldErrorsOf(save.error, ['timezone']).byField.timezone : undefined;
  const dirty = timezone !== saved.timezone || !sameSchedule(week, saved.slots);

  const updateDay = (weekday: number, change: (day: WeekRows[number]) => WeekRows[number]) =>
    setWeek((current) => current.map((day, i) => (i === weekday ? change(day) : day)));

  const onSave = () => {
    const check = checkWeek(week);
    setRowErrors(check.rowErrors);
    save.reset();
    if (!check.slots) {
      setProblem(check.weekError ? vt(check.weekError)! : t('mentorDesk.availability.fixRows'));
      return;
    }
    setProblem(null);
    const keys = check.slotKeys;
    save.mutate(
      { body: availabilityRequest(check.slots, timezone) },
      {
        onSuccess: (answer) => {
          setWeek(rowsFromSlots(answer.slots));
          setSaved({ slots: answer.slots, timezone: answer.timezone });
          setTimezone(answer.timezone);
          toast({ title: t('mentorDesk.availability.saved'), tone: 'success' });
        },
        onError: (error) => {
          // a 400 on slots.N belongs to the row that became slot N
          const byRow: Record<string, RowErrors> = {};
          if (isApiError(error)) {
            for (const e of error.errors) {
              const m = /^slots\.(\d+)\.(start_time|end_time)$/.exec(e.path);
              const key = m ? keys[Number(m[1])] : undefined;
              if (key) byRow[key] = { ...byRow[key], [m![2] === 'start_time' ? 'start' : 'end']: e.message };
            }
          }
          setRowErrors(byRow);
        },
      },
    );
  };

  // an overlap names the pair (the server's detail); anything else says what failed
  const serverProblem = !save.isError
    ? null
    : isApiError(save.error) && save.error.code === MentoringErrorCode.SLOTS_OVERLAP && save.error.detail
      ? save.error.detail
      : `${t('mentorDesk.availability.saveFailed')}: ${detailOr(save.error, t('errors.unexpected'))}`;

  const count = week.reduce((n, day) => n + day.length, 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mentorDesk.availability.scheduleTitle')}</CardTitle>
        <CardDescription>{t('mentorDesk.availability.scheduleIntro')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <FormField
          label={t('mentorDesk.availability.timezone')}
          hint={t('mentorDesk.availability.timezoneHint')}
          error={vt(zoneError)}
          className="max-w-md"
        >
          {(field) => (
            <TimeZoneSelect {...field} value={timezone} onChange={(e) => setTimezone(e.target.value)} data-testid="schedule-timezone" />
          )}
        </FormField>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="weekly-schedule">
          {WEEKDAYS.map((weekday, index) => {
            const dayName = t(`mentorDesk.availability.weekdays.${weekday}`);
            const day = week[index] ?? [];
            return (
              <li key={weekday} className="space-y-3 p-3 sm:p-4" data-testid={`schedule-day-${weekday}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{dayName}</h3>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => updateDay(index, (rows) => [...rows, nextRow(rows)])}
                    aria-label={t('mentorDesk.availability.addOpeningOn', { day: dayName })}
                    data-testid={`add-opening-${weekday}`}
                  >
                    {t('mentorDesk.availability.addOpening')}
                  </Button>
                </div>
                {day.length === 0 ? (
                  <p className="text-sm text-slate-600">{t('mentorDesk.availability.noOpenings')}</p>
                ) : (
                  <ol className="space-y-2">
                    {day.map((row, n) => {
                      const errors = rowErrors[row.key] ?? {};
                      const labels = { n: n + 1, day: dayName };
                      return (
                        <li key={row.key} className="flex flex-wrap items-start gap-2" data-testid="opening">
                          <TimeBox
                            label={t('mentorDesk.availability.start')}
                            fullLabel={t('mentorDesk.availability.startOf', labels)}
                            value={row.start}
                            error={vt(errors.start)}
                            onChange={(start) => updateDay(index, (rows) => rows.map((r) => (r.key === row.key ? { ...r, start } : r)))}
                            testId="opening-start"
                          />
                          <TimeBox
                            label={t('mentorDesk.availability.end')}
                            fullLabel={t('mentorDesk.availability.endOf', labels)}
                            value={row.end}
                            error={vt(errors.end)}
                            onChange={(end) => updateDay(index, (rows) => rows.map((r) => (r.key === row.key ? { ...r, end } : r)))}
                            testId="opening-end"
                          />
                          <Button
                            variant="ghost"
                            size="sm"
                            className="mt-6 text-red-700 hover:bg-red-50"
                            onClick={() => updateDay(index, (rows) => rows.filter((r) => r.key !== row.key))}
                            aria-label={t('mentorDesk.availability.removeOpening', labels)}
                            data-testid="opening-remove"
                          >
                            {t('mentorDesk.timeOff.remove')}
                          </Button>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ul>
        {(problem ?? serverProblem) && (
          <Alert tone="error" data-testid="schedule-error">
            {problem ?? serverProblem}
            {!problem && <> {t('mentorDesk.availability.notSaved')}</>}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="schedule-summary">
            {t('mentorDesk.availability.openingsCount', { count })}
            {dirty && (
              <Badge tone="warning" className="ml-2">
                {t('mentorDesk.availability.unsaved')}
              </Badge>
            )}
          </p>
          <Button onClick={onSave} loading={save.isPending} className="w-full sm:w-auto" data-testid="schedule-save">
            {t('mentorDesk.availability.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

interface TimeBoxProps {
  label: string;
  fullLabel: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}

/** One "HH:MM" box; its visible label is short, its accessible name says which opening of which day. */
function TimeBox({ label, fullLabel, value, error, onChange, testId }: TimeBoxProps) {
  const { t } = useTranslation();
  return (
    <FormField label={label} error={error} className="w-[7.5rem]">
      {(field) => (
        <Input
          {...field}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-label={fullLabel}
          title={t('mentorDesk.availability.timeHint')}
          placeholder="09:00"
          maxLength={5}
          autoComplete="off"
          className="font-mono tabular-nums"
          data-testid={testId}
        />
      )}
    </FormField>
  );
}
