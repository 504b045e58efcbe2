import type { StudyGroupDetail } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  ScrollableTabsList,
  ScrollableTabsTrigger,
  Tabs,
  TabsContent,
} from '../../../ui';
import { AnalyticsPanel } from './analytics-panel';
import { BansPanel } from './bans-panel';
import { InvitationsPanel } from './invitations-panel';
import { MembersPanel } from './members-panel';
import { SettingsPanel } from './settings-panel';

type PanelTab = 'members' | 'bans' | 'invitations' | 'analytics' | 'settings';

/**
 * Manage Members: members, bans (suspensions and removals), invitations, analytics and
 * settings. The creator has all five; a moderator manages plain members, bans and
 * invitations and sees the analytics, not the settings.
 */
export function ManageMembersDialog({
  group,
  open,
  onOpenChange,
}: {
  group: StudyGroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('members');
  const tabs: PanelTab[] = group.is_creator
    ? ['members', 'bans', 'invitations', 'analytics', 'settings']
    : ['members', 'bans', 'invitations', 'analytics'];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="manage-members-dialog">
        <DialogHeader>
          <DialogTitle>{t('community.manage.title')}</DialogTitle>
          <DialogDescription>{group.name}</DialogDescription>
        </DialogHeader>
        {open && (
          <Tabs value={tab} onValueChange={(v) => setTab(v as PanelTab)}>
            <ScrollableTabsList aria-label={t('community.manage.tabsLabel')}>
              {tabs.map((name) => (
                <ScrollableTabsTrigger key={name} value={name} data-testid={`manage-tab-${name}`}>
                  {t(`community.manage.tabs.${name}`)}
                </ScrollableTabsTrigger>
              ))}
            </ScrollableTabsList>
            <TabsContent value="members">
              <MembersPanel group={group} />
            </TabsContent>
            <TabsContent value="bans">
              <BansPanel group={group} />
            </TabsContent>
            <TabsContent value="invitations">
              <InvitationsPanel groupId={group.id} />
            </TabsContent>
            <TabsContent value="analytics">
              <AnalyticsPanel groupId={group.id} />
            </TabsContent>
            {group.is_creator && (
              <TabsContent value="settings">
                <SettingsPanel group={group} onDeleted={() => onOpenChange(false)} />
              </TabsContent>
            )}
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
