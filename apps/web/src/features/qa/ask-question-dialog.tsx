import { communityRoutes, POST_TYPES, QA_CATEGORIES, QA_CATEGORY_LABELS, QA_MAX_TAGS, type PostType, type QaCategory } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteMutation } from '../../api/route-hooks';
import {
  Alert,
  Button,
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
} from '../../ui';
import { parseTags } from '../community/format';
import { FILL_ALL_FIELDS, hasTitleAndContent } from '../community/forms';
import { ServerReason } from '../community/server-reason';

interface AskValues {
  title: string;
  content: string;
  category: QaCategory;
  tags: string;
  post_type: PostType;
}

const empty: AskValues = { title: '', content: '', category: 'general', tags: '', post_type: 'question' };

/** Ask a question (or start a discussion) in the global forum: title and content required, category, tags, post type. */
export function AskQuestionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="ask-question-dialog" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('qa.askTitle')}</DialogTitle>
          <DialogDescription>{t('qa.askDescription')}</DialogDescription>
        </DialogHeader>
        {open && <AskForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AskForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<AskValues>(empty);
  const [error, setError] = useState<string | null>(null);
  const ask = useRouteMutation(communityRoutes.askQuestion, { invalidates: [communityRoutes.listQuestions] });
  const set = <K extends keyof AskValues>(key: K, value: AskValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasTitleAndContent(values)) {
      setError(FILL_ALL_FIELDS);
      return;
    }
    setError(null);
    ask.mutate(
      {
        body: {
          title: values.title.trim(),
          content: values.content.trim(),
          category: values.category,
          tags: parseTags(values.tags),
          post_type: values.post_type,
        },
      },
      {
        onSuccess: (question) => {
          toast({ title: t(question.post_type === 'question' ? 'qa.questionCreated' : 'qa.discussionCreated'), tone: 'success' });
          onDone();
          void navigate(`/qa/${question.id}`);
        },
        // the spec's text, and the server's reason under it
        onError: () => setError(t('qa.postQuestionFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="ask-question-form">
      <FormField label={t('qa.fields.title')}>
        {(field) => (
          <Input
            {...field}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={300}
            required
            data-testid="ask-title"
          />
        )}
      </FormField>
      <FormField label={t('qa.fields.content')}>
        {(field) => (
          <Textarea
            {...field}
            rows={6}
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
            required
            data-testid="ask-content"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('qa.fields.category')}>
          {(field) => (
            <Select
              {...field}
              value={values.category}
              onChange={(e) => set('category', e.target.value as QaCategory)}
              data-testid="ask-category"
            >
              {QA_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {QA_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('qa.fields.postType')}>
          {(field) => (
            <Select
              {...field}
              value={values.post_type}
              onChange={(e) => set('post_type', e.target.value as PostType)}
              data-testid="ask-post-type"
            >
              {POST_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`qa.postTypes.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('qa.fields.tags')} hint={t('qa.fields.tagsHint', { max: QA_MAX_TAGS })}>
        {(field) => (
          <Input
            {...field}
            value={values.tags}
            onChange={(e) => set('tags', e.target.value)}
            placeholder={t('qa.fields.tagsPlaceholder')}
            data-testid="ask-tags"
          />
        )}
      </FormField>
      {error && (
        <Alert tone="error" data-testid="ask-error">
          {error}
          {ask.isError && <ServerReason error={ask.error} />}
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={ask.isPending} data-testid="ask-submit">
          {t('qa.askSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
