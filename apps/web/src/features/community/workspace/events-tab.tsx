import { communityRoutes, type StudyGroupDetail } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, Textarea, useToast } from '../../../ui';
import { FormErrorAlert, useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { EVENT_FORM_FIELDS, emptyEventForm, EventFormSchema, formProblem } from '../forms';

/** The group's events, soonest first, and the form to schedule one (title, date, time, optional meeting link, description). */
export function EventsTab({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const events = useRouteQuery(communityRoutes.groupEvents, { params: { id: group.id } });
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <Card>
        <CardHeader>
          <CardTitle id="events-heading">{t('community.events.upcoming')}</CardTitle>
        </CardHeader>
        <CardContent>
          {events.isPending ? (
            <LoadingBlock />
          ) : events.isError ? (
            <LoadError error={events.error} title={t('community.events.loadFailed')} onRetry={() => void events.refetch()} />
          ) : events.data.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="events-empty">
              {t('community.events.empty')}
            </p>
          ) : (
            <ul className="space-y-3" aria-labelledby="events-heading" data-testid="events-list">
              {events.data.map((event) => (
                <li key={event.id} className="rounded-xl border border-slate-200 p-4" data-testid="event" data-event-id={event.id}>
                  <h3 className="font-semibold text-slate-900" data-testid="event-title">
                    {event.title}
                  </h3>
                  <p className="text-sm text-slate-700" data-testid="event-when">
                    <time dateTime={`${event.date}T${event.time}`}>
                      {t('community.events.when', { date: event.date, time: event.time })}
                    </time>
                  </p>
                  {event.description && <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{event.description}</p>}
                  <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-600">
                    <span>{t('community.events.organizer', { name: event.organizer_name })}</span>
                    {event.meeting_link && (
                      <a
                        href={event.meeting_link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-primary-strong hover:underline"
                        data-testid="event-link"
                      >
                        {t('community.events.join')}
                        <span className="sr-only"> {t('community.events.opensNewTab')}</span>
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {!group.is_suspended && <EventForm groupId={group.id} />}
    </div>
  );
}

function EventForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(EventFormSchema, { defaultValues: emptyEventForm });
  const create = useRouteMutation(communityRoutes.createGroupEvent, { invalidates: [communityRoutes.groupEvents] });
  const problem = formProblem(EVENT_FORM_FIELDS, form.getValues(), form.formState.errors);
  const error = problem
    ? problem.kind === 'missing'
      ? t('community.forms.fillRequired')
      : vt(problem.message)
    : create.isError
      ? t('community.events.createFailed', { detail: detailOrMessage(create.error) })
      : undefined;

  const submit = form.submit((body) =>
    create.mutate(
      { params: { id: groupId }, body },
      {
        onSuccess: () => {
          toast({ title: t('community.events.created'), tone: 'success' });
          form.reset(emptyEventForm);
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="event-form-title">{t('community.events.schedule')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="event-form-title" data-testid="event-form">
          <FormField label={t('community.events.title')}>
            {(field) => <Input {...field} {...form.register('title')} maxLength={200} required data-testid="event-form-title" />}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t('community.events.date')}>
              {(field) => <Input {...field} type="date" {...form.register('date')} required data-testid="event-form-date" />}
            </FormField>
            <FormField label={t('community.events.time')}>
              {(field) => <Input {...field} type="time" {...form.register('time')} required data-testid="event-form-time" />}
            </FormField>
          </div>
          <FormField label={t('community.events.meetingLink')} hint={t('community.events.meetingLinkHint')}>
            {(field) => (
              <Input
                {...field}
                type="url"
                inputMode="url"
                {...form.register('meeting_link')}
                placeholder="https://"
                data-testid="event-form-link"
              />
            )}
          </FormField>
          <FormField label={t('community.events.description')}>
            {(field) => (
              <Textarea {...field} rows={3} {...form.register('description')} maxLength={2000} data-testid="event-form-description" />
            )}
          </FormField>
          {error && <FormErrorAlert testId="event-form-error">{error}</FormErrorAlert>}
          <Button type="submit" loading={create.isPending} className="w-full" data-testid="event-form-submit">
            {t('community.events.create')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
