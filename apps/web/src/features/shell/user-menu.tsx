import type { User } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  focusRing,
  InitialAvatar,
} from '../../ui';
import { useSession } from '../auth';

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const name = user.name || t('account.personal.unknownUser');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className={cn(
          'inline-flex h-10 cursor-pointer items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:pr-3',
          focusRing,
        )}
      >
        <InitialAvatar name={user.name} />
        <span className="sr-only">{t('nav.userMenu')}: </span>
        <span className="hidden max-w-[10rem] truncate lg:inline">{name}</span>
        <span className="sr-only lg:hidden">{name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="normal-case tracking-normal">
          <span className="block truncate text-sm font-semibold text-slate-900">{t('nav.signedInAs', { name })}</span>
          {user.email && <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild data-testid="user-menu-profile">
          <Link to="/profile">{t('nav.telegramIntegration')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="user-menu-settings">
          <Link to="/account-settings">{t('nav.accountSettings')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="user-menu-notifications">
          <Link to="/notifications">{t('notifications.menu')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="user-menu-referrals">
          <Link to="/referrals">{t('nav.referrals')}</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="user-menu-logout" onSelect={() => void signOut()}>
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
