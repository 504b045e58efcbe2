import type { GroupMember, StudyGroupDetail } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Card, CardContent, InitialAvatar } from '../../../ui';
import { DirectMessageDialog } from './direct-message-dialog';

/** Who is in the group, with their roles; the creator and moderators open Manage Members from here too. */
export function MembersTab({ group, onManage }: { group: StudyGroupDetail; onManage?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { user } = useSession();
  const [messaging, setMessaging] = useState<GroupMember | null>(null);
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">
            {t('community.groups.memberCount', { count: group.member_count, max: group.max_members })}
          </h2>
          {onManage && (
            <Button variant="outline" onClick={onManage} data-testid="members-tab-manage">
              {t('community.manage.open')}
            </Button>
          )}
        </div>
        <ul className="divide-y divide-slate-200" data-testid="members-list">
          {group.members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-3" data-testid="member" data-member-id={member.id}>
              <InitialAvatar name={member.name} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900" data-testid="member-name">
                  {member.name}
                </p>
                <p className="text-xs text-slate-600">{t('community.members.joinedOn', { date: formatDate(member.joined_at) })}</p>
              </div>
              <Badge tone={member.role === 'member' ? 'neutral' : 'primary'} data-testid="member-role">
                {t(`community.roles.${member.role}`)}
              </Badge>
              {member.is_suspended && (
                <Badge tone="danger" data-testid="member-suspended">
                  {t('community.members.suspended')}
                </Badge>
              )}
              {user && member.id !== user.id && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setMessaging(member)}
                  aria-label={t('community.directMessage.openNamed', { name: member.name })}
                  data-testid="member-message"
                >
                  {t('community.directMessage.open')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <DirectMessageDialog groupId={group.id} member={messaging} onOpenChange={(open) => !open && setMessaging(null)} />
      </CardContent>
    </Card>
  );
}
