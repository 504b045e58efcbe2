import { mentoringRoutes } from '@lp/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, buttonClasses, Card, CardContent, Spinner } from '../../ui';
import { useMoney } from '../billing';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { viewerTimeZone } from '../../lib/time-zone';

/** Spec constant: the payment-success page goes on to /my-sessions after 5 seconds. */
export const SUCCESS_REDIRECT_SECONDS = 5;
/** A session still 'scheduled' is asked again this many times (the payment's event is on its way). */
const CONFIRM_POLLS = 8;
const POLL_MS = 1500;

/** Spec 3 /sessions/{id}/success: the paid session, then /my-sessions after 5 seconds (a countdown and a link to go now). */
export function SessionSuccessPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const money = useMoney();
  const [polls, setPolls] = useState(0);
  const session = useRouteQuery(
    mentoringRoutes.session,
    { params: { id } },
    { refetchInterval: (query) => (query.state.data?.status === 'scheduled' && polls < CONFIRM_POLLS ? POLL_MS : false) },
  );
  const updatedAt = session.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt && session.data?.status === 'scheduled') setPolls((n) => n + 1);
  }, [updatedAt, session.data?.status]);

  const status = session.data?.status;
  const confirming = status === 'scheduled' && polls < CONFIRM_POLLS;
  // the countdown starts once the page knows where the session stands
  const counting = Boolean(session.data) && !confirming;
  const paid = status === 'confirmed' || status === 'completed';
  // the heading says what happened: paid, still being confirmed, or not paid (a cancelled checkout comes back here too)
  const heading = t(
    session.isError
      ? 'areas.sessionSuccess'
      : !status || paid
        ? 'mentoring.success.title'
        : confirming
          ? 'mentoring.success.confirmingTitle'
          : 'mentoring.success.notPaidTitle',
  );
  usePageTitle(heading);
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  useEffect(() => {
    if (!counting) return;
    if (left <= 0) {
      navigate('/my-sessions', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [counting, left, navigate]);

  const zone = useMemo(() => viewerTimeZone(), []);
  // dateStyle and timeZoneName do not combine: the zone is named beside the time
  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }),
    [i18n.language, zone],
  );

  if (session.isPending) return <LoadingBlock />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-xl space-y-4" data-testid="session-success-page">
        <h1 className="text-2xl font-bold text-slate-900">{t('areas.sessionSuccess')}</h1>
        <LoadError error={session.error} title={t('mentoring.success.loadFailed')} onRetry={() => void session.refetch()} />
        <Link to="/my-sessions" className={buttonClasses('outline')}>
          {t('mentoring.success.goNow')}
        </Link>
      </div>
    );
  }
  const s = session.data;
  return (
    <div className="mx-auto max-w-xl" data-testid="session-success-page" data-status={s.status}>
      <Card>
        <CardContent className="space-y-4 text-center">
          {paid && (
            <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
              <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
          )}
          <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
          <p className="text-slate-700" data-testid="session-success-text">
            {t('mentoring.success.text', {
              title: s.title,
              name: s.mentor_name,
              time: `${when.format(new Date(s.scheduled_at))} (${zone})`,
            })}
          </p>
          <p className="text-lg font-semibold text-slate-900" data-testid="session-success-amount">
            {money.of(s.total_amount)}
          </p>
          {confirming ? (
            <p className="flex items-center justify-center gap-2 text-sm text-slate-600" role="status">
              <Spinner label={false} /> {t('mentoring.success.confirming')}
            </p>
          ) : s.status === 'scheduled' ? (
            <Alert tone="info">{t('mentoring.success.pending')}</Alert>
          ) : !paid ? (
            <Alert tone="info">{t('mentoring.success.notConfirmed', { status: t(`mentoring.sessions.status.${s.status}`) })}</Alert>
          ) : null}
          {counting && (
            <p className="text-sm text-slate-600" data-testid="session-success-countdown">
              {t('mentoring.success.redirect', { count: left })}
            </p>
          )}
          <Link to="/my-sessions" className={buttonClasses('primary')} data-testid="session-success-go">
            {t('mentoring.success.goNow')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
