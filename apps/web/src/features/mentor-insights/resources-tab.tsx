import { mentoringRoutes, RESOURCE_TYPES, ResourceCreateRequest, type RouteOutput } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { serverDetail, useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Switch,
  Textarea,
  useToast,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { errorsByPath, issuePath, RESOURCE_SECTIONS, resourceRequest, type ResourceFormValues, type ResourceType } from './logic';
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
      <AddResourceDialog open={adding} onOpenChange={setAdding} />
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
const RESOURCE_FIELDS = ['title', 'description', 'resource_type', 'url', 'content', 'tags', 'is_public'] as const;

function AddResourceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [values, setValues] = useState<ResourceFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useRouteMutation(mentoringRoutes.addResource, { invalidates: [mentoringRoutes.resources] });
  const set = <K extends keyof ResourceFormValues>(key: K, value: ResourceFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const change = (next: boolean) => {
    if (next) {
      setValues(EMPTY);
      setErrors({});
      add.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = resourceRequest(values);
    const checked = ResourceCreateRequest.safeParse(body);
    if (!checked.success) {
      setErrors(headErrors(checked.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }))));
      return;
    }
    setErrors({});
    add.mutate(
      { body },
      {
        onSuccess: () => {
          toast({ title: t('mentorInsights.resources.form.added'), tone: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.length > 0) setErrors(headErrors(error.errors));
        },
      },
    );
  };
  const err = (field: string) => vt(errors[field]);
  const unplaced = Object.entries(errors).filter(([f]) => !(RESOURCE_FIELDS as readonly string[]).includes(f));
  const showServerAlert = add.isError && (!isApiError(add.error) || add.error.errors.length === 0);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="add-resource-dialog">
        <DialogHeader>
          <DialogTitle>{t('mentorInsights.resources.form.title')}</DialogTitle>
          <DialogDescription>{t('mentorInsights.resources.form.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('mentorInsights.resources.form.titleField')} error={err('title')}>
            {(field) => (
              <Input
                {...field}
                value={values.title}
                onChange={(e) => set('title', e.target.value)}
                maxLength={200}
                required
                data-testid="resource-title-input"
              />
            )}
          </FormField>
          <FormField label={t('mentorInsights.resources.form.descriptionField')} error={err('description')}>
            {(field) => (
              <Textarea
                {...field}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
                rows={2}
                maxLength={2000}
                data-testid="resource-description-input"
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('mentorInsights.resources.form.type')} error={err('resource_type')}>
              {(field) => (
                <Select
                  {...field}
                  value={values.resource_type}
                  onChange={(e) => set('resource_type', e.target.value as ResourceType)}
                  data-testid="resource-type-input"
                >
                  {RESOURCE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`mentorInsights.resources.types.${type}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField label={t('mentorInsights.resources.form.url')} error={err('url')}>
              {(field) => (
                <Input
                  {...field}
                  type="url"
                  value={values.url}
                  onChange={(e) => set('url', e.target.value)}
                  placeholder="https://"
                  data-testid="resource-url-input"
                />
              )}
            </FormField>
          </div>
          <FormField label={t('mentorInsights.resources.form.content')} error={err('content')}>
            {(field) => (
              <Textarea
                {...field}
                value={values.content}
                onChange={(e) => set('content', e.target.value)}
                rows={4}
                maxLength={20_000}
                data-testid="resource-content-input"
              />
            )}
          </FormField>
          <FormField label={t('mentorInsights.resources.form.tags')} hint={t('mentorInsights.resources.form.tagsHint')} error={err('tags')}>
            {(field) => (
              <Input {...field} value={values.tags} onChange={(e) => set('tags', e.target.value)} data-testid="resource-tags-input" />
            )}
          </FormField>
          <div className="flex items-start gap-3">
            <Switch
              id="resource-public"
              checked={values.is_public}
              onCheckedChange={(checked) => set('is_public', checked)}
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
          {unplaced.length > 0 && <Alert tone="error">{unplaced.map(([, m]) => vt(m)).join(' ')}</Alert>}
          {showServerAlert && (
            <Alert tone="error" data-testid="resource-error">
              {serverDetail(add.error) ?? t('mentorInsights.resources.form.failed')}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" loading={add.isPending} data-testid="resource-save">
              {t('mentorInsights.resources.form.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Errors keyed by the form field they belong to ("tags.1" → tags). */
function headErrors(errors: readonly { path: string; message: string }[]): Record<string, string> {
  return errorsByPath(errors.map((e) => ({ ...e, path: e.path.split('.')[0] ?? e.path })));
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
