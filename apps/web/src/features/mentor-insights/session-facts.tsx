import type { MentoringSession } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../billing';
import { sessionWhen } from './logic';

/** Date, time (TBD without one), duration and amount of a session, as a definition list. */
export function SessionFacts({ session, zone, showRating = false }: { session: MentoringSession; zone: string; showRating?: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const when = sessionWhen(session.scheduled_at, i18n.language, zone);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">{t('mentorInsights.sessions.date')}</dt>
        <dd className="font-medium text-slate-900" data-testid="session-date">
          {when.date ?? t('mentorInsights.sessions.tbd')}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('mentorInsights.sessions.time')}</dt>
        <dd className="font-medium text-slate-900" data-testid="session-time">
          {when.time ?? t('mentorInsights.sessions.tbd')}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('mentorInsights.sessions.duration')}</dt>
        <dd className="font-medium text-slate-900" data-testid="session-duration">
          {t('mentorInsights.sessions.durationValue', { minutes: session.duration_minutes })}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{showRating ? t('mentorInsights.sessions.amount') : t('mentorInsights.sessions.amountPaid')}</dt>
        <dd className="font-medium text-slate-900" data-testid="session-amount">
          {money.of(session.total_amount)}
        </dd>
      </div>
      {showRating && (
        <div>
          <dt className="text-slate-600">{t('mentorInsights.sessions.rating')}</dt>
          <dd className="font-medium text-slate-900" data-testid="session-rating">
            {session.rating === null
              ? t('mentorInsights.sessions.notRated')
              : t('mentorInsights.sessions.ratingValue', { rating: session.rating })}
          </dd>
        </div>
      )}
    </dl>
  );
}
