import type { ReactNode } from 'react';
import { cn } from '../../ui';

/**
 * The badges' icons by the names the service stores (lucide's names: badge_definitions.icon),
 * drawn here as a few inline strokes instead of a whole icon library; an unknown name gets the
 * award ribbon. Decorative: the badge's name is always beside or inside its label.
 */
const PATHS: Record<string, ReactNode> = {
  'book-open': (
    <>
      <path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z" />
      <path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z" />
    </>
  ),
  'graduation-cap': (
    <>
      <path d="M22 10 12 5 2 10l10 5 10-5z" />
      <path d="M6 12v5c3 2 9 2 12 0v-5" />
    </>
  ),
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  flame: <path d="M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 1-1 2-3 1-9z" />,
  zap: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  users: (
    <>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21a7 7 0 0 1 14 0" />
      <path d="M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
    </>
  ),
  'check-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  'thumbs-up': (
    <>
      <path d="M7 10v11H3V10z" />
      <path d="M7 10l4-8a3 3 0 0 1 3 3v4h5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 17.6 21H7" />
    </>
  ),
  star: <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
  trophy: (
    <>
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
    </>
  ),
};

const AWARD = (
  <>
    <circle cx="12" cy="9" r="6" />
    <path d="m8.5 14-1.5 8 5-3 5 3-1.5-8" />
  </>
);

export function BadgeIcon({ icon, className }: { icon: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-5', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={icon in PATHS ? icon : 'award'}
    >
      {PATHS[icon] ?? AWARD}
    </svg>
  );
}

const MEDAL_COLOURS = {
  gold: 'text-amber-500',
  silver: 'text-slate-400',
  bronze: 'text-orange-700',
} as const;

/** A medal of the first three places; its name is the accessible label. */
export function MedalIcon({ medal, label }: { medal: keyof typeof MEDAL_COLOURS; label: string }) {
  return (
    <svg viewBox="0 0 24 24" className={cn('size-6', MEDAL_COLOURS[medal])} role="img" aria-label={label} data-medal={medal}>
      <path d="M7 2h4l2 5-3 2zM17 2h-4l-2 5 3 2z" fill="currentColor" opacity="0.55" />
      <circle cx="12" cy="15" r="7" fill="currentColor" />
      <circle cx="12" cy="15" r="4.5" fill="none" stroke="white" strokeWidth="1.5" opacity="0.8" />
    </svg>
  );
}
