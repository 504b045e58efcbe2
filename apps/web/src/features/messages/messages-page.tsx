import { communityRoutes, DIRECT_MESSAGES_PAGE, LIVE_FEEDS, type Conversation, type DirectMessage } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { callRoute } from '../../api/client';
import { useDetailOrMessage } from '../../api/error-text';
import { useInvalidate, useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDateTime } from '../../i18n/format-date';
import { useValidationText } from '../../i18n/validation-text';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Badge, Button, cn, EmptyState, focusRing, InitialAvatar, PageHeader, Pager, Spinner, Textarea } from '../../ui';
import { BackIcon } from '../../ui/icons';
import { useContractForm } from '../../ui/form';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useSignedInUser } from '../auth';
import { DirectMessageFormSchema, formProblem, useLiveFeed } from '../community';
import { NotificationTime } from '../notifications';
import { hasUnreadFrom, inboxEventOf, mergeThread, seenMessageId } from './logic';

const INBOX_PAGE = DIRECT_MESSAGES_PAGE.conversations;
const THREAD_PAGE = DIRECT_MESSAGES_PAGE.thread;
const STALE_ON_MESSAGE = [communityRoutes.conversations, communityRoutes.directMessagesUnread, communityRoutes.directMessages];

/**
 * /messages and /messages/:userId: the caller's conversations (the latest first, each with its
 * last message and what is unread) beside the open thread at desktop width; at phone width one
 * of the two at a time. Both follow /api/live/me: a message arrives and a reading shows "Seen"
 * without a reload; a reopened stream reloads what is shown.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const title = t('areas.messages');
  usePageTitle(title);
  const { userId } = useParams();
  const me = useSignedInUser();
  const invalidate = useInvalidate();
  const [arrivals, setArrivals] = useState(0);

  useLiveFeed(
    LIVE_FEEDS.me.path,
    (e) => {
      const news = inboxEventOf(e);
      if (!news) return;
      void invalidate(news.kind === 'message' ? STALE_ON_MESSAGE : [communityRoutes.conversations]);
      if (news.otherId === userId) setArrivals((n) => n + 1);
    },
    { onReopen: () => void invalidate([...STALE_ON_MESSAGE, communityRoutes.conversation]) },
  );

  return (
    <div data-testid="messages-page" className="min-w-0 space-y-6">
      <PageHeader title={title} subtitle={t('messages.subtitle')} className={cn('mb-0 sm:mb-0', userId && 'hidden md:flex')} />
      <div className="grid min-w-0 gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className={cn('min-w-0', userId && 'hidden md:block')}>
          <ConversationList selected={userId ?? null} />
        </div>
        <div className={cn('min-w-0', !userId && 'hidden md:block')}>
          {userId ? (
            <Thread key={userId} me={me.id} otherId={userId} arrivals={arrivals} />
          ) : (
            <EmptyState title={t('messages.pick.title')} description={t('messages.pick.text')} />
          )}
        </div>
      </div>
    </div>
  );
}

function ConversationList({ selected }: { selected: string | null }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const list = useRouteQuery(
    communityRoutes.conversations,
    { query: { limit: INBOX_PAGE, offset } },
    { placeholderData: keepPreviousData },
  );

  if (list.isPending) return <LoadingBlock label={t('messages.list.loading')} />;
  if (list.isError) return <LoadError error={list.error} title={t('messages.list.loadFailed')} onRetry={() => void list.refetch()} />;
  const { conversations, total } = list.data;
  if (conversations.length === 0) {
    return (
      <div data-testid="conversations-empty">
        <EmptyState title={t('messages.list.empty')} description={t('messages.list.emptyText')} />
      </div>
    );
  }
  const now = Date.now();
  return (
    <nav aria-label={t('messages.list.label')} className="space-y-4">
      <ul
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        aria-busy={list.isFetching || undefined}
        data-testid="conversations-list"
      >
        {conversations.map((c) => (
          <ConversationRow key={c.user_id} conversation={c} selected={c.user_id === selected} now={now} />
        ))}
      </ul>
      <Pager
        offset={offset}
        pageSize={INBOX_PAGE}
        total={total}
        onOffset={setOffset}
        busy={list.isFetching}
        label={t('messages.list.paging')}
        testId="conversations"
      />
    </nav>
  );
}

function ConversationRow({ conversation: c, selected, now }: { conversation: Conversation; selected: boolean; now: number }) {
  const { t } = useTranslation();
  const mine = c.last_message.sender_id !== c.user_id;
  return (
    <li data-testid="conversation" data-user-id={c.user_id} data-unread={c.unread}>
      <Link
        to={`/messages/${c.user_id}`}
        aria-current={selected ? 'page' : undefined}
        className={cn('flex min-w-0 gap-3 px-4 py-3 hover:bg-slate-50', selected && 'bg-primary-soft/60', focusRing)}
      >
        <InitialAvatar name={c.user_name} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-slate-900', c.unread > 0 ? 'font-semibold' : 'font-medium')}>{c.user_name}</span>
            <NotificationTime at={c.last_message.created_at} now={now} />
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-slate-600" data-testid="conversation-last">
              {mine ? t('messages.list.you', { content: c.last_message.content }) : c.last_message.content}
            </span>
            {c.unread > 0 && (
              <Badge data-testid="conversation-unread" aria-label={t('messages.list.unread', { count: c.unread })}>
                {c.unread}
              </Badge>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Thread({ me, otherId, arrivals }: { me: string; otherId: string; arrivals: number }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  const formatDateTime = useFormatDateTime();
  const newest = useRouteQuery(communityRoutes.conversation, { params: { userId: otherId }, query: { limit: THREAD_PAGE } });
  const [older, setOlder] = useState<{ messages: DirectMessage[]; hasOlder: boolean | null }>({ messages: [], hasOlder: null });
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const markRead = useRouteMutation(communityRoutes.markConversationRead, {
    invalidates: [communityRoutes.conversations, communityRoutes.directMessagesUnread],
  });
  const bottom = useRef<HTMLDivElement>(null);

  // a message from this person arrived, or they read the caller's: the newest page again
  const { refetch } = newest;
  useEffect(() => {
    if (arrivals > 0) void refetch();
  }, [arrivals, refetch]);

  const messages = mergeThread(older.messages, newest.data?.messages ?? []);
  const unread = hasUnreadFrom(newest.data?.messages ?? [], me);
  const { mutate, isPending } = markRead;
  useEffect(() => {
    if (unread && !isPending) mutate({ params: { userId: otherId } }, { onSuccess: () => void refetch() });
  }, [unread, isPending, mutate, otherId, refetch]);

  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  if (newest.isPending) return <LoadingBlock label={t('messages.thread.loading')} />;
  if (newest.isError) {
    return (
      <div className="space-y-4">
        <BackToList />
        <LoadError error={newest.error} title={t('messages.thread.loadFailed')} onRetry={() => void newest.refetch()} />
      </div>
    );
  }

  const thread = newest.data;
  const hasOlder = older.hasOlder ?? thread.has_older;
  const loadOlder = async () => {
    const first = messages[0];
    if (!first || olderState === 'loading') return;
    setOlderState('loading');
    try {
      const page = await callRoute(communityRoutes.conversation, {
        params: { userId: otherId },
        query: { limit: THREAD_PAGE, before: first.id },
      });
      setOlder((o) => ({ messages: [...page.messages, ...o.messages], hasOlder: page.has_older }));
      setOlderState('idle');
    } catch {
      setOlderState('failed');
    }
  };
  const seen = seenMessageId(messages, me);

  return (
    <section
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      aria-labelledby="thread-title"
      data-testid="thread"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <BackToList />
        <InitialAvatar name={thread.user_name} />
        <h2 id="thread-title" className="truncate font-semibold text-slate-900" data-testid="thread-name">
          {thread.user_name}
        </h2>
      </header>
      <div className="max-h-[60vh] min-h-48 space-y-3 overflow-y-auto px-4 py-4" data-testid="thread-messages">
        {hasOlder && (
          <div className="flex flex-col items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void loadOlder()}
              aria-busy={olderState === 'loading' || undefined}
              data-testid="thread-older"
            >
              {olderState === 'loading' && <Spinner className="size-4" />}
              {t('messages.thread.older')}
            </Button>
            {olderState === 'failed' && (
              <p role="alert" className="text-sm text-red-700" data-testid="thread-older-error">
                {t('messages.thread.olderFailed')}
              </p>
            )}
          </div>
        )}
        {messages.length === 0 && (
          <p className="py-8 text-center text-sm text-slate-600" data-testid="thread-empty">
            {t('messages.thread.empty', { name: thread.user_name })}
          </p>
        )}
        <ol className="space-y-3">
          {messages.map((m) => {
            const mine = m.sender_id === me;
            return (
              <li
                key={m.id}
                className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
                data-testid="thread-message"
                data-mine={mine}
              >
                <p
                  className={cn(
                    'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
                    mine ? 'bg-primary text-white' : 'bg-slate-100 text-slate-900',
                  )}
                >
                  <span className="sr-only">
                    {mine ? t('messages.thread.youSaid') : t('messages.thread.theySaid', { name: m.sender_name })}
                  </span>
                  {m.content}
                </p>
                <span className="mt-1 text-xs text-slate-600">
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                  {m.id === seen && (
                    <span data-testid="thread-seen">
                      {' · '}
                      {t('messages.thread.seen')}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
        <div ref={bottom} />
      </div>
      {markRead.isError && (
        <Alert tone="error" className="mx-4 mb-2">
          {t('messages.thread.readFailed', { detail: detailOrMessage(markRead.error) })}
        </Alert>
      )}
      {thread.can_reply ? (
        <ReplyBox otherId={otherId} name={thread.user_name} onSent={() => void newest.refetch()} />
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600" data-testid="thread-no-reply">
          {t('messages.thread.cannotReply')}
        </p>
      )}
    </section>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link
      to="/messages"
      className={cn('-ml-1 rounded-lg p-1 text-slate-600 hover:text-slate-900 md:hidden', focusRing)}
      data-testid="thread-back"
    >
      <BackIcon />
      <span className="sr-only">{t('messages.thread.back')}</span>
    </Link>
  );
}

function ReplyBox({ otherId, name, onSent }: { otherId: string; name: string; onSent: () => void }) {
  const { t } = useTranslation();
  const vt = useValidationText();
  const detailOrMessage = useDetailOrMessage();
  const form = useContractForm(DirectMessageFormSchema, { defaultValues: { content: '' } });
  const send = useRouteMutation(communityRoutes.sendDirectMessage, {
    invalidates: [communityRoutes.conversations, communityRoutes.directMessages],
  });
  const problem = formProblem(['content'], form.getValues(), form.formState.errors);
  const error = problem
    ? problem.kind === 'missing'
      ? t('messages.reply.required')
      : vt(problem.message)
    : send.isError
      ? t('messages.reply.failed', { detail: detailOrMessage(send.error) })
      : null;

  const submit = form.submit(({ content }) => {
    if (send.isPending) return;
    send.mutate(
      { body: { recipient_id: otherId, content } },
      {
        onSuccess: () => {
          form.reset({ content: '' });
          onSent();
        },
      },
    );
  });
  // Enter sends, Shift+Enter starts a new line (what chat boxes do)
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-slate-200 px-4 py-3" data-testid="reply-form" noValidate>
      <label htmlFor="reply-content" className="sr-only">
        {t('messages.reply.label', { name })}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="reply-content"
          {...form.register('content')}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={t('messages.reply.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reply-error' : undefined}
          className="min-w-0 flex-1"
          data-testid="reply-content"
        />
        <Button type="submit" aria-busy={send.isPending || undefined} data-testid="reply-send">
          {t('messages.reply.send')}
        </Button>
      </div>
      {error && (
        <p id="reply-error" role="alert" className="text-sm text-red-700" data-testid="reply-error">
          {error}
        </p>
      )}
    </form>
  );
}
