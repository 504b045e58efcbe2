import { gamificationRoutes, REFERRAL_MONTHLY_CAP, type MyReferralsResponse } from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Input,
  Label,
  PageHeader,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useToast,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { useMoney } from '../billing';
import { copyLink, shareLink } from './logic';

/**
 * /referrals: the caller's code (made on request), the link to copy or share, the reward as
 * the service states it, and the people who registered with it (e-mails masked by the service).
 * A completed referral's reward is claimed once billing has credited the wallet: until then it
 * reads "Being paid", unless the service says why none is due (the monthly cap).
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const title = t('areas.referrals');
  usePageTitle(title);
  const mine = useRouteQuery(gamificationRoutes.myReferrals, {});

  return (
    <div data-testid="referrals-page" className="space-y-6">
      <PageHeader title={title} subtitle={t('gamification.referrals.subtitle')} className="mb-0 sm:mb-0" />
      {mine.isPending ? (
        <LoadingBlock />
      ) : mine.isError ? (
        <LoadError error={mine.error} title={t('gamification.referrals.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          <CodeCard data={mine.data} />
          <ReferralList data={mine.data} />
        </>
      )}
    </div>
  );
}

function CodeCard({ data }: { data: MyReferralsResponse }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const linkId = useId();
  const generate = useRouteMutation(gamificationRoutes.generateReferral, { invalidates: [gamificationRoutes.myReferrals] });
  const reward = money.minor(data.reward.amount_minor, data.reward.currency);

  const copy = async (link: string) => {
    if (await copyLink(link)) toast({ title: t('gamification.referrals.copied'), tone: 'success' });
    else toast({ title: t('gamification.referrals.copyFailed'), tone: 'error' });
  };
  const share = async (link: string) => {
    const outcome = await shareLink({
      title: t('gamification.referrals.shareTitle'),
      text: t('gamification.referrals.shareText'),
      url: link,
    });
    if (outcome === 'copied') toast({ title: t('gamification.referrals.copied'), tone: 'success' });
    else if (outcome === 'failed') toast({ title: t('gamification.referrals.copyFailed'), tone: 'error' });
  };

  return (
    <Card data-testid="referral-code-card">
      <CardHeader>
        <CardTitle>{t('gamification.referrals.codeTitle')}</CardTitle>
        <CardDescription data-testid="referral-reward">
          {t('gamification.referrals.reward', { amount: reward, xp: data.reward.xp })}{' '}
          {t('gamification.referrals.rewardCap', { cap: REFERRAL_MONTHLY_CAP })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data.code && data.link ? (
          <>
            <p className="font-mono text-2xl font-bold tracking-[0.2em] text-slate-900" data-testid="referral-code">
              {data.code}
            </p>
            <div className="space-y-1.5">
              <Label htmlFor={linkId}>{t('gamification.referrals.link')}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={linkId}
                  value={data.link}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  className="min-w-0 flex-1 font-mono text-sm"
                  data-testid="referral-link"
                />
                <div className="flex gap-2">
                  <Button variant="outline" onClick={() => void copy(data.link!)} data-testid="referral-copy">
                    {t('gamification.referrals.copy')}
                  </Button>
                  <Button onClick={() => void share(data.link!)} data-testid="referral-share">
                    {t('gamification.referrals.share')}
                  </Button>
                </div>
              </div>
            </div>
          </>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t('gamification.referrals.noCode')}</p>
            <Button
              onClick={() =>
                generate.mutate(undefined, {
                  onError: (error) =>
                    toast({ title: t('gamification.referrals.generateFailed'), description: detailOrMessage(error), tone: 'error' }),
                })
              }
              loading={generate.isPending}
              data-testid="referral-generate"
            >
              {t('gamification.referrals.generate')}
            </Button>
          </div>
        )}
        {data.earned_minor > 0 && (
          <p className="text-sm font-medium text-emerald-800" data-testid="referral-earned">
            {t('gamification.referrals.earned', { amount: money.minor(data.earned_minor, data.reward.currency) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ReferralList({ data }: { data: MyReferralsResponse }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const title = t('gamification.referrals.listTitle');
  return (
    <section aria-labelledby="referral-list-title" className="space-y-3">
      <h2 id="referral-list-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {data.referrals.length === 0 ? (
        <EmptyState
          title={t('gamification.referrals.emptyTitle')}
          description={t('gamification.referrals.emptyText')}
          headingLevel="h3"
          className="py-10"
        />
      ) : (
        <Table data-testid="referral-list">
          <TableCaption className="sr-only">{title}</TableCaption>
          <TableHead>
            <tr>
              <TableHeaderCell className="px-3">{t('gamification.referrals.columns.email')}</TableHeaderCell>
              <TableHeaderCell className="px-3">{t('gamification.referrals.columns.status')}</TableHeaderCell>
              <TableHeaderCell className="px-3">{t('gamification.referrals.columns.date')}</TableHeaderCell>
              <TableHeaderCell className="px-3">{t('gamification.referrals.columns.reward')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {data.referrals.map((r) => (
              <TableRow key={r.id} data-testid="referral-row" data-status={r.status}>
                <TableCell className="px-3 break-all" data-testid="referral-email">
                  {r.referred_email}
                </TableCell>
                <TableCell className="px-3">
                  <Badge tone={r.status === 'completed' ? 'success' : 'warning'} data-testid="referral-status">
                    {t(`gamification.referrals.status.${r.status}`)}
                  </Badge>
                </TableCell>
                <TableCell className="px-3 whitespace-nowrap">
                  <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                </TableCell>
                <TableCell className="px-3" data-testid="referral-reward-state">
                  {r.reward_claimed
                    ? t('gamification.referrals.rewardPaid')
                    : r.status === 'pending'
                      ? t('gamification.referrals.rewardWaiting')
                      : (r.reward_note ?? t('gamification.referrals.rewardOnItsWay'))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
