import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { cn, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, focusRing } from '../../ui';
import { UnreadMessagesBadge, useUnreadMessagesText } from '../messages';
import { groupCount, NavLabel, type NavCounts } from './nav-label';
import type { NavGroupDef } from './navigation';
import { SoonBadge } from './soon-badge';

/**
 * A titled group of links (Teaching, Learning, Community, AI Assistants) as a menu on wider
 * screens. While something behind it is unread (Community's Messages) its button carries the
 * count too, described in words ("3 unread messages") so its name stays the group's.
 */
export function NavGroupMenu({ group, counts = {} }: { group: NavGroupDef; counts?: NavCounts }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const countText = useUnreadMessagesText();
  const countId = useId();
  const unread = groupCount(group.links, counts);
  const active = group.links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid={`nav-group-${group.group}`}
        aria-describedby={unread > 0 ? countId : undefined}
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-1 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
          active ? 'bg-primary-soft text-primary-strong' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          focusRing,
        )}
      >
        {t(`nav.groups.${group.group}`)}
        <UnreadMessagesBadge count={unread} className="ml-1" />
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
      </DropdownMenuTrigger>
      {unread > 0 && (
        <span id={countId} hidden>
          {countText(unread)}
        </span>
      )}
      <DropdownMenuContent align="start">
        {group.links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to} aria-current={pathname === link.to ? 'page' : undefined} data-upcoming={link.upcoming ? 'true' : undefined}>
              <NavLabel link={link} count={counts[link.to] ?? 0} />
              {link.upcoming && <SoonBadge className="ml-auto" />}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
