import type { Course } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui';
import { useRatingText } from '../../../lib/format';

/** A star and the rating (one decimal) or "No ratings". */
export function RatingText({ avg, count, className }: { avg: number; count: number; className?: string }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const text = ratingText(avg, count);
  return (
    <span className={className} data-testid="course-rating">
      <span aria-hidden="true" className="mr-1 text-amber-500">
        ★
      </span>
      {count > 0 ? (
        <>
          <span className="sr-only">{t('catalog.ratingLabel')} </span>
          {text}
          <span className="text-slate-600"> ({t('catalog.ratingCount', { count })})</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}

export function CategoryBadge({ category }: { category: Course['category'] }) {
  const { t } = useTranslation();
  return <Badge tone="neutral">{t(`catalog.categories.${category}`)}</Badge>;
}

export function LevelBadge({ level }: { level: Course['level'] }) {
  const { t } = useTranslation();
  return <Badge tone="primary">{t(`catalog.levels.${level}`)}</Badge>;
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={published ? 'success' : 'warning'} data-testid="course-status">
      {published ? t('catalog.published') : t('catalog.draft')}
    </Badge>
  );
}
