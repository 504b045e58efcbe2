import { catalogRoutes, KNOWLEDGE_CATEGORIES } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openFileFromClick } from '../../../api/file-url';
import { useRouteQuery } from '../../../api/route-hooks';
import { useFormatDate } from '../../../i18n/format-date';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, FormField, Input, PageHeader, Select } from '../../../ui';
import { fileSize } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { useDebounced } from '../../../lib/use-debounced';
import { ResourceUploadForm } from './resource-upload-form';

type Category = (typeof KNOWLEDGE_CATEGORIES)[number] | 'all';

/** Spec (learning content) /knowledge-hub: upload form toggle, search, category filter and resource cards. */
export function KnowledgeHubPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  usePageTitle(t('areas.knowledgeHub'));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const [uploading, setUploading] = useState(false);
  const settledSearch = useDebounced(search.trim());
  const query = { category: category === 'all' ? undefined : category, search: settledSearch || undefined };
  const resources = useRouteQuery(catalogRoutes.listResources, { query }, { placeholderData: keepPreviousData });

  return (
    <div data-testid="knowledge-hub">
      <PageHeader
        title={t('areas.knowledgeHub')}
        subtitle={t('knowledgeHub.subtitle')}
        actions={
          <Button
            onClick={() => setUploading((v) => !v)}
            aria-expanded={uploading}
            aria-controls="resource-upload"
            data-testid="toggle-upload"
          >
            {uploading ? t('knowledgeHub.hideUpload') : t('knowledgeHub.showUpload')}
          </Button>
        }
      />
      {uploading && (
        <section id="resource-upload" aria-labelledby="resource-upload-heading" className="mb-6">
          <Card>
            <CardHeader>
              <CardTitle id="resource-upload-heading">{t('knowledgeHub.uploadTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ResourceUploadForm onDone={() => setUploading(false)} />
            </CardContent>
          </Card>
        </section>
      )}
      <div role="search" aria-label={t('knowledgeHub.filters')} className="mb-6 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FormField label={t('knowledgeHub.searchLabel')}>
          {(field) => (
            <Input
              {...field}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('knowledgeHub.searchPlaceholder')}
              data-testid="resource-search"
            />
          )}
        </FormField>
        <FormField label={t('knowledgeHub.categoryLabel')}>
          {(field) => (
            <Select
              {...field}
              value={category}
              onChange={(e) => setCategory(e.target.value as Category)}
              data-testid="resource-category-filter"
            >
              <option value="all">{t('courses.allCategories')}</option>
              {KNOWLEDGE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`knowledgeHub.categories.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {resources.isPending ? (
        <LoadingBlock />
      ) : resources.isError ? (
        <LoadError error={resources.error} title={t('knowledgeHub.loadFailed')} onRetry={() => void resources.refetch()} />
      ) : resources.data.length === 0 ? (
        <EmptyState title={t('knowledgeHub.emptyTitle')} description={t('knowledgeHub.emptyText')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="resource-list">
          {resources.data.map((r) => (
            <li key={r.id}>
              <Card className="flex h-full flex-col p-4" data-testid="resource-card">
                <div className="flex flex-wrap gap-2">
                  <Badge tone="primary">{t(`knowledgeHub.types.${r.resource_type}`)}</Badge>
                  <Badge tone="neutral">{t(`knowledgeHub.categories.${r.category}`)}</Badge>
                </div>
                <h2 className="mt-2 text-base font-semibold break-words text-slate-900">{r.title}</h2>
                <p className="mt-1 flex-1 text-sm break-words whitespace-pre-line text-slate-600">{r.description}</p>
                {r.tags.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-1" aria-label={t('knowledgeHub.tags')}>
                    {r.tags.map((tag) => (
                      <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        #{tag}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-3 text-xs text-slate-600">
                  {t('knowledgeHub.uploadedBy', { name: r.uploader_name })} ·{' '}
                  <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                </p>
                {r.file_path && (
                  <Button asChild variant="outline" size="sm" className="mt-3 self-start">
                    <a
                      href={r.file_path}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={(e) => openFileFromClick(e, r.file_path ?? '')}
                    >
                      {t('knowledgeHub.open')}
                      {r.file_size !== null && ` (${fileSize(r.file_size)})`}
                      <span className="sr-only"> {r.title}</span>
                    </a>
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
