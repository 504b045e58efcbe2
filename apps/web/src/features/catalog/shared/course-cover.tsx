import { COURSE_COVER_SIZE, type Course } from '@lp/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui';
import { generatedCoverLook } from './course-cover-look';

/** What a cover is drawn from: a Course, or an enrolled course of a dashboard list. */
export type CoverSource = Pick<Course, 'id' | 'title' | 'category' | 'cover_url' | 'thumbnail'>;

interface CourseCoverProps {
  course: CoverSource;
  className?: string;
  /** the detail header's cover is above the fold: load it at once */
  eager?: boolean;
}

/**
 * A course's picture: its uploaded cover, else its thumbnail URL, else a cover drawn from its
 * category and title (the same course always gets the same one). Decorative everywhere: the
 * title is printed next to it.
 */
export function CourseCover({ course, className, eager = false }: CourseCoverProps) {
  const src = course.cover_url ?? course.thumbnail;
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return (
      <img
        src={src}
        alt=""
        width={COURSE_COVER_SIZE.width}
        height={COURSE_COVER_SIZE.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setBroken(src)}
        data-testid="course-cover"
        data-cover={course.cover_url ? 'uploaded' : 'link'}
        className={cn('aspect-video w-full bg-slate-100 object-cover', className)}
      />
    );
  }
  return <GeneratedCover course={course} className={className} />;
}

const W = 160;
const H = 90;

function GeneratedCover({ course, className }: { course: CoverSource; className?: string | undefined }) {
  const { t } = useTranslation();
  // React's ids carry characters that a url(#...) reference would have to escape
  const gradientId = `cover-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const look = generatedCoverLook(course);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid="course-thumbnail-placeholder"
      data-cover="generated"
      data-cover-look={`${look.hue}-${look.pattern}-${look.shift}`}
      className={cn('block aspect-video w-full', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill={`url(#${gradientId})`} />
      <Pattern kind={look.pattern} shift={look.shift} />
      <text x="10" y="16" fill="#fff" fontSize="7" fontWeight="600" letterSpacing="0.6" style={{ textTransform: 'uppercase' }}>
        {t(`catalog.categories.${course.category}`)}
      </text>
      <text x={W - 12} y={H - 14} fill="#fff" fontSize="34" fontWeight="700" textAnchor="end">
        {look.initials}
      </text>
    </svg>
  );
}

/** Light shapes over the gradient; four kinds, placed by the title's hash. */
function Pattern({ kind, shift }: { kind: number; shift: number }) {
  const ink = { fill: 'none', stroke: '#fff', strokeOpacity: 0.16, strokeWidth: 1.5 } as const;
  if (kind === 0)
    return (
      <g {...ink}>
        {[18, 32, 46, 60].map((r) => (
          <circle key={r} cx={20 + shift} cy={H} r={r} />
        ))}
      </g>
    );
  if (kind === 1)
    return (
      <g {...ink}>
        {Array.from({ length: 12 }, (_, i) => (
          <line key={i} x1={i * 18 - 40 + (shift % 18)} y1={H} x2={i * 18 + 20 + (shift % 18)} y2={0} />
        ))}
      </g>
    );
  if (kind === 2)
    return (
      <g fill="#fff" fillOpacity={0.14}>
        {Array.from({ length: 40 }, (_, i) => (
          <circle key={i} cx={8 + (i % 10) * 16 + (Math.floor(i / 10) % 2) * 8} cy={10 + Math.floor(i / 10) * 22 + (shift % 6)} r={2.2} />
        ))}
      </g>
    );
  return (
    <g {...ink}>
      {[0, 1, 2, 3].map((i) => (
        <path
          key={i}
          d={`M0 ${30 + i * 16 + (shift % 10)} Q ${40} ${10 + i * 16}, 80 ${30 + i * 16} T 160 ${30 + i * 16 - (shift % 10)}`}
        />
      ))}
    </g>
  );
}
