import { communityRoutes, type GroupMember, type StudyGroupDetail } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Badge, Button, ConfirmDialog, useToast } from '../../../ui';
import { memberActions, type MemberAction } from './member-actions';

interface Pending {
  member: GroupMember;
  action: MemberAction;
}

/** Members: remove, suspend or lift a suspension, promote to moderator or set back to member, each asked first. */
export function MembersPanel({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [pending, setPending] = useState<Pending | null>(null);
  const options = { invalidates: ['community.group.' as const, communityRoutes.groupAnalytics, communityRoutes.groupBans] };
  const remove = useRouteMutation(communityRoutes.removeMember, options);
  const suspend = useRouteMutation(communityRoutes.suspendMember, options);
  const promote = useRouteMutation(communityRoutes.promoteMember, options);
  const addTest = useRouteMutation(communityRoutes.addTestMembers, options);
  const busy = remove.isPending || suspend.isPending || promote.isPending;

  const done = {
    onSuccess: (answer: { message: string }) => {
      toast({ title: answer.message, tone: 'success' });
      setPending(null);
    },
    onError: (error: Error) => toast({ title: t('community.members.actionFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
  };

  const confirm = () => {
    if (!pending) return;
    const { member, action } = pending;
    const params = { id: group.id };
    if (action === 'remove') remove.mutate({ params, body: { member_id: member.id } }, done);
    else if (action === 'suspend' || action === 'unsuspend')
      suspend.mutate({ params, body: { member_id: member.id, suspended: action === 'suspend' } }, done);
    else promote.mutate({ params, body: { member_id: member.id, role: action === 'promote' ? 'moderator' : 'member' } }, done);
  };

  return (
    <div className="space-y-4" data-testid="members-panel">
      {group.is_creator && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-slate-300 p-3">
          <p className="text-sm text-slate-600">{t('community.members.testMembersHint')}</p>
          <Button
            size="sm"
            variant="outline"
            loading={addTest.isPending}
            data-testid="add-test-members"
            onClick={() =>
              addTest.mutate(
                { params: { id: group.id } },
                {
                  onSuccess: (answer) => toast({ title: answer.message, tone: 'success' }),
                  onError: (error) => toast({ title: detailOrMessage(error), tone: 'error' }),
                },
              )
            }
          >
            {t('community.members.addTestMembers')}
          </Button>
        </div>
      )}
      <ul className="divide-y divide-slate-200" aria-label={t('community.members.label')}>
        {group.members.map((member) => {
          const actions = memberActions(group.is_creator, member);
          return (
            <li
              key={member.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
              data-testid="manage-member"
              data-member-id={member.id}
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {member.name}{' '}
                  <Badge tone={member.role === 'member' ? 'neutral' : 'primary'} className="ml-1" data-testid="manage-member-role">
                    {t(`community.roles.${member.role}`)}
                  </Badge>
                  {member.is_suspended && (
                    <Badge tone="danger" className="ml-1" data-testid="manage-member-suspended">
                      {t('community.members.suspended')}
                    </Badge>
                  )}
                </p>
                {member.email && <p className="truncate text-xs text-slate-600">{member.email}</p>}
              </div>
              {actions.length > 0 && (
                <div className="flex flex-wrap gap-1">
                  {actions.map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={action === 'remove' ? 'ghost' : 'outline'}
                      className={action === 'remove' ? 'text-red-700' : undefined}
                      onClick={() => setPending({ member, action })}
                      aria-label={t(`community.members.actionNamed.${action}`, { name: member.name })}
                      data-testid={`member-${action}`}
                    >
                      {t(`community.members.actions.${action}`)}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`community.members.confirmTitle.${pending.action}`) : ''}
        description={pending ? t(`community.members.confirm.${pending.action}`, { name: pending.member.name }) : ''}
        confirmLabel={pending ? t(`community.members.actions.${pending.action}`) : ''}
        destructive={pending?.action === 'remove' || pending?.action === 'suspend'}
        pending={busy}
        testId="member-action-confirm"
        onConfirm={confirm}
      />
    </div>
  );
}
