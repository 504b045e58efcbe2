import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn, focusRing } from '../../ui';
import { SoonBadge } from './soon-badge';

interface NavLinkItemProps {
  to: string;
  children: ReactNode;
  /** stacked rows in the phone menu, inline pills on wider screens */
  layout: 'inline' | 'stacked';
  end?: boolean;
  /** the page is not built yet: marked "Soon" */
  upcoming?: boolean;
}

export function NavLinkItem({ to, children, layout, end, upcoming }: NavLinkItemProps) {
  return (
    <NavLink
      to={to}
      end={end}
      data-upcoming={upcoming ? 'true' : undefined}
      className={({ isActive }) =>
        cn(
          'rounded-lg text-sm font-medium transition-colors',
          layout === 'inline' ? 'inline-flex h-9 items-center px-3 whitespace-nowrap' : 'flex min-h-11 items-center px-3',
          isActive ? 'bg-primary-soft text-primary-strong' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          focusRing,
        )
      }
    >
      {children}
      {upcoming && <SoonBadge />}
    </NavLink>
  );
}
