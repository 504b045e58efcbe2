import { communityRoutes, QA_CATEGORY_LABELS, type QaAnswer } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { serverDetail, useDetailOrMessage } from '../../api/error-text';
import { useInvalidate, useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDateTime } from '../../i18n/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, FormField, Textarea, useToast } from '../../ui';
import { useContractForm } from '../../ui/form';
import { useSignedInUser } from '../auth';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { AnswerFormSchema, sortAnswers, liveFeedPath, useLiveFeed, ServerReason } from '../community';

/** Spec 3 /qa/{id}: the question with its upvote, the answers (accepted first) with theirs, Accept for the question's author, the answer form. */
export function QaQuestionPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const user = useSignedInUser();
  const formatDateTime = useFormatDateTime();
  const detail = useRouteQuery(communityRoutes.getQuestion, { params: { id } });
  usePageTitle(detail.data?.question.title ?? t('qa.questionTitle'));
  const invalidate = useInvalidate();
  const reload = () => void invalidate([communityRoutes.getQuestion]);
  useLiveFeed(id ? liveFeedPath.question(id) : null, (e) => e.event === 'community.answer.posted' && reload(), { onReopen: reload });

  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError)
    return (
      <div className="space-y-4">
        <BackLink />
        <LoadError error={detail.error} title={t('qa.questionLoadFailed')} onRetry={() => void detail.refetch()} />
      </div>
    );

  const { question } = detail.data;
  const answers = sortAnswers(detail.data.answers);
  const isAuthor = question.author_id === user.id;

  return (
    <div className="space-y-6" data-testid="qa-question-page">
      <BackLink />
      <article aria-labelledby="question-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex gap-4">
          <UpvoteButton kind="question" id={question.id} upvoted={question.has_upvoted} count={question.upvotes} own={isAuthor} />
          <div className="min-w-0 flex-1 space-y-3">
            <h1 id="question-title" className="text-2xl font-bold tracking-tight text-slate-900" data-testid="question-title">
              {question.title}
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <Badge tone="neutral">{QA_CATEGORY_LABELS[question.category]}</Badge>
              <Badge tone={question.post_type === 'question' ? 'primary' : 'neutral'}>{t(`qa.postTypes.${question.post_type}`)}</Badge>
              {question.is_answered && <Badge tone="success">{t('qa.answered')}</Badge>}
              {question.tags.map((tag) => (
                <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                  #{tag}
                </span>
              ))}
            </div>
            <p className="break-words whitespace-pre-wrap text-slate-800" data-testid="question-content">
              {question.content}
            </p>
            <p className="text-xs text-slate-600">
              {t('qa.askedBy', { name: question.author_name, date: formatDateTime(question.created_at) })} ·{' '}
              <span data-testid="question-views">{t('qa.viewCount', { count: question.views })}</span>
            </p>
          </div>
        </div>
      </article>

      <section aria-labelledby="answers-heading" className="space-y-3">
        <h2 id="answers-heading" className="text-lg font-semibold text-slate-900" data-testid="answers-heading">
          {t('qa.answersHeading', { count: answers.length })}
        </h2>
        {answers.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="answers-empty">
            {t('qa.noAnswers')}
          </p>
        ) : (
          <ol className="space-y-3" data-testid="answers">
            {answers.map((answer) => (
              <AnswerItem key={answer.id} answer={answer} canAccept={isAuthor} own={answer.author_id === user.id} />
            ))}
          </ol>
        )}
      </section>

      <AnswerForm questionId={question.id} />
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/qa" className="text-sm font-medium text-primary-strong hover:underline" data-testid="qa-back">
      {t('qa.back')}
    </Link>
  );
}

function AnswerItem({ answer, canAccept, own }: { answer: QaAnswer; canAccept: boolean; own: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDateTime = useFormatDateTime();
  const accept = useRouteMutation(communityRoutes.acceptAnswer, {
    invalidates: [communityRoutes.getQuestion, communityRoutes.listQuestions],
  });
  return (
    <li
      className={
        answer.is_accepted
          ? 'rounded-2xl border-2 border-emerald-500 bg-emerald-50/40 p-4'
          : 'rounded-2xl border border-slate-200 bg-white p-4'
      }
      data-testid="answer"
      data-answer-id={answer.id}
      data-accepted={answer.is_accepted || undefined}
    >
      <div className="flex gap-4">
        <UpvoteButton kind="answer" id={answer.id} upvoted={answer.has_upvoted} count={answer.upvotes} own={own} />
        <div className="min-w-0 flex-1 space-y-2">
          {answer.is_accepted && (
            <Badge tone="success" data-testid="answer-accepted">
              {t('qa.accepted')}
            </Badge>
          )}
          <p className="break-words whitespace-pre-wrap text-slate-800">{answer.content}</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-600">
              {t('qa.answeredBy', { name: answer.author_name, date: formatDateTime(answer.created_at) })}
            </p>
            {canAccept && !answer.is_accepted && (
              <Button
                size="sm"
                variant="outline"
                loading={accept.isPending}
                data-testid="answer-accept"
                onClick={() =>
                  accept.mutate(
                    { params: { id: answer.id } },
                    {
                      onSuccess: (reply) => toast({ title: reply.message, tone: 'success' }),
                      onError: (error) => toast({ title: t('qa.acceptFailed'), description: serverReason(error), tone: 'error' }),
                    },
                  )
                }
              >
                {t('qa.accept')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

const serverReason = (error: unknown): string | undefined => serverDetail(error) ?? undefined;

/** An upvote that toggles: a second click takes it back (one per person; one's own post cannot be upvoted). */
function UpvoteButton({
  kind,
  id,
  upvoted,
  count,
  own,
}: {
  kind: 'question' | 'answer';
  id: string;
  upvoted: boolean;
  count: number;
  own: boolean;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const route = kind === 'question' ? communityRoutes.upvoteQuestion : communityRoutes.upvoteAnswer;
  const vote = useRouteMutation(route, { invalidates: [communityRoutes.getQuestion, communityRoutes.listQuestions] });
  const label = t(upvoted ? 'qa.removeUpvote' : 'qa.upvote');
  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <Button
        variant={upvoted ? 'primary' : 'outline'}
        size="icon"
        aria-pressed={upvoted}
        aria-label={label}
        title={own ? t('qa.ownVote') : label}
        disabled={own}
        loading={vote.isPending}
        data-testid={`${kind}-upvote`}
        onClick={() => vote.mutate({ params: { id } }, { onError: (error) => toast({ title: detailOrMessage(error), tone: 'error' }) })}
      >
        {!vote.isPending && (
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M12 5l7 8h-4v6H9v-6H5z" strokeLinejoin="round" />
          </svg>
        )}
      </Button>
      <span className="text-sm font-semibold text-slate-900" data-testid={`${kind}-upvotes`} aria-label={t('qa.upvotesCount', { count })}>
        {count}
      </span>
    </div>
  );
}

function AnswerForm({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(AnswerFormSchema, { defaultValues: { content: '' } });
  const content = form.watch('content');
  const post = useRouteMutation(communityRoutes.postAnswer, { invalidates: [communityRoutes.getQuestion, communityRoutes.listQuestions] });
  // a blank answer is not sent (the button waits for text)
  const submit = form.submit((body) =>
    post.mutate(
      { params: { id: questionId }, body },
      {
        onSuccess: () => {
          form.reset({ content: '' });
          toast({ title: t('qa.answerPosted'), tone: 'success' });
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="answer-form-title">{t('qa.yourAnswer')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="answer-form-title" data-testid="answer-form">
          <FormField label={t('qa.fields.answer')}>
            {(field) => <Textarea {...field} rows={5} {...form.register('content')} required data-testid="answer-content" />}
          </FormField>
          {post.isError && (
            <Alert tone="error" data-testid="answer-error">
              {t('qa.postAnswerFailed')}
              <ServerReason error={post.error} />
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={!content.trim()} loading={post.isPending} data-testid="answer-submit">
              {t('qa.postAnswer')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
