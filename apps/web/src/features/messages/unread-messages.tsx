import { communityRoutes } from '@lp/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { cn } from '../../ui';
import { unreadBadgeText } from './logic';

// the live client (and the community entry it comes from) loads after the shell, not with it
const Live = lazy(async () => ({ default: (await import('./live-unread-messages')).LiveUnreadMessages }));

/**
 * How many direct messages to the caller are unread (GET /messages/unread-count), for the
 * shell's Messages entry; 0 while it loads or when the service cannot answer (no badge then).
 * Every caller shares one query; `LiveUnreadMessages` keeps it live.
 */
export function useUnreadMessages(): number {
  const count = useRouteQuery(communityRoutes.directMessagesUnread, {});
  return count.data?.unread ?? 0;
}

/** The unread-messages count's live updates; mounted once by the shell. */
export function LiveUnreadMessages({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <Live userId={userId} />
    </Suspense>
  );
}

/**
 * "3 unread messages": what the badge says to a screen reader, as a description; `inName`:
 * "(3 unread messages)", to follow an entry's name the way "(coming soon)" does.
 */
export function useUnreadMessagesText(): (count: number, inName?: boolean) => string {
  const { t } = useTranslation();
  return (count, inName = false) => (inName ? t('messages.unreadBadgeSr', { count }) : t('messages.unreadBadge', { count }));
}

/**
 * The count as a badge, for sighted users (hidden from screen readers: the entry it sits in
 * names or describes the count in words, see useUnreadMessagesText). Nothing at 0.
 */
export function UnreadMessagesBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="messages-unread-badge"
      className={cn(
        'ml-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      {unreadBadgeText(count)}
    </span>
  );
}
