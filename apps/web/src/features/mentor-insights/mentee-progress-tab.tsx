import { mentoringRoutes, type RouteOutput } from '@lp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFailureText } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { formatDecimal, formatPercent } from '../../lib/figures';
import {
  Badge,
  Button,
  cn,
  Card,
  CardContent,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  FormField,
  Input,
  ProgressBar,
  Textarea,
} from '../../ui';
import { FormDialog, useContractForm } from '../../ui/form';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { statusTone } from '../mentoring';
import { ListEditor } from './list-editor';
import {
  firstMessage,
  joinCommaList,
  ownMessage,
  ProgressFormSchema,
  rowsOrBlank,
  sessionsOfMentee,
  sessionWhen,
  type ProgressFormValues,
} from './logic';
import { SCROLLING_DIALOG, useSaveAndClose } from './dialog-form';
import { viewerTimeZone } from '../../lib/time-zone';
import { StatFigure } from './parts';

type MenteeProgress = RouteOutput<typeof mentoringRoutes.menteesProgress>['mentees'][number];
/** Spec: up to 3 current goals on a card. */
const GOALS_SHOWN = 3;

/**
 * Spec 2.13 Mentee Progress Tracking: the summary, a card per mentee with Update Progress (a
 * modal → POST /mentor/mentees/{id}/progress) and View History (the mentee's sessions), and
 * "No Mentees Yet" when there are none.
 */
export function MenteeProgressTab() {
  const { t } = useTranslation();
  const list = useRouteQuery(mentoringRoutes.menteesProgress, {});
  const [updating, setUpdating] = useState<MenteeProgress | null>(null);
  const [history, setHistory] = useState<MenteeProgress | null>(null);
  const summary = list.data?.summary;
  const hasMentees = (summary?.total_mentees ?? 0) > 0;

  return (
    <section aria-labelledby="mentor-mentees-heading" className="space-y-6" data-testid="mentor-mentees-tab">
      <h2 id="mentor-mentees-heading" className="text-lg font-semibold text-slate-900">
        {t('mentorInsights.mentees.heading')}
      </h2>
      {list.isError ? (
        <LoadError error={list.error} title={t('mentorInsights.mentees.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <div role="group" aria-label={t('mentorInsights.mentees.summaryLabel')} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
          <StatFigure
            label={t('mentorInsights.mentees.total')}
            source={list}
            value={summary ? String(summary.total_mentees) : null}
            hint={t('mentorInsights.mentees.emptyText')}
            testId="mentees-total"
          />
          <StatFigure
            label={t('mentorInsights.mentees.active')}
            source={list}
            value={summary ? String(summary.active_mentees) : null}
            hint={t('mentorInsights.mentees.activeHint')}
            testId="mentees-active"
          />
          <StatFigure
            label={t('mentorInsights.mentees.average')}
            source={list}
            value={hasMentees ? formatPercent(summary?.avg_completion_rate) : null}
            hint={hasMentees ? t('mentorInsights.mentees.averageHint') : t('mentorInsights.mentees.emptyText')}
            testId="mentees-average"
          />
        </div>
      )}
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? null : list.data.mentees.length === 0 ? (
        <EmptyState
          title={t('mentorInsights.mentees.emptyTitle')}
          description={t('mentorInsights.mentees.emptyText')}
          headingLevel="h3"
          className="py-10"
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="mentee-list">
          {list.data.mentees.map((mentee) => (
            <li key={mentee.mentee_id}>
              <MenteeCard mentee={mentee} onUpdate={() => setUpdating(mentee)} onHistory={() => setHistory(mentee)} />
            </li>
          ))}
        </ul>
      )}
      {updating && <ProgressDialog mentee={updating} onClose={() => setUpdating(null)} />}
      {history && <HistoryDialog mentee={history} onClose={() => setHistory(null)} />}
    </section>
  );
}

function MenteeCard({ mentee, onUpdate, onHistory }: { mentee: MenteeProgress; onUpdate: () => void; onHistory: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useMemo(() => viewerTimeZone(), []);
  const headingId = `mentee-${mentee.mentee_id}`;
  const last = mentee.last_session_date ? sessionWhen(mentee.last_session_date, i18n.language, zone).date : null;
  const goals = mentee.current_goals.slice(0, GOALS_SHOWN);
  const rate = formatPercent(mentee.completion_rate, i18n.language);
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="mentee-card" data-mentee-id={mentee.mentee_id}>
      <CardContent className="space-y-4">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900" data-testid="mentee-name">
            {mentee.name}
          </h3>
          <p className="text-sm break-all text-slate-600" data-testid="mentee-email">
            {mentee.email ?? t('mentorInsights.mentees.noEmail')}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">{t('mentorInsights.mentees.sessions')}</dt>
            <dd className="font-medium text-slate-900" data-testid="mentee-sessions">
              {t('mentorInsights.mentees.sessionsValue', { completed: mentee.completed_sessions, total: mentee.total_sessions })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentorInsights.mentees.hours')}</dt>
            <dd className="font-medium text-slate-900" data-testid="mentee-hours">
              {t('mentorInsights.mentees.hoursValue', { hours: formatDecimal(mentee.total_hours, i18n.language) })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentorInsights.mentees.lastSession')}</dt>
            <dd className="font-medium text-slate-900" data-testid="mentee-last-session">
              {last ?? t('mentorInsights.mentees.never')}
            </dd>
          </div>
        </dl>
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span className="text-slate-600">{t('mentorInsights.mentees.completionRate')}</span>
            <span className="font-medium text-slate-900" data-testid="mentee-completion">
              {rate}
            </span>
          </div>
          <ProgressBar
            value={mentee.completion_rate}
            label={t('mentorInsights.mentees.completionLabel', { name: mentee.name })}
            valueText={rate}
            tone="success"
          />
        </div>
        <div>
          <h4 className="text-sm font-medium text-slate-800">{t('mentorInsights.mentees.goals')}</h4>
          {goals.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="mentee-no-goals">
              {t('mentorInsights.mentees.noGoals')}
            </p>
          ) : (
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-900" data-testid="mentee-goals">
              {goals.map((goal, i) => (
                <li key={i} className="break-words">
                  {goal}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={onUpdate}
            aria-label={t('mentorInsights.mentees.updateLabel', { name: mentee.name })}
            data-testid="mentee-update"
          >
            {t('mentorInsights.mentees.updateProgress')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onHistory}
            aria-label={t('mentorInsights.mentees.historyLabel', { name: mentee.name })}
            data-testid="mentee-history"
          >
            {t('mentorInsights.mentees.viewHistory')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ProgressDialog({ mentee, onClose }: { mentee: MenteeProgress; onClose: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const form = useContractForm(ProgressFormSchema, {
    defaultValues: {
      goals: rowsOrBlank(mentee.current_goals),
      progress_notes: mentee.progress_notes,
      skills_developed: joinCommaList(mentee.skills_developed),
      areas_for_improvement: joinCommaList(mentee.areas_for_improvement),
      next_milestones: rowsOrBlank(mentee.next_milestones),
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [goals, milestones] = form.watch(['goals', 'next_milestones']);
  const setList = (field: 'goals' | 'next_milestones', rows: string[]) => form.setValue(field, rows, { shouldValidate: isSubmitted });
  // a comma-separated box says the error of any of its items
  const err = (field: keyof ProgressFormValues) => vt(firstMessage(errors[field]));
  // the list refetches on success (invalidated), so the card shows what was saved
  const update = useRouteMutation(mentoringRoutes.updateMenteeProgress, { invalidates: ['mentoring.mentee.'] });

  const done = useSaveAndClose(form.applyServerError, t('mentorInsights.progress.saved'), onClose);
  const submit = form.submit((body) => update.mutate({ params: { id: mentee.mentee_id }, body }, done));

  return (
    <FormDialog
      onClose={onClose}
      title={t('mentorInsights.progress.title')}
      description={t('mentorInsights.progress.description', { name: mentee.name })}
      className={cn(SCROLLING_DIALOG, 'sm:max-w-xl')}
      onSubmit={submit}
      submitLabel={t('mentorInsights.progress.save')}
      pending={update.isPending}
      error={saveFailureText(update, form.formError, t('mentorInsights.progress.failed'))}
      testId="mentee-progress-dialog"
      errorTestId="progress-error"
      submitTestId="progress-save"
    >
      <ListEditor
        legend={t('mentorInsights.progress.goals')}
        rows={goals}
        onChange={(rows) => setList('goals', rows)}
        itemLabel={(n) => t('mentorInsights.progress.goal', { n })}
        removeLabel={(n) => t('mentorInsights.progress.removeGoal', { n })}
        addLabel={t('mentorInsights.progress.addMore')}
        errorOf={(i) => form.errorText(`goals.${i}`)}
        listError={vt(ownMessage(errors.goals))}
        testId="progress-goals"
      />
      <FormField label={t('mentorInsights.progress.notes')} error={err('progress_notes')}>
        {(field) => <Textarea {...field} {...form.register('progress_notes')} rows={4} maxLength={5000} data-testid="progress-notes" />}
      </FormField>
      <FormField label={t('mentorInsights.progress.skills')} hint={t('mentorInsights.progress.commaHint')} error={err('skills_developed')}>
        {(field) => <Input {...field} {...form.register('skills_developed')} data-testid="progress-skills" />}
      </FormField>
      <FormField
        label={t('mentorInsights.progress.areas')}
        hint={t('mentorInsights.progress.commaHint')}
        error={err('areas_for_improvement')}
      >
        {(field) => <Input {...field} {...form.register('areas_for_improvement')} data-testid="progress-areas" />}
      </FormField>
      <ListEditor
        legend={t('mentorInsights.progress.milestones')}
        rows={milestones}
        onChange={(rows) => setList('next_milestones', rows)}
        itemLabel={(n) => t('mentorInsights.progress.milestone', { n })}
        removeLabel={(n) => t('mentorInsights.progress.removeMilestone', { n })}
        addLabel={t('mentorInsights.progress.addMore')}
        errorOf={(i) => form.errorText(`next_milestones.${i}`)}
        listError={vt(ownMessage(errors.next_milestones))}
        testId="progress-milestones"
      />
    </FormDialog>
  );
}

/** View History: the mentee's sessions with this mentor, from GET /sessions/my filtered here. */
function HistoryDialog({ mentee, onClose }: { mentee: MenteeProgress; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useMemo(() => viewerTimeZone(), []);
  const sessions = useRouteQuery(mentoringRoutes.mySessions, { query: { limit: 100 } });
  const mine = sessions.data ? sessionsOfMentee(sessions.data.sessions, mentee.mentee_id) : [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn(SCROLLING_DIALOG, 'sm:max-w-xl')} data-testid="mentee-history-dialog">
        <DialogHeader>
          <DialogTitle>{t('mentorInsights.history.title')}</DialogTitle>
          <DialogDescription>{t('mentorInsights.history.description', { name: mentee.name })}</DialogDescription>
        </DialogHeader>
        {sessions.isPending ? (
          <LoadingBlock />
        ) : sessions.isError ? (
          <LoadError error={sessions.error} title={t('mentorInsights.history.loadFailed')} onRetry={() => void sessions.refetch()} />
        ) : mine.length === 0 ? (
          <p className="text-sm text-slate-600">{t('mentorInsights.history.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="mentee-history-list">
            {mine.map((s) => {
              const when = sessionWhen(s.scheduled_at, i18n.language, zone);
              return (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{s.title}</p>
                    <p className="text-slate-600">
                      {when.date ?? t('mentorInsights.sessions.tbd')} · {when.time ?? t('mentorInsights.sessions.tbd')} ·{' '}
                      {t('mentorInsights.sessions.durationValue', { minutes: s.duration_minutes })}
                    </p>
                  </div>
                  <Badge tone={statusTone(s.status)}>{t(`mentorInsights.sessions.status.${s.status}`)}</Badge>
                </li>
              );
            })}
          </ul>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('mentorInsights.history.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
