import { useTranslation } from 'react-i18next';
import { UnreadMessagesBadge, useUnreadMessages, useUnreadMessagesText } from '../messages';
import type { NavLinkDef } from './navigation';

/** What is unread behind an entry, by its path: the inbox's unread messages for now. */
export type NavCounts = Readonly<Record<string, number>>;

/** The counts the menu shows (GET /messages/unread-count, kept live by the shell). */
export function useNavCounts(): NavCounts {
  const unreadMessages = useUnreadMessages();
  return { '/messages': unreadMessages };
}

/** The sum of a group's counts: its menu button carries it while the menu is shut. */
export const groupCount = (links: readonly NavLinkDef[], counts: NavCounts): number =>
  links.reduce((sum, link) => sum + (counts[link.to] ?? 0), 0);

/**
 * An entry's text, and its count when something is unread: a badge for the eye, and the words
 * in the link's accessible name after the area's ("Messages (3 unread messages)", as a Soon
 * entry's ends in "(coming soon)"); with nothing unread the name is the area's alone.
 */
export function NavLabel({ link, count }: { link: NavLinkDef; count: number }) {
  const { t } = useTranslation();
  const countText = useUnreadMessagesText();
  return (
    <>
      {t(`areas.${link.area}`)}
      {count > 0 && (
        <>
          <UnreadMessagesBadge count={count} />
          <span className="sr-only"> {countText(count, true)}</span>
        </>
      )}
    </>
  );
}
