import {
  communityRoutes,
  GROUP_FORUM_CATEGORIES,
  GROUP_FORUM_CATEGORY_LABELS,
  POST_TYPES,
  PREVIEW_CHARS,
  type ForumPost,
  type GroupForumCategory,
  type PostType,
  type StudyGroupDetail,
} from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  Textarea,
  useToast,
} from '../../../ui';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { preview } from '../format';
import { FILL_ALL_FIELDS, hasTitleAndContent } from '../forms';

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
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<GroupForumCategory>('general');
  const [postType, setPostType] = useState<PostType>('discussion');
  const create = useRouteMutation(communityRoutes.createGroupPost, { invalidates: [communityRoutes.groupPosts] });
  const ready = hasTitleAndContent({ title, content });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      { params: { id: groupId }, body: { title: title.trim(), content: content.trim(), category, post_type: postType } },
      {
        onSuccess: (post) => {
          toast({
            title: t(post.post_type === 'question' ? 'community.posts.questionCreated' : 'community.posts.discussionCreated'),
            tone: 'success',
          });
          setTitle('');
          setContent('');
          setCategory('general');
        },
        onError: (error) => toast({ title: t('community.posts.createFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    );
  };

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
                <Select {...field} value={postType} onChange={(e) => setPostType(e.target.value as PostType)} data-testid="post-form-type">
                  {POST_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {t(`qa.postTypes.${p}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <CategoryField value={category} onChange={setCategory} testId="post-form-category" />
          </div>
          <PostTextFields title={title} content={content} onTitle={setTitle} onContent={setContent} rows={4} testIdPrefix="post-form" />
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
  onTitle,
  onContent,
  rows,
  testIdPrefix,
}: {
  title: string;
  content: string;
  onTitle: (v: string) => void;
  onContent: (v: string) => void;
  rows: number;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('community.posts.title')}>
        {(field) => (
          <Input
            {...field}
            value={title}
            onChange={(e) => onTitle(e.target.value)}
            maxLength={200}
            required
            data-testid={`${testIdPrefix}-title`}
          />
        )}
      </FormField>
      <FormField label={t('community.posts.content')}>
        {(field) => (
          <Textarea
            {...field}
            rows={rows}
            value={content}
            onChange={(e) => onContent(e.target.value)}
            required
            data-testid={`${testIdPrefix}-content`}
          />
        )}
      </FormField>
    </>
  );
}

function CategoryField({
  value,
  onChange,
  testId,
}: {
  value: GroupForumCategory;
  onChange: (c: GroupForumCategory) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t('community.posts.category')}>
      {(field) => (
        <Select {...field} value={value} onChange={(e) => onChange(e.target.value as GroupForumCategory)} data-testid={testId}>
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
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="edit-post-dialog" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('community.posts.editTitle')}</DialogTitle>
          <DialogDescription>{t('community.posts.editDescription')}</DialogDescription>
        </DialogHeader>
        {open && <EditPostForm post={post} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditPostForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [category, setCategory] = useState<GroupForumCategory>(post.category);
  const [error, setError] = useState<string | null>(null);
  const update = useRouteMutation(communityRoutes.updateGroupPost, { invalidates: [communityRoutes.groupPosts] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasTitleAndContent({ title, content })) {
      setError(FILL_ALL_FIELDS);
      return;
    }
    setError(null);
    update.mutate(
      { params: { id: post.group_id, postId: post.id }, body: { title: title.trim(), content: content.trim(), category } },
      {
        onSuccess: () => {
          toast({ title: t('community.posts.updated'), tone: 'success' });
          onDone();
        },
        onError: (e) => setError(t('community.posts.updateFailed', { detail: detailOrMessage(e) })),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="edit-post-form">
      <PostTextFields title={title} content={content} onTitle={setTitle} onContent={setContent} rows={6} testIdPrefix="edit-post" />
      <CategoryField value={category} onChange={setCategory} testId="edit-post-category" />
      {error && (
        <Alert tone="error" data-testid="edit-post-error">
          {error}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending} data-testid="edit-post-submit">
          {t('community.posts.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
