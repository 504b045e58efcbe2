import {
  communityRoutes,
  GROUP_FORUM_CATEGORIES,
  GROUP_FORUM_CATEGORY_LABELS,
  POST_TYPES,
  PREVIEW_CHARS,
  type ForumPost,
  type StudyGroupDetail,
} from '@lp/contracts';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  FormField,
  Input,
  Select,
  Textarea,
  useToast,
} from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { preview } from '../format';
import { EditPostFormSchema, formProblem, hasTitleAndContent, NewPostFormSchema } from '../forms';

const EMPTY_POST = { title: '', content: '', category: 'general', post_type: 'discussion' } as const;

/** Group Discussions: discussions and questions of the group; edit and delete for the author or an admin. */
export function DiscussionsTab({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const posts = useRouteQuery(communityRoutes.groupPosts, { params: { id: group.id } });
  return (
    <div className="space-y-4">
      {!group.is_suspended && <NewPostForm groupId={group.id} />}
      {posts.isPending ? (
        <LoadingBlock />
      ) : posts.isError ? (
        <LoadError error={posts.error} title={t('community.posts.loadFailed')} onRetry={() => void posts.refetch()} />
      ) : posts.data.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="posts-empty">
          {t('community.posts.empty')}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t('community.posts.label')} data-testid="posts-list">
          {posts.data.map((post) => (
            <PostItem key={post.id} post={post} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NewPostForm({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(NewPostFormSchema, { defaultValues: EMPTY_POST });
  const create = useRouteMutation(communityRoutes.createGroupPost, { invalidates: [communityRoutes.groupPosts] });
  const [title, content, postType] = form.watch(['title', 'content', 'post_type']);
  const ready = hasTitleAndContent({ title, content });

  const submit = form.submit((body) =>
    create.mutate(
      { params: { id: groupId }, body },
      {
        onSuccess: (post) => {
          toast({
            title: t(post.post_type === 'question' ? 'community.posts.questionCreated' : 'community.posts.discussionCreated'),
            tone: 'success',
          });
          // the post type stays as chosen for the next one
          form.reset({ ...EMPTY_POST, post_type: post.post_type });
        },
        onError: (error) => toast({ title: t('community.posts.createFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="new-post-title">{t('community.posts.new')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="new-post-title" data-testid="post-form">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label={t('community.posts.type')}>
              {(field) => (
                <Select {...field} {...form.register('post_type')} data-testid="post-form-type">
                  {POST_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {t(`qa.postTypes.${p}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <CategoryField registration={form.register('category')} testId="post-form-category" />
          </div>
          <PostTextFields
            title={form.register('title')}
            content={form.register('content')}
            errorOf={form.errorText}
            rows={4}
            testIdPrefix="post-form"
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={!ready} loading={create.isPending} data-testid="post-form-submit">
              {t(postType === 'question' ? 'community.posts.askQuestion' : 'community.posts.startDiscussion')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** A post's title and content, as the create and edit forms both take them (test ids `<prefix>-title`, `<prefix>-content`). */
function PostTextFields({
  title,
  content,
  errorOf,
  rows,
  testIdPrefix,
}: {
  title: UseFormRegisterReturn<'title'>;
  content: UseFormRegisterReturn<'content'>;
  /** the field's own message (none while the form's alert says it) */
  errorOf?: (field: 'title' | 'content') => string | undefined;
  rows: number;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('community.posts.title')} error={errorOf?.('title')}>
        {(field) => <Input {...field} {...title} maxLength={200} required data-testid={`${testIdPrefix}-title`} />}
      </FormField>
      <FormField label={t('community.posts.content')} error={errorOf?.('content')}>
        {(field) => <Textarea {...field} {...content} rows={rows} required data-testid={`${testIdPrefix}-content`} />}
      </FormField>
    </>
  );
}

function CategoryField({ registration, testId }: { registration: UseFormRegisterReturn<'category'>; testId: string }) {
  const { t } = useTranslation();
  return (
    <FormField label={t('community.posts.category')}>
      {(field) => (
        <Select {...field} {...registration} data-testid={testId}>
          {GROUP_FORUM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {GROUP_FORUM_CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

function PostItem({ post }: { post: ForumPost }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const formatDateTime = useFormatDateTime();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useRouteMutation(communityRoutes.deleteGroupPost, { invalidates: [communityRoutes.groupPosts] });
  const long = post.content.length > PREVIEW_CHARS;
  const headingId = `post-${post.id}-title`;

  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={headingId}
      data-testid="post"
      data-post-id={post.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={post.post_type === 'question' ? 'primary' : 'neutral'}>{t(`qa.postTypes.${post.post_type}`)}</Badge>
        <Badge tone="neutral" data-testid="post-category">
          {GROUP_FORUM_CATEGORY_LABELS[post.category]}
        </Badge>
      </div>
      <h3 id={headingId} className="mt-2 font-semibold text-slate-900" data-testid="post-title">
        {post.title}
      </h3>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700" data-testid="post-content">
        {expanded ? post.content : preview(post.content)}
      </p>
      {long && (
        <Button variant="link" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} data-testid="post-expand">
          {t(expanded ? 'community.posts.showLess' : 'community.posts.showMore')}
        </Button>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">
          {t('community.posts.byline', { name: post.author_name, date: formatDateTime(post.created_at) })}
        </p>
        {post.can_edit && (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setEditing(true)}
              aria-label={t('community.posts.editNamed', { title: post.title })}
              data-testid="post-edit"
            >
              {t('community.posts.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              onClick={() => setDeleting(true)}
              aria-label={t('community.posts.deleteNamed', { title: post.title })}
              data-testid="post-delete"
            >
              {t('community.posts.delete')}
            </Button>
          </div>
        )}
      </div>
      {post.can_edit && (
        <>
          <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title={t('community.posts.deleteTitle')}
            description={t('community.posts.deleteConfirm')}
            confirmLabel={t('community.posts.delete')}
            destructive
            pending={remove.isPending}
            testId="delete-post-confirm"
            onConfirm={() =>
              remove.mutate(
                { params: { id: post.group_id, postId: post.id } },
                {
                  onSuccess: () => {
                    setDeleting(false);
                    toast({ title: t('community.posts.deleted'), tone: 'success' });
                  },
                  onError: (error) =>
                    toast({ title: t('community.posts.deleteFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
                },
              )
            }
          />
        </>
      )}
    </li>
  );
}

function EditPostDialog({ post, open, onOpenChange }: { post: ForumPost; open: boolean; onOpenChange: (open: boolean) => void }) {
  // mounted while open: each opening starts from the post as it is
  return open ? <EditPostForm post={post} onDone={() => onOpenChange(false)} /> : null;
}

const EDIT_POST_FIELDS = ['title', 'content', 'category'] as const;

function EditPostForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(EditPostFormSchema, {
    defaultValues: { title: post.title, content: post.content, category: post.category },
  });
  const update = useRouteMutation(communityRoutes.updateGroupPost, { invalidates: [communityRoutes.groupPosts] });
  const problem = formProblem(EDIT_POST_FIELDS, form.getValues(), form.formState.errors);
  const error = problem
    ? problem.kind === 'missing'
      ? t('community.forms.fillAll')
      : vt(problem.message)
    : update.isError
      ? t('community.posts.updateFailed', { detail: detailOrMessage(update.error) })
      : undefined;

  const submit = form.submit((body) =>
    update.mutate(
      { params: { id: post.group_id, postId: post.id }, body },
      {
        onSuccess: () => {
          toast({ title: t('community.posts.updated'), tone: 'success' });
          onDone();
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onDone}
      title={t('community.posts.editTitle')}
      description={t('community.posts.editDescription')}
      className="max-w-2xl"
      onSubmit={submit}
      submitLabel={t('community.posts.save')}
      pending={update.isPending}
      error={error ?? null}
      testId="edit-post-dialog"
      formTestId="edit-post-form"
      errorTestId="edit-post-error"
      submitTestId="edit-post-submit"
    >
      <PostTextFields title={form.register('title')} content={form.register('content')} rows={6} testIdPrefix="edit-post" />
      <CategoryField registration={form.register('category')} testId="edit-post-category" />
    </FormDialog>
  );
}
