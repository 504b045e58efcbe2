import { communityRoutes, type PostType } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useInvalidate, useRouteQuery } from '../../../api/route-hooks';
import { Button, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { QuestionCard } from './question-card';
import { liveFeedPath, useLiveFeed } from '../live';

/** The Community Forum tab: Discussions and Q&A of the global forum, each linking to /qa/{id}. */
export function ForumTab() {
  const { t } = useTranslation();
  const [type, setType] = useState<PostType>('discussion');
  const invalidate = useInvalidate();
  const reload = () => void invalidate([communityRoutes.listQuestions]);
  useLiveFeed(liveFeedPath.questions(), (e) => e.event === 'community.question.asked' && reload(), { onReopen: reload });

  return (
    <Tabs value={type} onValueChange={(v) => setType(v as PostType)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList className="max-w-sm" aria-label={t('community.forum.label')}>
          <TabsTrigger value="discussion" data-testid="forum-tab-discussions">
            {t('community.forum.discussions')}
          </TabsTrigger>
          <TabsTrigger value="question" data-testid="forum-tab-qa">
            {t('community.forum.qa')}
          </TabsTrigger>
        </TabsList>
        <Button asChild variant="outline">
          <Link to="/qa" data-testid="forum-open-qa">
            {t('community.forum.openQa')}
          </Link>
        </Button>
      </div>
      <TabsContent value="discussion">
        <ForumList postType="discussion" />
      </TabsContent>
      <TabsContent value="question">
        <ForumList postType="question" />
      </TabsContent>
    </Tabs>
  );
}

function ForumList({ postType }: { postType: PostType }) {
  const { t } = useTranslation();
  const list = useRouteQuery(communityRoutes.listQuestions, { query: { post_type: postType } });
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <LoadError error={list.error} title={t('qa.loadFailed')} onRetry={() => void list.refetch()} />;
  if (list.data.questions.length === 0) {
    return (
      <EmptyState
        title={t(postType === 'discussion' ? 'community.forum.noDiscussions' : 'community.forum.noQuestions')}
        headingLevel="h2"
      />
    );
  }
  return (
    <div className="space-y-3" data-testid={`forum-list-${postType}`}>
      {list.data.questions.map((q) => (
        <QuestionCard key={q.id} question={q} />
      ))}
    </div>
  );
}
