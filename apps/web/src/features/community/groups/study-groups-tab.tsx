import {
  communityRoutes,
  STUDY_GROUP_CATEGORIES,
  STUDY_GROUP_CATEGORY_LABELS,
  type StudyGroup,
  type StudyGroupCategory,
} from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../../api/route-hooks';
import { Button, EmptyState, FormField, Input, Select, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useDebounced } from '../../../lib/use-debounced';
import { GroupCard } from './group-card';
import { CreateGroupDialog } from './group-dialogs';

type View = 'my' | 'browse';

/** Study Groups: My Groups (created and joined) and Browse Groups (by category and name), and Create Group. */
export function StudyGroupsTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'browse' ? 'browse' : 'my';
  const [creating, setCreating] = useState(false);
  const select = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('view', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <Tabs value={view} onValueChange={select}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList className="max-w-sm" aria-label={t('community.groups.viewsLabel')}>
          <TabsTrigger value="my" data-testid="groups-view-my">
            {t('community.groups.my')}
          </TabsTrigger>
          <TabsTrigger value="browse" data-testid="groups-view-browse">
            {t('community.groups.browse')}
          </TabsTrigger>
        </TabsList>
        <Button onClick={() => setCreating(true)} data-testid="create-group-button">
          {t('community.groups.create')}
        </Button>
      </div>
      <TabsContent value="my">
        <MyGroups onCreate={() => setCreating(true)} />
      </TabsContent>
      <TabsContent value="browse">
        <BrowseGroups />
      </TabsContent>
      <CreateGroupDialog open={creating} onOpenChange={setCreating} />
    </Tabs>
  );
}

function MyGroups({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const mine = useRouteQuery(communityRoutes.myGroups, {});
  if (mine.isPending) return <LoadingBlock />;
  if (mine.isError) return <LoadError error={mine.error} title={t('community.groups.loadFailed')} onRetry={() => void mine.refetch()} />;
  const { created_groups, joined_groups } = mine.data;
  if (created_groups.length === 0 && joined_groups.length === 0) {
    return (
      <EmptyState
        title={t('community.groups.noneTitle')}
        description={t('community.groups.noneText')}
        headingLevel="h2"
        action={<Button onClick={onCreate}>{t('community.groups.create')}</Button>}
      />
    );
  }
  return (
    <div className="space-y-8" data-testid="my-groups">
      <GroupSection
        title={t('community.groups.createdSection')}
        groups={created_groups}
        empty={t('community.groups.noneCreated')}
        testId="created-groups"
      />
      <GroupSection
        title={t('community.groups.joined')}
        groups={joined_groups}
        empty={t('community.groups.noneJoined')}
        testId="joined-groups"
      />
    </div>
  );
}

function GroupSection({ title, groups, empty, testId }: { title: string; groups: StudyGroup[]; empty: string; testId: string }) {
  const id = `${testId}-heading`;
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {groups.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : <GroupGrid groups={groups} manage />}
    </section>
  );
}

function GroupGrid({ groups, manage = false }: { groups: StudyGroup[]; manage?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {groups.map((group) => (
        <GroupCard key={group.id} group={group} manage={manage} />
      ))}
    </div>
  );
}

function BrowseGroups() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<StudyGroupCategory | ''>('');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const browse = useRouteQuery(communityRoutes.browseGroups, {
    query: { ...(category ? { category } : {}), ...(term ? { search: term } : {}) },
  });

  return (
    <div className="space-y-4" data-testid="browse-groups">
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem]" role="search">
        <FormField label={t('community.groups.search')}>
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('community.groups.searchPlaceholder')}
              data-testid="browse-groups-search"
            />
          )}
        </FormField>
        <FormField label={t('community.groups.category')}>
          {(field) => (
            <Select
              {...field}
              value={category}
              onChange={(e) => setCategory(e.target.value as StudyGroupCategory | '')}
              data-testid="browse-groups-category"
            >
              <option value="">{t('community.groups.allCategories')}</option>
              {STUDY_GROUP_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {STUDY_GROUP_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {browse.isPending ? (
        <LoadingBlock />
      ) : browse.isError ? (
        <LoadError error={browse.error} title={t('community.groups.loadFailed')} onRetry={() => void browse.refetch()} />
      ) : browse.data.groups.length === 0 ? (
        <EmptyState title={t('community.groups.noMatchTitle')} description={t('community.groups.noMatchText')} headingLevel="h2" />
      ) : (
        <GroupGrid groups={browse.data.groups} />
      )}
    </div>
  );
}
