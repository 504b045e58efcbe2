import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';
import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui';
import { ForumTab } from './forum/forum-tab';
import { StudyGroupsTab } from './groups/study-groups-tab';

type CommunityTab = 'groups' | 'forum';

/** Spec 3 /community: tabs Study Groups and Forum; the tab is in the address so a link or a reload keeps it. */
export function CommunityPage() {
  const { t } = useTranslation();
  usePageTitle(t('community.title'));
  const [params, setParams] = useSearchParams();
  const tab: CommunityTab = params.get('tab') === 'forum' ? 'forum' : 'groups';
  const select = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', next);
        copy.delete('view');
        return copy;
      },
      { replace: true },
    );

  return (
    <div data-testid="community-page">
      <PageHeader title={t('community.title')} subtitle={t('community.subtitle')} />
      <Tabs value={tab} onValueChange={select}>
        <TabsList className="max-w-md">
          <TabsTrigger value="groups" data-testid="community-tab-groups">
            {t('community.tabs.groups')}
          </TabsTrigger>
          <TabsTrigger value="forum" data-testid="community-tab-forum">
            {t('community.tabs.forum')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="groups">
          <StudyGroupsTab />
        </TabsContent>
        <TabsContent value="forum">
          <ForumTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
