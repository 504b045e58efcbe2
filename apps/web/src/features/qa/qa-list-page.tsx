import { communityRoutes, QA_CATEGORIES, QA_CATEGORY_LABELS, type QaCategory } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate, useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import { Button, EmptyState, FormField, Input, PageHeader, Select } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useDebounced } from '../../lib/use-debounced';
import { liveFeedPath, QuestionCard, useLiveFeed } from '../community';
import { AskQuestionDialog } from './ask-question-dialog';

const PAGE = 20;

/** Spec 3 /qa: search, category filter, the ask form and question cards; new questions appear live. */
export function QaListPage() {
  const { t } = useTranslation();
  usePageTitle(t('qa.title'));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<QaCategory | ''>('');
  const [limit, setLimit] = useState(PAGE);
  const [asking, setAsking] = useState(false);
  const term = useDebounced(search.trim());
  const list = useRouteQuery(
    communityRoutes.listQuestions,
    { query: { ...(term ? { search: term } : {}), ...(category ? { category } : {}), limit } },
    { placeholderData: (previous) => previous },
  );
  const invalidate = useInvalidate();
  const reload = () => void invalidate([communityRoutes.listQuestions]);
  useLiveFeed(liveFeedPath.questions(), (e) => e.event === 'community.question.asked' && reload(), { onReopen: reload });

  return (
    <div data-testid="qa-page" className="space-y-6">
      <PageHeader
        title={t('qa.title')}
        subtitle={t('qa.subtitle')}
        actions={
          <Button onClick={() => setAsking(true)} data-testid="ask-question-button">
            {t('qa.ask')}
          </Button>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]" role="search">
        <FormField label={t('qa.search')}>
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => (setSearch(e.target.value), setLimit(PAGE))}
              placeholder={t('qa.searchPlaceholder')}
              data-testid="qa-search"
            />
          )}
        </FormField>
        <FormField label={t('qa.fields.category')}>
          {(field) => (
            <Select
              {...field}
              value={category}
              onChange={(e) => (setCategory(e.target.value as QaCategory | ''), setLimit(PAGE))}
              data-testid="qa-category"
            >
              <option value="">{t('qa.allCategories')}</option>
              {QA_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {QA_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('qa.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.questions.length === 0 ? (
        <EmptyState
          title={t(term || category ? 'qa.noMatch' : 'qa.noneTitle')}
          description={term || category ? undefined : t('qa.noneText')}
          headingLevel="h2"
          action={<Button onClick={() => setAsking(true)}>{t('qa.ask')}</Button>}
        />
      ) : (
        <section aria-label={t('qa.listLabel')} className="space-y-3" data-testid="qa-list" aria-busy={list.isFetching || undefined}>
          <p className="text-sm text-slate-600" data-testid="qa-total">
            {t('qa.total', { count: list.data.total })}
          </p>
          {list.data.questions.map((q) => (
            <QuestionCard key={q.id} question={q} />
          ))}
          {list.data.total > list.data.questions.length && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                loading={list.isFetching}
                onClick={() => setLimit((n) => Math.min(100, n + PAGE))}
                disabled={limit >= 100}
                data-testid="qa-more"
              >
                {t('qa.more')}
              </Button>
            </div>
          )}
        </section>
      )}
      <AskQuestionDialog open={asking} onOpenChange={setAsking} />
    </div>
  );
}
