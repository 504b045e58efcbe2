import { communityRoutes, type GroupBan, type StudyGroupDetail } from '@lp/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { Badge, Button, ConfirmDialog, Label, Switch, useToast } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useSignedInUser } from '../../auth';
import { canLiftBan } from './member-actions';

/**
 * Bans: the suspensions and removals that hold (who, by whom, when, why), with Lift for those
 * the caller may lift; "Show lifted" adds the history (who lifted each and how).
 */
export function BansPanel({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const user = useSignedInUser();
  const historyId = useId();
  const [history, setHistory] = useState(false);
  const [pending, setPending] = useState<GroupBan | null>(null);
  const bans = useRouteQuery(communityRoutes.groupBans, { params: { id: group.id }, query: { status: history ? 'all' : 'active' } });
  const lift = useRouteMutation(communityRoutes.liftBan, { invalidates: ['community.ban.' as const, 'community.group.' as const] });

  const confirm = () => {
    if (!pending) return;
    lift.mutate(
      { params: { id: group.id, banId: pending.id } },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, tone: 'success' });
          setPending(null);
        },
        onError: (error) => toast({ title: t('community.bans.liftFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );
  };

  return (
    <div className="space-y-4" data-testid="bans-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{t('community.bans.hint')}</p>
        <div className="flex items-center gap-2">
          <Switch id={historyId} checked={history} onCheckedChange={setHistory} data-testid="bans-history" />
          <Label htmlFor={historyId}>{t('community.bans.showLifted')}</Label>
        </div>
      </div>
      {bans.isPending ? (
        <LoadingBlock />
      ) : bans.isError ? (
        <LoadError error={bans.error} title={t('community.bans.loadFailed')} onRetry={() => void bans.refetch()} />
      ) : bans.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="bans-empty">
          {t('community.bans.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t('community.bans.label')} data-testid="bans-list">
          {bans.data.map((ban) => (
            <BanRow
              key={ban.id}
              ban={ban}
              liftable={canLiftBan({ id: user.id, isCreator: group.is_creator }, ban, group.members)}
              onLift={() => setPending(ban)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`community.bans.confirmTitle.${pending.kind}`) : ''}
        description={pending ? t(`community.bans.confirm.${pending.kind}`, { name: pending.name }) : ''}
        confirmLabel={t('community.bans.lift')}
        pending={lift.isPending}
        testId="ban-lift-confirm"
        onConfirm={confirm}
      />
    </div>
  );
}

function BanRow({ ban, liftable, onLift }: { ban: GroupBan; liftable: boolean; onLift: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
      data-testid="ban"
      data-ban-id={ban.id}
      data-user-id={ban.user_id}
      data-kind={ban.kind}
      data-lifted={ban.lifted_at !== null}
    >
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="truncate font-medium text-slate-900">
          {ban.name}{' '}
          <Badge tone={ban.lifted_at ? 'neutral' : 'danger'} className="ml-1" data-testid="ban-kind">
            {t(`community.bans.kind.${ban.kind}`)}
          </Badge>
          {ban.lifted_at && (
            <Badge tone="success" className="ml-1">
              {t('community.bans.lifted')}
            </Badge>
          )}
        </p>
        {ban.email && <p className="truncate text-xs text-slate-600">{ban.email}</p>}
        <p className="text-xs text-slate-600" data-testid="ban-by">
          {t(`community.bans.by.${ban.kind}`, { name: ban.banned_by_name, date: formatDateTime(ban.banned_at) })}
        </p>
        {ban.reason && <p className="break-words text-xs text-slate-700">{t('community.bans.reason', { reason: ban.reason })}</p>}
        {ban.lifted_at && (
          <p className="text-xs text-slate-600">
            {t(`community.bans.liftedBy.${ban.lifted_via ?? 'moderator'}`, {
              name: ban.lifted_by_name ?? '',
              date: formatDateTime(ban.lifted_at),
            })}
          </p>
        )}
      </div>
      {liftable && (
        <Button
          size="sm"
          variant="outline"
          onClick={onLift}
          aria-label={t('community.bans.liftNamed', { name: ban.name })}
          data-testid="ban-lift"
        >
          {t('community.bans.lift')}
        </Button>
      )}
    </li>
  );
}
