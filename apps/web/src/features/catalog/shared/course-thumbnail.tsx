import { useState } from 'react';
import { cn } from '../../../ui';

interface CourseThumbnailProps {
  src: string | null;
  className?: string;
}

/** The course image, or a placeholder when there is none (or it fails to load). Decorative: the title is always beside it. */
export function CourseThumbnail({ src, className }: CourseThumbnailProps) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className={cn('aspect-video w-full object-cover', className)} />;
  }
  return (
    <div
      aria-hidden="true"
      data-testid="course-thumbnail-placeholder"
      className={cn('flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-soft to-secondary-soft text-primary', className)}
    >
      <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M12 6.25C10.3 5 8.2 4.5 6 4.5c-1 0-2 .1-3 .4v13.5c1-.3 2-.4 3-.4 2.2 0 4.3.5 6 1.75m0-13.5c1.7-1.25 3.8-1.75 6-1.75 1 0 2 .1 3 .4v13.5c-1-.3-2-.4-3-.4-2.2 0-4.3.5-6 1.75m0-13.5v13.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
