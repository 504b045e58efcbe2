import { FULL_REFUND_HOURS, mentoringRoutes, type MentoringSession } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { formatDurationMinutes } from '../../lib/figures';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, Button, buttonClasses, Card, CardContent, EmptyState, FormField, PageHeader, Select } from '../../ui';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import {
  canCancel,
  canJoin,
  canRate,
  refundOutcome,
  SESSION_FILTERS,
  sessionFilterFromParam,
  statusTone,
  type SessionFilter,
} from './logic';
import { viewerTimeZone } from '../../lib/time-zone';
import { CancelSessionDialog } from './cancel-session-dialog';
import { RateSessionDialog } from './rate-session-dialog';

const PAGE = 50;
const MAX_PAGE = 100;

/** Spec 3 /my-sessions: the learner's sessions with a status filter; Join Meeting, Rate Session and Cancel where they apply. */
export function MySessionsPage() {
  const { t } = useTranslation();
  const title = t('areas.mySessions');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filter = sessionFilterFromParam(params.get('status'));
  const [limit, setLimit] = useState(PAGE);
  const [rating, setRating] = useState<MentoringSession | null>(null);
  const [cancelling, setCancelling] = useState<MentoringSession | null>(null);
  const zone = useMemo(() => viewerTimeZone(), []);

  const list = useRouteQuery(
    mentoringRoutes.mySessions,
    { query: { ...(filter === 'all' ? {} : { status: filter }), limit } },
    { placeholderData: keepPreviousData },
  );
  const setFilter = (value: SessionFilter) => {
    setLimit(PAGE);
    setParams(value === 'all' ? {} : { status: value }, { replace: true });
  };

  return (
    <div data-testid="my-sessions-page" className="space-y-6">
      <PageHeader
        title={title}
        subtitle={t('mentoring.sessions.subtitle')}
        className="mb-0 sm:mb-0"
        actions={
          <Link to="/mentors" className={buttonClasses('outline')}>
            {t('mentoring.sessions.findMentors')}
          </Link>
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <FormField label={t('mentoring.sessions.filter')} className="sm:w-60">
          {(field) => (
            <Select
              {...field}
              value={filter}
              onChange={(e) => setFilter(e.target.value as SessionFilter)}
              data-testid="session-status-filter"
            >
              {SESSION_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`mentoring.sessions.filters.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <p className="text-xs text-slate-600" data-testid="session-time-zone">
          {t('mentoring.sessions.timeZone', { zone })}
        </p>
      </div>

      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('mentoring.sessions.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.sessions.length === 0 ? (
        <EmptyState
          title={t(filter === 'all' ? 'mentoring.sessions.noneTitle' : 'mentoring.sessions.noMatchTitle')}
          description={filter === 'all' ? t('mentoring.sessions.noneText') : undefined}
          action={
            <Link to="/mentors" className={buttonClasses('primary')}>
              {t('mentoring.sessions.findMentors')}
            </Link>
          }
          className="py-10"
        />
      ) : (
        <section aria-label={t('mentoring.sessions.listLabel')} className="space-y-4" aria-busy={list.isFetching || undefined}>
          <ul className="space-y-4" data-testid="session-list">
            {list.data.sessions.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} zone={zone} onRate={() => setRating(session)} onCancel={() => setCancelling(session)} />
              </li>
            ))}
          </ul>
          {list.data.total > list.data.sessions.length && limit < MAX_PAGE && (
            <div className="flex justify-center">
              <Button variant="outline" loading={list.isFetching} onClick={() => setLimit(MAX_PAGE)} data-testid="session-more">
                {t('mentoring.sessions.more')}
              </Button>
            </div>
          )}
        </section>
      )}
      <RateSessionDialog session={rating} onClose={() => setRating(null)} />
      <CancelDialog session={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

function SessionCard({
  session,
  zone,
  onRate,
  onCancel,
}: {
  session: MentoringSession;
  zone: string;
  onRate: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }),
    [i18n.language, zone],
  );
  const headingId = `session-${session.id}-title`;
  const refund =
    session.status === 'cancelled' && session.refunded_minor !== null
      ? session.refunded_minor > 0
        ? t('mentoring.sessions.refunded', { amount: money.minor(session.refunded_minor, session.total_amount.currency) })
        : t('mentoring.sessions.noRefund')
      : null;
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="session-card" data-session-id={session.id} data-status={session.status}>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900" data-testid="session-title">
            {session.title}
          </h2>
          <Badge tone={statusTone(session.status)} data-testid="session-status">
            {t(`mentoring.sessions.status.${session.status}`)}
          </Badge>
        </div>
        {session.description && <p className="text-sm break-words whitespace-pre-line text-slate-700">{session.description}</p>}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <dt className="text-slate-600">{t('mentoring.sessions.when')}</dt>
            <dd className="font-medium text-slate-900" data-testid="session-when">
              <time dateTime={session.scheduled_at}>{when.format(new Date(session.scheduled_at))}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentoring.sessions.duration')}</dt>
            <dd className="font-medium text-slate-900">{formatDurationMinutes(session.duration_minutes, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentoring.sessions.mentor')}</dt>
            <dd className="font-medium break-words text-slate-900" data-testid="session-mentor">
              {session.mentor_name}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentoring.sessions.amount')}</dt>
            <dd className="font-medium text-slate-900" data-testid="session-amount">
              {money.of(session.total_amount)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('mentoring.sessions.rating')}</dt>
            <dd className="font-medium text-slate-900" data-testid="session-rating">
              {session.rating === null ? t('mentoring.sessions.notRated') : t('mentoring.sessions.ratingValue', { rating: session.rating })}
            </dd>
          </div>
        </dl>
        {session.status === 'scheduled' && session.hold_expires_at && (
          <p className="text-sm text-amber-900" data-testid="session-held">
            {t('mentoring.sessions.held', { time: when.format(new Date(session.hold_expires_at)) })}
          </p>
        )}
        {session.status === 'cancelled' && (
          <p className="text-sm text-slate-700" data-testid="session-cancelled-note">
            {session.cancelled_by ? t(`mentoring.sessions.cancelledBy.${session.cancelled_by}`) : null}
            {refund && (
              <>
                {session.cancelled_by ? ' · ' : null}
                <span data-testid="session-refund">{refund}</span>
              </>
            )}
          </p>
        )}
        {(canJoin(session) || canRate(session) || canCancel(session)) && (
          <div className="flex flex-wrap gap-2 pt-1">
            {canJoin(session) && session.meeting_link && (
              <a
                href={session.meeting_link}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('primary', 'sm')}
                aria-label={t('mentoring.sessions.joinLabel', { title: session.title })}
                data-testid="session-join"
              >
                {t('mentoring.sessions.join')}
              </a>
            )}
            {canRate(session) && (
              <Button size="sm" onClick={onRate} data-testid="session-rate">
                {t('mentoring.sessions.rate')}
              </Button>
            )}
            {canCancel(session) && (
              <Button
                size="sm"
                variant="outline"
                onClick={onCancel}
                aria-label={t('mentoring.sessions.cancelLabel', { title: session.title })}
                data-testid="session-cancel"
              >
                {t('mentoring.sessions.cancel')}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The learner's cancellation: the confirmation states what the refund rule gives back. */
function CancelDialog({ session, onClose }: { session: MentoringSession | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!session) return null;
  const amount = money.of(session.total_amount);
  const outcome = refundOutcome(session);
  const description =
    outcome === 'release'
      ? t('mentoring.sessions.cancelRelease')
      : outcome === 'full'
        ? t('mentoring.sessions.cancelFull', { hours: FULL_REFUND_HOURS, amount })
        : t('mentoring.sessions.cancelNone', { hours: FULL_REFUND_HOURS, amount });
  return (
    <CancelSessionDialog
      session={session}
      description={description}
      i18nPrefix="mentoring.sessions"
      testId="cancel-session-dialog"
      onClose={onClose}
    />
  );
}
