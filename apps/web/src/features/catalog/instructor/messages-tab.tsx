import { catalogRoutes } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { routeKey } from '../../../api/route-key';
import { useFormatDate } from '../../../i18n/format-date';
import { Badge, Button, Card, CardContent, cn, focusRing } from '../../../ui';
import { truncate } from '../../../lib/format';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { ComposeDialog, type ComposeDraft } from './compose-dialog';
import type { InstructorMessage } from './instructor-types';

type Box = 'received' | 'sent';

/** Spec 2.12 Messages: received and sent lists, a detail pane, compose; opening a received message marks it read. */
export function MessagesTab() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const messages = useRouteQuery(catalogRoutes.instructorMessages, {});
  const [box, setBox] = useState<Box>('received');
  const [openId, setOpenId] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);

  const markRead = useRouteMutation(catalogRoutes.markMessageRead, {
    onSuccess: (updated) =>
      queryClient.setQueryData<InstructorMessage[]>(routeKey(catalogRoutes.instructorMessages), (current) =>
        current?.map((m) => (m.id === updated.id ? { ...m, is_read: true } : m)),
      ),
  });

  if (messages.isPending) return <LoadingBlock />;
  if (messages.isError)
    return (
      <LoadError error={messages.error} title={t('instructorDashboard.messages.loadFailed')} onRetry={() => void messages.refetch()} />
    );

  const received = messages.data.filter((m) => !m.is_sent);
  const sent = messages.data.filter((m) => m.is_sent);
  const list = box === 'received' ? received : sent;
  const unreadCount = received.filter((m) => !m.is_read).length;
  const opened = messages.data.find((m) => m.id === openId) ?? null;

  const open = (message: InstructorMessage) => {
    setOpenId(message.id);
    if (!message.is_sent && !message.is_read) markRead.mutate({ params: { id: message.id } });
  };

  const compose = (next: ComposeDraft | null) => {
    setDraft(next);
    setComposing(true);
  };

  return (
    <section aria-labelledby="messages-heading" data-testid="messages-tab">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="messages-heading" className="text-lg font-semibold text-slate-900">
          {t('instructorDashboard.tabs.messages')}
        </h2>
        <Button onClick={() => compose(null)} data-testid="compose-button">
          {t('instructorDashboard.messages.compose')}
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-5">
        <Card className="lg:col-span-2">
          <CardContent className="p-3">
            <div
              role="group"
              aria-label={t('instructorDashboard.messages.boxes')}
              className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
            >
              {(['received', 'sent'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={box === value}
                  onClick={() => {
                    setBox(value);
                    setOpenId(null);
                  }}
                  className={cn(
                    'cursor-pointer rounded-lg px-2 py-1.5 text-sm font-medium',
                    box === value ? 'bg-white text-primary shadow-sm' : 'text-slate-700 hover:text-slate-900',
                    focusRing,
                  )}
                  data-testid={`messages-${value}`}
                >
                  {value === 'received'
                    ? t('instructorDashboard.messages.received', { count: received.length, unread: unreadCount })
                    : t('instructorDashboard.messages.sentBox', { count: sent.length })}
                </button>
              ))}
            </div>
            {list.length === 0 ? (
              <p className="p-4 text-center text-sm text-slate-600">
                {box === 'received' ? t('instructorDashboard.messages.noneReceived') : t('instructorDashboard.messages.noneSent')}
              </p>
            ) : (
              <ul className="space-y-1" data-testid="message-list">
                {list.map((m) => {
                  const unread = !m.is_sent && !m.is_read;
                  return (
                    <li key={m.id}>
                      <button
                        type="button"
                        onClick={() => open(m)}
                        aria-current={m.id === openId ? 'true' : undefined}
                        className={cn(
                          'w-full cursor-pointer rounded-lg p-3 text-left',
                          m.id === openId ? 'bg-primary-soft' : 'hover:bg-slate-50',
                          focusRing,
                        )}
                        data-testid="message-item"
                        data-unread={unread ? 'true' : 'false'}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className={cn('truncate text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-800')}>
                            {m.is_sent ? t('instructorDashboard.messages.to', { name: m.recipient_name }) : m.sender_name}
                          </span>
                          <time className="shrink-0 text-xs text-slate-600" dateTime={m.created_at}>
                            {formatDate(m.created_at)}
                          </time>
                        </span>
                        <span className={cn('block truncate text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
                          {unread && <span className="sr-only">{t('instructorDashboard.messages.unread')} </span>}
                          {m.subject}
                        </span>
                        <span className="block truncate text-xs text-slate-600">{truncate(m.message)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-3">
          <CardContent aria-live="polite" data-testid="message-detail">
            {opened ? (
              <article className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-lg font-semibold break-words text-slate-900">{opened.subject}</h3>
                  {opened.course_title && <Badge tone="neutral">{opened.course_title}</Badge>}
                </div>
                <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
                  <dt>{t('instructorDashboard.messages.fromLabel')}</dt>
                  <dd className="font-medium text-slate-900">{opened.sender_name}</dd>
                  <dt>{t('instructorDashboard.messages.toLabel')}</dt>
                  <dd className="font-medium text-slate-900">{opened.recipient_name}</dd>
                  <dt>{t('instructorDashboard.messages.dateLabel')}</dt>
                  <dd>
                    <time dateTime={opened.created_at}>{formatDate(opened.created_at)}</time>
                  </dd>
                </dl>
                <p className="border-t border-slate-200 pt-3 break-words whitespace-pre-line text-slate-800">{opened.message}</p>
                {!opened.is_sent && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      compose({
                        recipientId: opened.sender_id,
                        courseId: opened.course_id ?? '',
                        subject: opened.subject.startsWith('Re: ') ? opened.subject : `Re: ${opened.subject}`,
                      })
                    }
                  >
                    {t('instructorDashboard.messages.reply')}
                  </Button>
                )}
              </article>
            ) : (
              <p className="py-10 text-center text-sm text-slate-600">{t('instructorDashboard.messages.selectOne')}</p>
            )}
          </CardContent>
        </Card>
      </div>
      <ComposeDialog open={composing} onOpenChange={setComposing} draft={draft} />
    </section>
  );
}
