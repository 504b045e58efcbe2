import { STUDY_GROUP_CATEGORY_LABELS, type StudyGroup } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, CardContent } from '../../../ui';
import { groupCardState, preview } from '../format';
import { DeleteGroupConfirm, EditGroupDialog, LeaveGroupConfirm, useJoinGroup } from './group-dialogs';

/**
 * One study group: its category, privacy, members and the button of its state for the caller
 * (Your Group, Already Joined, Join Group, Group Full; a private group says it is invitation only).
 * On My Groups the creator may edit or delete it and a member may leave.
 */
export function GroupCard({ group, manage = false }: { group: StudyGroup; manage?: boolean }) {
  const { t } = useTranslation();
  const state = groupCardState(group);
  const join = useJoinGroup();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const headingId = `group-${group.id}-name`;
  const workspace = `/community/groups/${group.id}`;

  return (
    <Card
      className="flex h-full flex-col"
      data-testid="group-card"
      data-group-id={group.id}
      data-state={state}
      aria-labelledby={headingId}
      role="article"
    >
      <CardContent className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{STUDY_GROUP_CATEGORY_LABELS[group.category]}</Badge>
          <Badge tone={group.privacy === 'private' ? 'warning' : 'success'} data-testid="group-card-privacy">
            {t(`community.privacy.${group.privacy}`)}
          </Badge>
          {group.user_role && group.user_role !== 'creator' && group.user_role !== 'member' && (
            <Badge tone="primary">{t(`community.roles.${group.user_role}`)}</Badge>
          )}
        </div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <Link to={workspace} className="hover:underline" data-testid="group-card-link">
            {group.name}
          </Link>
        </h3>
        <p className="text-sm break-words text-slate-700">{preview(group.description)}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm text-slate-600">
          <div>
            <dt className="sr-only">{t('community.groups.membersLabel')}</dt>
            <dd data-testid="group-card-members">
              {t('community.groups.memberCount', { count: group.member_count, max: group.max_members })}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t('community.groups.creatorLabel')}</dt>
            <dd className="truncate">{t('community.groups.createdBy', { name: group.creator_name })}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          {state === 'creator' && (
            <Button asChild size="sm" variant="secondary">
              <Link to={workspace} data-testid="group-card-your-group">
                {t('community.groups.yourGroup')}
              </Link>
            </Button>
          )}
          {state === 'member' && (
            <Button asChild size="sm" variant="outline">
              <Link to={workspace} data-testid="group-card-joined">
                {t('community.groups.alreadyJoined')}
              </Link>
            </Button>
          )}
          {state === 'join' && (
            <Button size="sm" loading={join.pendingId === group.id} onClick={() => join.join(group.id)} data-testid="group-card-join">
              {t('community.groups.join')}
            </Button>
          )}
          {state === 'full' && (
            <Button size="sm" variant="outline" disabled data-testid="group-card-full">
              {t('community.groups.full')}
            </Button>
          )}
          {state === 'private' && (
            <p className="text-sm font-medium text-amber-900" data-testid="group-card-private">
              {t('community.groups.privateOnly')}
            </p>
          )}
          {state === 'removed' && (
            <p className="text-sm font-medium text-red-800" data-testid="group-card-removed">
              {t('community.groups.removedHint')}
            </p>
          )}
          {state === 'invited' && (
            <p className="text-sm font-medium text-primary-strong" data-testid="group-card-invited">
              {t('community.groups.invitedHint')}
            </p>
          )}
          {manage && group.is_creator && (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing(true)}
                aria-label={t('community.groups.editNamed', { name: group.name })}
                data-testid="group-card-edit"
              >
                {t('community.groups.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                onClick={() => setDeleting(true)}
                aria-label={t('community.groups.deleteNamed', { name: group.name })}
                data-testid="group-card-delete"
              >
                {t('community.groups.delete')}
              </Button>
            </>
          )}
          {manage && group.is_member && !group.is_creator && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              onClick={() => setLeaving(true)}
              aria-label={t('community.groups.leaveNamed', { name: group.name })}
              data-testid="group-card-leave"
            >
              {t('community.groups.leave')}
            </Button>
          )}
        </div>
      </CardContent>
      {manage && group.is_creator && (
        <>
          <EditGroupDialog group={group} open={editing} onOpenChange={setEditing} />
          <DeleteGroupConfirm group={group} open={deleting} onOpenChange={setDeleting} />
        </>
      )}
      {manage && <LeaveGroupConfirm group={group} open={leaving} onOpenChange={setLeaving} />}
    </Card>
  );
}
