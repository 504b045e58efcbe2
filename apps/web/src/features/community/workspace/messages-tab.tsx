import { communityRoutes, type StudyGroupDetail } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../../api/route-hooks';
import { useFormatDateTime } from '../../../i18n/format-date';
import { Alert, Button, Card, CardContent, FormField, Textarea } from '../../../ui';
import { useContractForm } from '../../../ui/form';
import { useSignedInUser } from '../../auth';
import { LoadError, LoadingBlock } from '../../../ui/query-state';
import { MessageFormSchema } from '../forms';
import { ServerReason } from '../server-reason';
import { useAddMessage } from './use-group-live-feed';

/** The group's messages, oldest first; new ones (anyone's) appear live; a message needs text. */
export function MessagesTab({ group }: { group: StudyGroupDetail }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const formatDateTime = useFormatDateTime();
  const messages = useRouteQuery(communityRoutes.groupMessages, { params: { id: group.id } });
  const addMessage = useAddMessage();
  const form = useContractForm(MessageFormSchema, { defaultValues: { content: '' } });
  const content = form.watch('content');
  const post = useRouteMutation(communityRoutes.postGroupMessage);
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  // a blank message is not sent (the button waits for text)
  const submit = form.submit((body) =>
    post.mutate(
      { params: { id: group.id }, body },
      {
        onSuccess: (message) => {
          addMessage(message);
          form.reset({ content: '' });
        },
      },
    ),
  );

  return (
    <Card>
      <CardContent className="space-y-4">
        {messages.isPending ? (
          <LoadingBlock />
        ) : messages.isError ? (
          <LoadError error={messages.error} title={t('community.messages.loadFailed')} onRetry={() => void messages.refetch()} />
        ) : (
          <div
            className="max-h-[28rem] overflow-y-auto rounded-xl bg-slate-50 p-3"
            tabIndex={0}
            role="log"
            aria-live="polite"
            aria-label={t('community.messages.label')}
            data-testid="messages-list"
          >
            {messages.data.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600" data-testid="messages-empty">
                {t('community.messages.empty')}
              </p>
            ) : (
              <ol className="space-y-3">
                {messages.data.map((m) => {
                  const mine = m.author_id === user.id;
                  return (
                    <li key={m.id} className={mine ? 'flex justify-end' : 'flex'} data-testid="message" data-message-id={m.id}>
                      <div
                        className={
                          mine
                            ? 'max-w-[85%] rounded-2xl bg-primary px-3 py-2 text-white'
                            : 'max-w-[85%] rounded-2xl border border-slate-200 bg-white px-3 py-2 text-slate-900'
                        }
                      >
                        <p className={mine ? 'text-xs text-white/90' : 'text-xs text-slate-600'}>
                          <span className="font-semibold" data-testid="message-author">
                            {m.author_name}
                          </span>{' '}
                          · {formatDateTime(m.created_at)}
                        </p>
                        <p className="break-words whitespace-pre-wrap" data-testid="message-content">
                          {m.content}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
            <div ref={end} />
          </div>
        )}
        {group.is_suspended ? (
          <p className="text-sm text-slate-600">{t('community.workspace.suspendedShort')}</p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-2" data-testid="message-form">
            <FormField label={t('community.messages.new')}>
              {(field) => (
                <Textarea
                  {...field}
                  rows={2}
                  {...form.register('content')}
                  maxLength={4000}
                  onKeyDown={(e) => {
                    // Enter sends, Shift+Enter starts a new line
                    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      e.currentTarget.form?.requestSubmit();
                    }
                  }}
                  placeholder={t('community.messages.placeholder')}
                  data-testid="message-input"
                />
              )}
            </FormField>
            {post.isError && (
              <Alert tone="error" data-testid="message-error">
                {t('community.messages.sendFailed')}
                <ServerReason error={post.error} />
              </Alert>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={!content.trim()} loading={post.isPending} data-testid="message-send">
                {t('community.messages.send')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
