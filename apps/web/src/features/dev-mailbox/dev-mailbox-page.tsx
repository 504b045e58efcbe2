import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { API_BASE } from '../../config/product';
import { useFormatDateTime } from '../../i18n/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Card, CardContent, cn, EmptyState, focusRing, Spinner } from '../../ui';
import { splitLinks } from './links';

/** One e-mail as GET /api/dev/mailbox lists it (apps/gateway/src/dev-mailbox). */
interface MailboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  kind: string;
  sent_at: string;
}

// A developer's tool outside the product (not in the contracts, absent in production): its
// words are English only, not in the translated catalog.
const UNAVAILABLE = 'The development mailbox is only available in development.';

class Unavailable extends Error {}

async function fetchMailbox(signal: AbortSignal): Promise<MailboxEntry[]> {
  const res = await fetch(`${API_BASE}/dev/mailbox`, { headers: { Accept: 'application/json' }, signal });
  if (res.status === 404) throw new Unavailable(UNAVAILABLE);
  if (!res.ok) throw new Error(`The mailbox could not be read (HTTP ${res.status}).`);
  return ((await res.json()) as { messages: MailboxEntry[] }).messages;
}

/**
 * The development mailbox: every e-mail the worker would have sent (no SMTP server in
 * development), newest first, so a developer can open an invitation's link. New mail shows
 * up by itself.
 */
export function DevMailboxPage() {
  usePageTitle('Development mailbox');
  const formatTime = useFormatDateTime();
  const mailbox = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => fetchMailbox(signal),
    refetchInterval: (query) => (query.state.error instanceof Unavailable ? false : 3000),
    retry: (failures, error) => !(error instanceof Unavailable) && failures < 2,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const messages = mailbox.data ?? [];
  const open = messages.find((m) => m.id === chosen) ?? messages[0];

  return (
    <PublicLayout>
      <Card className="w-full self-start" data-testid="dev-mailbox">
        <CardContent className="space-y-4">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Development mailbox</h1>
            <p className="text-sm text-slate-600">
              The e-mails the platform sent while no SMTP server is set, newest first (the last 200).
            </p>
          </div>
          {mailbox.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : mailbox.error instanceof Unavailable ? (
            <Alert tone="info" data-testid="dev-mailbox-unavailable">
              {UNAVAILABLE}
            </Alert>
          ) : mailbox.isError ? (
            <Alert tone="error" data-testid="dev-mailbox-error">
              {mailbox.error.message}
            </Alert>
          ) : messages.length === 0 ? (
            <EmptyState title="No e-mails yet" description="Invite someone to a study group and the invitation appears here." />
          ) : (
            <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <ul className="divide-y divide-slate-200 self-start rounded-xl border border-slate-200" aria-label="E-mails">
                {messages.map((m) => (
                  <li key={m.id}>
                    <button
                      type="button"
                      onClick={() => setChosen(m.id)}
                      aria-current={m.id === open?.id ? 'true' : undefined}
                      className={cn(
                        'block w-full px-3 py-2 text-left hover:bg-slate-50',
                        focusRing,
                        m.id === open?.id && 'bg-primary-soft',
                      )}
                      data-testid="dev-mailbox-message"
                    >
                      <span className="block truncate text-sm font-medium text-slate-900">{m.subject}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {m.to} · <time dateTime={m.sent_at}>{formatTime(m.sent_at)}</time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {open && (
                <article
                  className="space-y-3 rounded-xl border border-slate-200 p-4"
                  aria-labelledby="dev-mailbox-subject"
                  data-testid="dev-mailbox-open"
                >
                  <h2 id="dev-mailbox-subject" className="text-lg font-semibold text-slate-900">
                    {open.subject}
                  </h2>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-500">From</dt>
                    <dd className="text-slate-800">{open.from}</dd>
                    <dt className="text-slate-500">To</dt>
                    <dd className="text-slate-800" data-testid="dev-mailbox-to">
                      {open.to}
                    </dd>
                    <dt className="text-slate-500">Sent</dt>
                    <dd className="text-slate-800">
                      <time dateTime={open.sent_at}>{formatTime(open.sent_at)}</time>
                    </dd>
                    <dt className="text-slate-500">Kind</dt>
                    <dd className="text-slate-800">{open.kind}</dd>
                  </dl>
                  <div
                    className="whitespace-pre-wrap break-words border-t border-slate-200 pt-3 text-sm text-slate-800"
                    data-testid="dev-mailbox-body"
                  >
                    {splitLinks(open.text).map((part, i) =>
                      'href' in part ? (
                        <a key={i} href={part.href} className="font-medium text-primary-strong underline">
                          {part.href}
                        </a>
                      ) : (
                        <span key={i}>{part.text}</span>
                      ),
                    )}
                  </div>
                </article>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
