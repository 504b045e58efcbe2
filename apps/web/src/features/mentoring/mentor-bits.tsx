import type { MentorProfile } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../api/file-url';
import { formatDecimal } from '../../lib/figures';
import { Badge, cn, InitialAvatar } from '../../ui';
import { useMoney } from '../billing';
import { withCurrencyCode } from './logic';

/** The mentor's picture when there is one, else the initial; decorative, the name is always beside it. */
export function MentorAvatar({ mentor, size = 'sm' }: { mentor: Pick<MentorProfile, 'name' | 'profile_image'>; size?: 'sm' | 'lg' }) {
  if (!mentor.profile_image) return <InitialAvatar name={mentor.name} size={size} />;
  return <MentorPicture url={mentor.profile_image} size={size} />;
}

function MentorPicture({ url, size }: { url: string; size: 'sm' | 'lg' }) {
  const src = useFileUrl(url);
  return (
    <img
      src={src}
      alt=""
      className={cn('shrink-0 rounded-full bg-slate-100 object-cover', size === 'sm' ? 'size-12' : 'size-16')}
      data-testid="mentor-avatar"
    />
  );
}

/** Rating "4.5 (12 ratings)", or "New" before the first one. */
export function MentorRating({ mentor }: { mentor: Pick<MentorProfile, 'rating' | 'rating_count'> }) {
  const { t, i18n } = useTranslation();
  if (mentor.rating_count === 0) {
    return (
      <Badge tone="primary" aria-label={t('mentoring.card.newLabel')} data-testid="mentor-rating">
        {t('mentoring.card.new')}
      </Badge>
    );
  }
  const rating = formatDecimal(mentor.rating, i18n.language);
  const shown = mentor.rating.toFixed(1);
  return (
    <span
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-800"
      role="img"
      aria-label={t('mentoring.card.ratingLabel', { rating, count: mentor.rating_count })}
      data-testid="mentor-rating"
    >
      <svg viewBox="0 0 20 20" className="size-4 text-amber-500" fill="currentColor" aria-hidden="true">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      <span aria-hidden="true">
        {mentor.rating_count === 1
          ? t('mentoring.card.ratingOne', { rating: shown })
          : t('mentoring.card.rating', { rating: shown, count: mentor.rating_count })}
      </span>
    </span>
  );
}

/** "$40.00 USD per hour": the rate with its currency code. */
export function useHourlyRate() {
  const { t } = useTranslation();
  const money = useMoney();
  return (mentor: Pick<MentorProfile, 'hourly_rate'>) =>
    t('mentoring.perHour', { price: withCurrencyCode(money.of(mentor.hourly_rate), mentor.hourly_rate.currency) });
}
