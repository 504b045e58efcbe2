import type { Course } from '@lp/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, cn, focusRing } from '../../../ui';
import { CategoryBadge, LevelBadge, RatingText } from './course-meta';
import { CourseCover } from './course-cover';
import { truncate, usePriceText } from '../../../lib/format';

interface CourseCardProps {
  course: Course;
  /** where the title links to */
  to: string;
  /** extra content under the facts (badges, links) */
  footer?: ReactNode;
  /** e.g. a Published/Draft badge */
  badge?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

/** Spec 2.6: cover (uploaded, linked or generated), title, description cut to 100 characters, price and rating. */
export function CourseCard({ course, to, footer, badge, headingLevel: Heading = 'h2' }: CourseCardProps) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const titleId = useId();
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="course-card" data-course-id={course.id}>
      <article aria-labelledby={titleId} className="flex h-full flex-col">
        <CourseCover course={course} />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={course.category} />
            <LevelBadge level={course.level} />
            {badge}
          </div>
          <Heading id={titleId} className="text-base font-semibold break-words text-slate-900">
            <Link to={to} className={cn('rounded hover:text-primary hover:underline', focusRing)} data-testid="course-card-link">
              {course.title}
            </Link>
          </Heading>
          <p className="text-sm break-words text-slate-600" data-testid="course-description">
            {truncate(course.description)}
          </p>
          <p className="text-xs text-slate-600">{t('catalog.byInstructor', { name: course.instructor_name })}</p>
          <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
            <span className="font-semibold text-slate-900" data-testid="course-price">
              {priceText(course.price)}
            </span>
            <RatingText avg={course.rating_avg} count={course.rating_count} className="text-slate-700" />
          </div>
          {footer}
        </div>
      </article>
    </Card>
  );
}
