import type { Portal, User } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { PLATFORM_HOST } from '../../config/platform-host';
import {
  Badge,
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  focusRing,
  Spinner,
  useToast,
} from '../../ui';
import { useRoleLabel } from '../auth';
import { usePortals, useSwitchPortal } from '../portal';

/**
 * Spec 3 portal switcher: the portals the user may enter (GET /auth/portal-context, else the
 * one current portal). Choosing the current one only closes the menu; choosing another switches
 * the session's token to it and reloads the page.
 */
export function PortalSwitcher({ user }: { user: User }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const roleLabel = useRoleLabel();
  const { portals } = usePortals(user);
  const switchPortal = useSwitchPortal(portals);
  const current = portals.find((p) => p.is_current) ?? portals[0];

  const choose = (portal: Portal) => {
    // choosing the current portal only closes the menu (Radix closes it on select)
    if (portal.is_current) return;
    switchPortal.mutate(
      { body: { target_institution_id: portal.institution_id } },
      {
        onError: (error) => toast({ title: t('portal.switchFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="portal-switcher"
        className={cn(
          'inline-flex h-10 max-w-[14rem] cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:px-3',
          focusRing,
        )}
      >
        {switchPortal.isPending ? (
          <Spinner label={false} />
        ) : (
          <svg
            viewBox="0 0 24 24"
            className="size-4 shrink-0 text-primary"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M3 21h18M5 21V7l7-4 7 4v14M9 21v-6h6v6" strokeLinejoin="round" />
          </svg>
        )}
        <span className="sr-only">{switchPortal.isPending ? t('portal.switching') : `${t('portal.switcher')}: `}</span>
        <span className="hidden truncate sm:inline">{current?.name}</span>
        <span className="sr-only sm:hidden">{current?.name}</span>
        <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>{t('portal.heading')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {portals.map((portal) => (
          <DropdownMenuItem
            key={portal.institution_id || 'current'}
            onSelect={() => choose(portal)}
            disabled={switchPortal.isPending}
            data-testid="portal-option"
            data-institution-id={portal.institution_id}
            data-current={portal.is_current}
            className="items-start"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{portal.name}</span>
              <span className="block text-xs text-slate-600">{roleLabel(portal.role)}</span>
              {portal.subdomain && <span className="block truncate text-xs text-slate-500">{`${portal.subdomain}.${PLATFORM_HOST}`}</span>}
            </span>
            <span className="flex shrink-0 gap-1">
              {portal.is_primary && <Badge tone="neutral">{t('portal.primary')}</Badge>}
              {portal.is_current && <Badge>{t('portal.current')}</Badge>}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
