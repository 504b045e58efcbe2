import { mentoringRoutes, RESOURCE_TYPES, type RouteOutput } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFailureText, useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { Badge, Button, buttonClasses, cn, ConfirmDialog, FormField, Input, Select, Switch, Textarea, useToast } from '../../ui';
import { FormDialog, useContractForm } from '../../ui/form';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { firstMessage, RESOURCE_SECTIONS, ResourceFormSchema, type ResourceFormValues } from './logic';
import { SCROLLING_DIALOG, useSaveAndClose } from './dialog-form';
import { Block, Nothing } from './parts';

type Resource = RouteOutput<typeof mentoringRoutes.resources>['documents'][number];

/**
 * Spec 2.13 Resources: the four sections (documents, videos, tools, templates) from GET
 * /mentor/resources, Add Resource (a modal → POST /mentor/resources) and Delete with a confirm.
 */
export function ResourcesTab() {
  const { t } = useTranslation();
  const list = useRouteQuery(mentoringRoutes.resources, {});
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  return (
    <section aria-labelledby="mentor-resources-heading" className="space-y-6" data-testid="mentor-resources-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mentor-resources-heading" className="text-lg font-semibold text-slate-900">
          {t('mentorInsights.resources.heading')}
        </h2>
        <Button onClick={() => setAdding(true)} data-testid="resource-add">
          {t('mentorInsights.resources.add')}
        </Button>
      </div>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <LoadError error={list.error} title={t('mentorInsights.resources.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {RESOURCE_SECTIONS.map(({ type, field }) => {
            const items = list.data[field];
            return (
              <Block
                key={type}
                title={t(`mentorInsights.resources.sections.${type}`)}
                id={`resources-${type}-heading`}
                testId={`resources-section-${type}`}
              >
                {items.length === 0 ? (
                  <Nothing testId={`resources-empty-${type}`}>{t(`mentorInsights.resources.empty.${type}`)}</Nothing>
                ) : (
                  <ul className="divide-y divide-slate-200">
                    {items.map((r) => (
                      <ResourceRow key={r.id} resource={r} onDelete={() => setDeleting(r)} />
                    ))}
                  </ul>
                )}
              </Block>
            );
          })}
        </div>
      )}
      {adding && <AddResourceDialog onClose={() => setAdding(false)} />}
      {deleting && <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function ResourceRow({ resource, onDelete }: { resource: Resource; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-1 py-3 first:pt-0 last:pb-0" data-testid="resource-item" data-resource-id={resource.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-medium break-words text-slate-900" data-testid="resource-title">
            {resource.title}
          </h4>
          {resource.description && <p className="text-sm break-words text-slate-700">{resource.description}</p>}
        </div>
        <Badge tone={resource.is_public ? 'success' : 'neutral'}>
          {resource.is_public ? t('mentorInsights.resources.public') : t('mentorInsights.resources.private')}
        </Badge>
      </div>
      {resource.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t('mentorInsights.resources.form.tags')}>
          {resource.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="primary">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        {resource.url && (
          <a
            href={resource.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
            aria-label={t('mentorInsights.resources.openLabel', { title: resource.title })}
          >
            {t('mentorInsights.resources.open')}
          </a>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          onClick={onDelete}
          aria-label={t('mentorInsights.resources.deleteLabel', { title: resource.title })}
          data-testid="resource-delete"
        >
          {t('mentorInsights.resources.delete')}
        </Button>
      </div>
    </li>
  );
}

const EMPTY: ResourceFormValues = {
  title: '',
  description: '',
  resource_type: 'document',
  url: '',
  content: '',
  tags: '',
  is_public: false,
};

function AddResourceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const form = useContractForm(ResourceFormSchema, { defaultValues: EMPTY });
  const add = useRouteMutation(mentoringRoutes.addResource, { invalidates: [mentoringRoutes.resources] });
  // "tags.1" is said at the tags box
  const err = (field: keyof ResourceFormValues) => vt(firstMessage(form.formState.errors[field]));

  const done = useSaveAndClose(form.applyServerError, t('mentorInsights.resources.form.added'), onClose);
  const submit = form.submit((body) => add.mutate({ body }, done));

  return (
    <FormDialog
      onClose={onClose}
      title={t('mentorInsights.resources.form.title')}
      description={t('mentorInsights.resources.form.description')}
      className={cn(SCROLLING_DIALOG, 'sm:max-w-xl')}
      onSubmit={submit}
      submitLabel={t('mentorInsights.resources.form.save')}
      pending={add.isPending}
      error={saveFailureText(add, form.formError, t('mentorInsights.resources.form.failed'))}
      testId="add-resource-dialog"
      errorTestId="resource-error"
      submitTestId="resource-save"
    >
      <FormField label={t('mentorInsights.resources.form.titleField')} error={err('title')}>
        {(field) => <Input {...field} {...form.register('title')} maxLength={200} required data-testid="resource-title-input" />}
      </FormField>
      <FormField label={t('mentorInsights.resources.form.descriptionField')} error={err('description')}>
        {(field) => (
          <Textarea {...field} {...form.register('description')} rows={2} maxLength={2000} data-testid="resource-description-input" />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('mentorInsights.resources.form.type')} error={err('resource_type')}>
          {(field) => (
            <Select {...field} {...form.register('resource_type')} data-testid="resource-type-input">
              {RESOURCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`mentorInsights.resources.types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('mentorInsights.resources.form.url')} error={err('url')}>
          {(field) => <Input {...field} {...form.register('url')} type="url" placeholder="https://" data-testid="resource-url-input" />}
        </FormField>
      </div>
      <FormField label={t('mentorInsights.resources.form.content')} error={err('content')}>
        {(field) => <Textarea {...field} {...form.register('content')} rows={4} maxLength={20_000} data-testid="resource-content-input" />}
      </FormField>
      <FormField label={t('mentorInsights.resources.form.tags')} hint={t('mentorInsights.resources.form.tagsHint')} error={err('tags')}>
        {(field) => <Input {...field} {...form.register('tags')} data-testid="resource-tags-input" />}
      </FormField>
      <div className="flex items-start gap-3">
        <Switch
          id="resource-public"
          checked={form.watch('is_public')}
          onCheckedChange={(checked) => form.setValue('is_public', checked)}
          aria-describedby="resource-public-hint"
          data-testid="resource-public-input"
        />
        <div>
          <label htmlFor="resource-public" className="text-sm font-medium text-slate-800">
            {t('mentorInsights.resources.form.public')}
          </label>
          <p id="resource-public-hint" className="text-xs text-slate-600">
            {t('mentorInsights.resources.form.publicHint')}
          </p>
        </div>
      </div>
    </FormDialog>
  );
}

function DeleteResourceDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detail = useDetailOrMessage();
  const remove = useRouteMutation(mentoringRoutes.deleteResource, { invalidates: [mentoringRoutes.resources] });
  const confirm = () =>
    remove.mutate(
      { params: { id: resource.id } },
      {
        onSuccess: () => {
          toast({ title: t('mentorInsights.resources.deleted'), tone: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: t('mentorInsights.resources.deleteFailed', { detail: detail(error) }), tone: 'error' }),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('mentorInsights.resources.deleteTitle')}
      description={t('mentorInsights.resources.deleteText', { title: resource.title })}
      confirmLabel={t('mentorInsights.resources.deleteConfirm')}
      onConfirm={confirm}
      pending={remove.isPending}
      destructive
      testId="delete-resource-dialog"
    />
  );
}
