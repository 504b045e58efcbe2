import { communityRoutes, STUDY_GROUP_CATEGORY_LABELS, type StudyGroupDetail } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, ScrollableTabsList, ScrollableTabsTrigger, Tabs, TabsContent } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { groupCardState } from '../format';
import { LeaveGroupConfirm, useJoinGroup } from '../groups/group-dialogs';
import { ManageMembersDialog } from '../manage/manage-members-dialog';
import { DiscussionsTab } from './discussions-tab';
import { EventsTab } from './events-tab';
import { FilesTab } from './files-tab';
import { MembersTab } from './members-tab';
import { MessagesTab } from './messages-tab';
import { useGroupLiveFeed } from './use-group-live-feed';

const TABS = ['messages', 'files', 'events', 'discussions', 'members'] as const;
type WorkspaceTab = (typeof TABS)[number];

/** A study group's workspace: messages, files, events, Group Discussions and members (members only). */
export function GroupWorkspacePage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const group = useRouteQuery(communityRoutes.getGroup, { params: { id } });
  usePageTitle(group.data?.name ?? t('community.workspace.title'));

  if (group.isPending) return <LoadingBlock />;
  if (group.isError)
    return (
      <div className="space-y-4">
        <BackLink />
        <LoadError error={group.error} title={t('community.workspace.loadFailed')} onRetry={() => void group.refetch()} />
      </div>
    );
  return <Workspace group={group.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/community" className="text-sm font-medium text-primary-strong hover:underline" data-testid="workspace-back">
      {t('community.workspace.back')}
    </Link>
  );
}

function Workspace({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: WorkspaceTab = TABS.includes(requested as WorkspaceTab) ? (requested as WorkspaceTab) : 'messages';
  const [managing, setManaging] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const join = useJoinGroup();
  const canManage = group.user_role === 'creator' || group.user_role === 'moderator';
  useGroupLiveFeed(group.is_member ? group.id : null);

  const header = (
    <div className="space-y-3">
      <BackLink />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="workspace-title">
            {group.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="neutral">{STUDY_GROUP_CATEGORY_LABELS[group.category]}</Badge>
            <Badge tone={group.privacy === 'private' ? 'warning' : 'success'}>{t(`community.privacy.${group.privacy}`)}</Badge>
            {group.user_role && (
              <Badge tone="primary" data-testid="workspace-role">
                {t(`community.roles.${group.user_role}`)}
              </Badge>
            )}
            <span data-testid="workspace-member-count">
              {t('community.groups.memberCount', { count: group.member_count, max: group.max_members })}
            </span>
          </div>
          <p className="max-w-3xl break-words text-slate-700">{group.description}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {canManage && (
            <Button onClick={() => setManaging(true)} data-testid="manage-members-button">
              {t('community.manage.open')}
            </Button>
          )}
          {group.is_member && !group.is_creator && (
            <Button variant="outline" onClick={() => setLeaving(true)} data-testid="leave-group-button">
              {t('community.groups.leave')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );

  if (!group.is_member) {
    const state = groupCardState(group);
    return (
      <div className="space-y-6" data-testid="group-workspace" data-member="false">
        {header}
        <Card>
          <CardContent className="space-y-3">
            {group.is_removed ? (
              <Alert tone="error" data-testid="workspace-removed">
                {t('community.workspace.removed')}
              </Alert>
            ) : (
              <p className="text-slate-700">{t('community.workspace.membersOnly')}</p>
            )}
            {group.is_suspended && (
              <Alert tone="info" data-testid="workspace-suspended">
                {t('community.workspace.suspendedOutside')}
              </Alert>
            )}
            {state === 'join' && (
              <Button loading={join.pending} onClick={() => join.join(group.id)} data-testid="workspace-join">
                {t('community.groups.join')}
              </Button>
            )}
            {state === 'full' && (
              <Button variant="outline" disabled data-testid="workspace-full">
                {t('community.groups.full')}
              </Button>
            )}
            {state === 'private' && <p className="font-medium text-amber-900">{t('community.groups.privateOnly')}</p>}
            {state === 'invited' && <p className="font-medium text-primary-strong">{t('community.groups.invitedHint')}</p>}
            {state === 'removed' && <p className="font-medium text-red-800">{t('community.groups.removedHint')}</p>}
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="space-y-6" data-testid="group-workspace" data-member="true">
      {header}
      {group.is_suspended && (
        <Alert tone="error" data-testid="workspace-suspended">
          {t('community.workspace.suspended')}
        </Alert>
      )}
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (current) => {
              const copy = new URLSearchParams(current);
              copy.set('tab', next);
              return copy;
            },
            { replace: true },
          )
        }
      >
        <ScrollableTabsList aria-label={t('community.workspace.tabsLabel')}>
          {TABS.map((name) => (
            <ScrollableTabsTrigger key={name} value={name} data-testid={`workspace-tab-${name}`}>
              {t(`community.workspace.tabs.${name}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        <TabsContent value="messages">
          <MessagesTab group={group} />
        </TabsContent>
        <TabsContent value="files">
          <FilesTab group={group} />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab group={group} />
        </TabsContent>
        <TabsContent value="discussions">
          <DiscussionsTab group={group} />
        </TabsContent>
        <TabsContent value="members">
          <MembersTab group={group} onManage={canManage ? () => setManaging(true) : undefined} />
        </TabsContent>
      </Tabs>
      {canManage && <ManageMembersDialog group={group} open={managing} onOpenChange={setManaging} />}
      <LeaveGroupConfirm group={group} open={leaving} onOpenChange={setLeaving} onLeft={() => void navigate('/community')} />
    </div>
  );
}
