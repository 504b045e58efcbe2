import { communityRoutes, POST_TYPES, QA_CATEGORIES, QA_CATEGORY_LABELS, QA_MAX_TAGS } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteMutation } from '../../api/route-hooks';
import { useValidationText } from '../../i18n/validation-text';
import { FormField, Input, Select, Textarea, useToast } from '../../ui';
import { FormDialog, FormErrorAlert, useContractForm } from '../../ui/form';
import { ASK_FORM_FIELDS, AskFormSchema, formProblem, ServerReason } from '../community';

const EMPTY = { title: '', content: '', category: 'general', tags: '', post_type: 'question' } as const;

/** Ask a question (or start a discussion) in the global forum: title and content required, category, tags, post type. */
export function AskQuestionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // mounted while open: each question starts empty
  return open ? <AskForm onDone={() => onOpenChange(false)} /> : null;
}

function AskForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const navigate = useNavigate();
  const form = useContractForm(AskFormSchema, { defaultValues: EMPTY });
  const ask = useRouteMutation(communityRoutes.askQuestion, { invalidates: [communityRoutes.listQuestions] });
  const problem = formProblem(ASK_FORM_FIELDS, form.getValues(), form.formState.errors);

  const submit = form.submit((body) =>
    ask.mutate(
      { body },
      {
        onSuccess: (question) => {
          toast({ title: t(question.post_type === 'question' ? 'qa.questionCreated' : 'qa.discussionCreated'), tone: 'success' });
          onDone();
          void navigate(`/qa/${question.id}`);
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onDone}
      title={t('qa.askTitle')}
      description={t('qa.askDescription')}
      className="max-w-2xl"
      onSubmit={submit}
      submitLabel={t('qa.askSubmit')}
      pending={ask.isPending}
      footerNote={
        problem ? (
          <FormErrorAlert testId="ask-error">
            {problem.kind === 'missing' ? t('community.forms.fillAll') : vt(problem.message)}
          </FormErrorAlert>
        ) : (
          ask.isError && (
            // the spec's text, and the server's reason under it
            <FormErrorAlert testId="ask-error">
              {t('qa.postQuestionFailed')}
              <ServerReason error={ask.error} />
            </FormErrorAlert>
          )
        )
      }
      testId="ask-question-dialog"
      formTestId="ask-question-form"
      submitTestId="ask-submit"
    >
      <FormField label={t('qa.fields.title')}>
        {(field) => <Input {...field} {...form.register('title')} maxLength={300} required data-testid="ask-title" />}
      </FormField>
      <FormField label={t('qa.fields.content')}>
        {(field) => <Textarea {...field} {...form.register('content')} rows={6} required data-testid="ask-content" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('qa.fields.category')}>
          {(field) => (
            <Select {...field} {...form.register('category')} data-testid="ask-category">
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
            <Select {...field} {...form.register('post_type')} data-testid="ask-post-type">
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
        {(field) => <Input {...field} {...form.register('tags')} placeholder={t('qa.fields.tagsPlaceholder')} data-testid="ask-tags" />}
      </FormField>
    </FormDialog>
  );
}
