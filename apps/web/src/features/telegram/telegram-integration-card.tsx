import { identityRoutes, TELEGRAM_LINK_CODE_TTL_SECONDS } from '@lp/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, useToast } from '../../ui';
import { LinkCodePanel } from './link-code-panel';
import { UnlinkTelegramDialog } from './unlink-telegram-dialog';
import { useCountdown } from './use-countdown';

interface IssuedCode {
  code: string;
  /** epoch ms; the code is cleared then (valid 5 minutes) */
  deadline: number;
}

/** Spec 3: not linked → code generated (shown 5 minutes, then cleared) → linked; unlink returns to not linked. */
export function TelegramIntegrationCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const formatDate = useFormatDate();
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  // while a code is out, the status is polled so the card turns to "linked" once the bot confirms
  const status = useRouteQuery(identityRoutes.telegramLinkStatus, {}, { refetchInterval: issued ? 5000 : false });
  const generate = useRouteMutation(identityRoutes.telegramGenerateLinkCode);
  const secondsLeft = useCountdown(issued?.deadline ?? null);
  const linked = status.data?.linked ?? false;

  useEffect(() => {
    if (issued && (secondsLeft === 0 || linked)) setIssued(null);
  }, [issued, secondsLeft, linked]);

  const generateCode = () =>
    generate.mutate(undefined, {
      onSuccess: ({ code, expires_in }) => {
        // never longer than the platform's validity, whatever the clock says
        const ttl = Math.min(expires_in, TELEGRAM_LINK_CODE_TTL_SECONDS);
        setIssued({ code, deadline: Date.now() + ttl * 1000 });
      },
      onError: (error) => toast({ title: detailOr(error, t('telegram.generateFailed')), tone: 'error' }),
    });

  return (
    <section aria-labelledby="telegram-title" data-testid="telegram-integration">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1">
            <CardTitle id="telegram-title">{t('telegram.title')}</CardTitle>
            <CardDescription>{t('telegram.description')}</CardDescription>
          </div>
          {status.data && (
            <Badge tone={linked ? 'success' : 'neutral'} data-testid="telegram-status">
              {linked ? t('telegram.linked') : t('telegram.notLinked')}
            </Badge>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {status.isPending && <Spinner className="text-primary" />}
          {status.isError && <Alert tone="error">{t('telegram.statusFailed')}</Alert>}

          {status.data?.linked && (
            <div className="space-y-4">
              <div className="space-y-1 text-sm text-slate-800">
                <p className="font-medium" data-testid="telegram-username">
                  {status.data.telegram_username
                    ? t('telegram.linkedAs', { username: status.data.telegram_username })
                    : t('telegram.linkedAccount')}
                </p>
                {status.data.linked_at && (
                  <p className="text-slate-600">{t('telegram.linkedSince', { date: formatDate(status.data.linked_at) })}</p>
                )}
              </div>
              <Button variant="outline" onClick={() => setConfirmUnlink(true)} data-testid="telegram-unlink">
                {t('telegram.unlink')}
              </Button>
            </div>
          )}

          {status.data && !status.data.linked && (
            <div className="space-y-4">
              {issued && <LinkCodePanel code={issued.code} secondsLeft={secondsLeft} />}
              <Button
                variant={issued ? 'outline' : 'primary'}
                onClick={generateCode}
                loading={generate.isPending}
                data-testid="telegram-generate"
              >
                {issued ? t('telegram.regenerate') : t('telegram.generate')}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <UnlinkTelegramDialog open={confirmUnlink} onOpenChange={setConfirmUnlink} />
    </section>
  );
}
