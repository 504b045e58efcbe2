import { cn } from './cn';

interface InitialAvatarProps {
  name: string | null | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}

/** The first letter of the name on the brand colour; decorative, the name is always shown beside it. */
export function InitialAvatar({ name, size = 'sm', className }: InitialAvatarProps) {
  const initial = name?.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-white',
        size === 'sm' ? 'size-8 text-sm' : 'size-16 text-2xl',
        className,
      )}
    >
      {initial}
    </span>
  );
}
