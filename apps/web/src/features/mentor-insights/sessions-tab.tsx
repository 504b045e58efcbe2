import { mentoringRoutes, refundOnCancel, type MentoringSession } from '@lp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { Badge, Button, buttonClasses, Card, CardContent, ConfirmDialog, useToast } from '../../ui';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { statusTone, CancelSessionDialog } from '../mentoring';
import { canCancelAsMentor, canMarkNoShow, joinState, sessionWhen } from './logic';
import { viewerTimeZone } from '../../lib/time-zone';
import { Nothing, StatFigure } from './parts';
import { SessionDetailsDialog } from './session-details-dialog';
import { SessionFacts } from './session-facts';
import { SessionNotesDialog } from './session-notes-dialog';

/** Spec: the first 10 completed sessions. */
const COMPLETED_SHOWN = 10;
const UPCOMING_SHOWN = 100;
const TOAST_MS = 4000;

/**
 * Spec 2.13 Session Management (reading A's Sessions tab): counts of upcoming, completed and
 * cancelled; upcoming cards with Join Session, Mark no-show and Cancel; the first 10 completed
 * sessions with Add Notes and View Details. (Reschedule is left out: nothing stands behind it.)
 */
export function SessionsTab() {
  const { t } = useTranslation();
  const upcoming = useRouteQuery(mentoringRoutes.mySessions, { query: { status: 'upcoming', limit: UPCOMING_SHOWN } });
  const completed = useRouteQuery(mentoringRoutes.mySessions, { query: { status: 'completed', limit: COMPLETED_SHOWN } });
  const cancelled = useRouteQuery(mentoringRoutes.mySessions, { query: { status: 'cancelled', limit: 1 } });
  const zone = useMemo(() => viewerTimeZone(), []);
  const [cancelling, setCancelling] = useState<MentoringSession | null>(null);
  const [noShow, setNoShow] = useState<MentoringSession | null>(null);
  const [notesOf, setNotesOf] = useState<MentoringSession | null>(null);
  const [detailsOf, setDetailsOf] = useState<MentoringSession | null>(null);

  return (
    <section aria-labelledby="mentor-sessions-heading" className="space-y-6" data-testid="mentor-sessions-tab">
      <h2 id="mentor-sessions-heading" className="text-lg font-semibold text-slate-900">
        {t('mentorInsights.sessions.heading')}
      </h2>
      <div role="group" aria-label={t('mentorInsights.sessions.countsLabel')} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <StatFigure
          label={t('mentorInsights.sessions.upcomingCount')}
          source={upcoming}
          value={upcoming.data ? String(upcoming.data.total) : null}
          hint={t('mentorInsights.sessions.statusHint.upcoming')}
          testId="sessions-count-upcoming"
        />
        <StatFigure
          label={t('mentorInsights.sessions.completedCount')}
          source={completed}
          value={completed.data ? String(completed.data.total) : null}
          hint={t('mentorInsights.sessions.statusHint.completed')}
          testId="sessions-count-completed"
        />
        <StatFigure
          label={t('mentorInsights.sessions.cancelledCount')}
          source={cancelled}
          value={cancelled.data ? String(cancelled.data.total) : null}
          hint={t('mentorInsights.sessions.statusHint.cancelled')}
          testId="sessions-count-cancelled"
        />
      </div>

      <section aria-labelledby="mentor-upcoming-heading" className="space-y-3">
        <h3 id="mentor-upcoming-heading" className="text-base font-semibold text-slate-900">
          {t('mentorInsights.sessions.upcomingHeading')}
        </h3>
        {upcoming.isPending ? (
          <LoadingBlock />
        ) : upcoming.isError ? (
          <LoadError error={upcoming.error} title={t('mentorInsights.sessions.loadFailed')} onRetry={() => void upcoming.refetch()} />
        ) : upcoming.data.sessions.length === 0 ? (
          <Nothing testId="sessions-upcoming-empty">{t('mentorInsights.sessions.noUpcoming')}</Nothing>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="sessions-upcoming-list">
            {upcoming.data.sessions.map((session) => (
              <li key={session.id}>
                <UpcomingCard session={session} zone={zone} onCancel={() => setCancelling(session)} onNoShow={() => setNoShow(session)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mentor-completed-heading" className="space-y-3">
        <div>
          <h3 id="mentor-completed-heading" className="text-base font-semibold text-slate-900">
            {t('mentorInsights.sessions.completedHeading')}
          </h3>
          <p className="text-xs text-slate-600">{t('mentorInsights.sessions.completedNote')}</p>
        </div>
        {completed.isPending ? (
          <LoadingBlock />
        ) : completed.isError ? (
          <LoadError error={completed.error} title={t('mentorInsights.sessions.loadFailed')} onRetry={() => void completed.refetch()} />
        ) : completed.data.sessions.length === 0 ? (
          <Nothing testId="sessions-completed-empty">{t('mentorInsights.sessions.noCompleted')}</Nothing>
        ) : (
          <ul className="space-y-3" data-testid="sessions-completed-list">
            {completed.data.sessions.slice(0, COMPLETED_SHOWN).map((session) => (
              <li key={session.id}>
                <CompletedRow session={session} zone={zone} onNotes={() => setNotesOf(session)} onDetails={() => setDetailsOf(session)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {cancelling && <CancelDialog session={cancelling} zone={zone} onClose={() => setCancelling(null)} />}
      {noShow && <NoShowDialog session={noShow} zone={zone} onClose={() => setNoShow(null)} />}
      {notesOf && <SessionNotesDialog session={notesOf} zone={zone} onClose={() => setNotesOf(null)} />}
      {detailsOf && <SessionDetailsDialog session={detailsOf} zone={zone} onClose={() => setDetailsOf(null)} />}
    </section>
  );
}

function UpcomingCard({
  session,
  zone,
  onCancel,
  onNoShow,
}: {
  session: MentoringSession;
  zone: string;
  onCancel: () => void;
  onNoShow: () => void;
}) {
  const { t } = useTranslation();
  const join = joinState(session);
  const headingId = `mentor-session-${session.id}`;
  const joinHintId = `mentor-session-${session.id}-join-hint`;
  const name = session.mentee_name;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid="mentor-session-card"
      data-session-id={session.id}
      data-status={session.status}
    >
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h4 id={headingId} className="text-base font-semibold break-words text-slate-900" data-testid="session-mentee">
              {name}
            </h4>
            <p className="text-sm break-words text-slate-600">{session.title}</p>
          </div>
          <Badge tone={statusTone(session.status)} data-testid="session-status">
            {t(`mentorInsights.sessions.status.${session.status}`)}
          </Badge>
        </div>
        <SessionFacts session={session} zone={zone} />
        <div className="flex flex-wrap gap-2 pt-1">
          {join === 'open' && session.meeting_link ? (
            <a
              href={session.meeting_link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('primary', 'sm')}
              aria-label={t('mentorInsights.sessions.joinLabel', { name })}
              data-testid="session-join"
            >
              {t('mentorInsights.sessions.join')}
            </a>
          ) : (
            <Button size="sm" disabled aria-describedby={joinHintId} data-testid="session-join">
              {t('mentorInsights.sessions.join')}
            </Button>
          )}
          {canMarkNoShow(session) && (
            <Button
              size="sm"
              variant="outline"
              onClick={onNoShow}
              aria-label={t('mentorInsights.sessions.noShowLabel', { name })}
              data-testid="session-no-show"
            >
              {t('mentorInsights.sessions.noShow')}
            </Button>
          )}
          {canCancelAsMentor(session) && (
            <Button
              size="sm"
              variant="outline"
              onClick={onCancel}
              aria-label={t('mentorInsights.sessions.cancelLabel', { name })}
              data-testid="session-cancel"
            >
              {t('mentorInsights.sessions.cancel')}
            </Button>
          )}
        </div>
        {join !== 'open' && (
          <p id={joinHintId} className="text-xs text-slate-600" data-testid="session-join-hint">
            {t(join === 'unpaid' ? 'mentorInsights.sessions.joinUnpaid' : 'mentorInsights.sessions.joinNoLink')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function CompletedRow({
  session,
  zone,
  onNotes,
  onDetails,
}: {
  session: MentoringSession;
  zone: string;
  onNotes: () => void;
  onDetails: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `mentor-completed-${session.id}`;
  const name = session.mentee_name;
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="mentor-completed-session" data-session-id={session.id}>
      <CardContent className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div>
            <h4 id={headingId} className="text-base font-semibold break-words text-slate-900" data-testid="session-mentee">
              {name}
            </h4>
            <p className="text-sm break-words text-slate-600">{session.title}</p>
          </div>
          <SessionFacts session={session} zone={zone} showRating />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            onClick={onNotes}
            aria-label={t('mentorInsights.sessions.addNotesLabel', { name })}
            data-testid="session-add-notes"
          >
            {t('mentorInsights.sessions.addNotes')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onDetails}
            aria-label={t('mentorInsights.sessions.viewDetailsLabel', { name })}
            data-testid="session-view-details"
          >
            {t('mentorInsights.sessions.viewDetails')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The mentor's cancellation: by the refund rule (libs/contracts), a mentor cancelling refunds the learner in full. */
function CancelDialog({ session, zone, onClose }: { session: MentoringSession; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const when = sessionWhen(session.scheduled_at, i18n.language, zone);
  const refund = refundOnCancel(
    { status: session.status, amountMinor: session.total_amount.amount_minor, startsAt: new Date(session.scheduled_at) },
    'mentor',
    new Date(),
  );
  const description = `${session.mentee_name} · ${when.date ?? t('mentorInsights.sessions.tbd')} ${when.time ?? ''}. ${
    refund > 0
      ? t('mentorInsights.sessions.cancelPaid', { amount: money.of(session.total_amount) })
      : t('mentorInsights.sessions.cancelUnpaid')
  }`;
  return (
    <CancelSessionDialog
      session={session}
      description={description}
      i18nPrefix="mentorInsights.sessions"
      testId="mentor-cancel-session-dialog"
      onClose={onClose}
    />
  );
}

function NoShowDialog({ session, zone, onClose }: { session: MentoringSession; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const detail = useDetailOrMessage();
  const mark = useRouteMutation(mentoringRoutes.markNoShow, { invalidates: ['mentoring.'] });
  const when = sessionWhen(session.scheduled_at, i18n.language, zone);
  const confirm = () =>
    mark.mutate(
      { params: { id: session.id } },
      {
        onSuccess: () => {
          toast({ title: t('mentorInsights.sessions.noShowDone'), tone: 'success', durationMs: TOAST_MS });
          onClose();
        },
        onError: (error) =>
          toast({ title: t('mentorInsights.sessions.noShowFailed', { detail: detail(error) }), tone: 'error', durationMs: TOAST_MS }),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('mentorInsights.sessions.noShowTitle')}
      description={t('mentorInsights.sessions.noShowText', {
        name: session.mentee_name,
        date: `${when.date ?? t('mentorInsights.sessions.tbd')} ${when.time ?? ''}`.trim(),
      })}
      confirmLabel={t('mentorInsights.sessions.noShowConfirm')}
      onConfirm={confirm}
      pending={mark.isPending}
      destructive
      testId="mentor-no-show-dialog"
    />
  );
}
