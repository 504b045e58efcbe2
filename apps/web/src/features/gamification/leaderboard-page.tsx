import {
  gamificationRoutes,
  LEAGUE_DEMOTE,
  LEAGUE_PROMOTE,
  LEAGUE_SIZE,
  LEAGUE_TIER_LABELS,
  type LeaderboardEntry,
  type LeaderboardTimeframe,
  type LeagueResponse,
} from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import {
  Badge,
  Card,
  CardContent,
  cn,
  EmptyState,
  InitialAvatar,
  PageHeader,
  ScrollableTabsList,
  ScrollableTabsTrigger,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  TabsContent,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { BadgeIcon, MedalIcon } from './badge-icon';
import { boardRows, isTimeframe, LEADERBOARD_TABS, leaderboardTabFrom, platformDay, type LeaderboardTab } from './logic';

/** Badges shown in a row before "+n more". */
const BADGES_SHOWN = 3;

/**
 * /leaderboard: this week's, this month's and all-time boards (top 100, ties sharing a rank,
 * medals for the first three, the caller's row highlighted and, when further down, pinned
 * below with two neighbours each side), and the caller's weekly league. The tab is in the URL.
 */
export function LeaderboardPage() {
  const { t } = useTranslation();
  const title = t('areas.leaderboard');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const tab = leaderboardTabFrom(params.get('tab'));
  const setTab = (value: string) => setParams(value === 'week' ? {} : { tab: value }, { replace: true });

  return (
    <div data-testid="leaderboard-page" className="space-y-6">
      <PageHeader title={title} subtitle={t('gamification.leaderboard.subtitle')} className="mb-0 sm:mb-0" />
      <Tabs value={tab} onValueChange={setTab}>
        <ScrollableTabsList aria-label={t('gamification.leaderboard.tabsLabel')}>
          {LEADERBOARD_TABS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`leaderboard-tab-${value}`}>
              {t(`gamification.leaderboard.tabs.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        {LEADERBOARD_TABS.map((value: LeaderboardTab) => (
          <TabsContent key={value} value={value}>
            {value === tab && (isTimeframe(value) ? <Board timeframe={value} /> : <League />)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function Board({ timeframe }: { timeframe: LeaderboardTimeframe }) {
  const { t, i18n } = useTranslation();
  const board = useRouteQuery(gamificationRoutes.leaderboard, { query: { timeframe } });
  const me = useRouteQuery(gamificationRoutes.me, {}, { staleTime: 60_000 });
  const number = new Intl.NumberFormat(i18n.language);

  if (board.isPending) return <LoadingBlock />;
  if (board.isError)
    return <LoadError error={board.error} title={t('gamification.leaderboard.loadFailed')} onRetry={() => void board.refetch()} />;
  const data = board.data;
  const { top, pinned } = boardRows(data);
  const period = t(`gamification.leaderboard.tabs.${timeframe}`);
  const hidden = me.data?.settings.hide_from_leaderboards === true;

  return (
    <section className="space-y-4" aria-busy={board.isFetching || undefined} data-testid="leaderboard-board" data-timeframe={timeframe}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <Badge tone={data.scope === 'institution' ? 'primary' : 'neutral'} data-testid="leaderboard-scope" data-scope={data.scope}>
          {t(data.scope === 'institution' ? 'gamification.leaderboard.scopeInstitution' : 'gamification.leaderboard.scopePlatform')}
        </Badge>
        <span data-testid="leaderboard-participants">{t('gamification.leaderboard.participants', { count: data.participants })}</span>
        {data.period_end && <span>{t('gamification.leaderboard.resets', { date: platformDay(data.period_end, i18n.language) })}</span>}
      </div>

      <Card data-testid="leaderboard-mine">
        <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2 py-4 sm:py-4">
          <h2 className="text-sm font-semibold text-slate-900">{t('gamification.leaderboard.mine')}</h2>
          {data.me ? (
            <>
              <span className="text-sm text-slate-800" data-testid="leaderboard-mine-rank">
                {t('gamification.leaderboard.mineRank', { rank: data.me.rank, count: data.participants })}
              </span>
              <span className="text-sm text-slate-800" data-testid="leaderboard-mine-xp">
                {t('gamification.leaderboard.mineXp', { xp: number.format(data.me.total_xp) })}
              </span>
            </>
          ) : hidden ? (
            <span className="text-sm text-slate-700" data-testid="leaderboard-mine-hidden">
              {t('gamification.leaderboard.hidden')}{' '}
              <Link to="/account-settings" className="font-medium text-primary underline underline-offset-2">
                {t('gamification.leaderboard.hiddenLink')}
              </Link>
            </span>
          ) : (
            <span className="text-sm text-slate-700" data-testid="leaderboard-mine-none">
              {t('gamification.leaderboard.notOnBoard')}
            </span>
          )}
        </CardContent>
      </Card>

      {top.length === 0 ? (
        <EmptyState
          title={t('gamification.leaderboard.emptyTitle')}
          description={t('gamification.leaderboard.emptyText')}
          action={
            <Link to="/courses" className="text-sm font-medium text-primary underline underline-offset-2">
              {t('areas.browseCourses')}
            </Link>
          }
          className="py-10"
        />
      ) : (
        <Table data-testid="leaderboard-table">
          <TableCaption className="sr-only">{t('gamification.leaderboard.caption', { period })}</TableCaption>
          <TableHead>
            <tr>
              <TableHeaderCell className="w-16 px-3">{t('gamification.leaderboard.columns.rank')}</TableHeaderCell>
              <TableHeaderCell className="px-3">{t('gamification.leaderboard.columns.name')}</TableHeaderCell>
              <TableHeaderCell className="hidden px-3 sm:table-cell">{t('gamification.leaderboard.columns.level')}</TableHeaderCell>
              <TableHeaderCell className="px-3 text-right">{t('gamification.leaderboard.columns.xp')}</TableHeaderCell>
              <TableHeaderCell className="hidden px-3 md:table-cell">{t('gamification.leaderboard.columns.streak')}</TableHeaderCell>
              <TableHeaderCell className="hidden px-3 lg:table-cell">{t('gamification.leaderboard.columns.badges')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {top.map((entry) => (
              <EntryRow key={entry.user_id} entry={entry} />
            ))}
            {pinned.length > 0 && (
              <>
                <tr aria-hidden="true" data-testid="leaderboard-gap">
                  <td colSpan={6} className="bg-slate-50 px-3 py-1 text-center text-xs tracking-widest text-slate-500">
                    •••
                  </td>
                </tr>
                {pinned.map((entry) => (
                  <EntryRow key={entry.user_id} entry={entry} pinned />
                ))}
              </>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function EntryRow({ entry, pinned = false }: { entry: LeaderboardEntry; pinned?: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const extra = entry.badges.length - BADGES_SHOWN;
  return (
    <TableRow
      className={cn(entry.is_me && 'bg-primary-soft hover:bg-primary-soft font-medium')}
      aria-current={entry.is_me ? 'true' : undefined}
      data-testid={entry.is_me ? 'leaderboard-row-me' : 'leaderboard-row'}
      data-user-id={entry.user_id}
      data-rank={entry.rank}
      data-pinned={pinned || undefined}
    >
      <TableCell className="px-3">
        <span className="inline-flex items-center gap-1.5">
          {entry.medal ? <MedalIcon medal={entry.medal} label={t(`gamification.leaderboard.medal.${entry.medal}`)} /> : null}
          <span className="tabular-nums" data-testid="leaderboard-rank">
            {entry.rank}
          </span>
        </span>
      </TableCell>
      <TableCell className="px-3">
        <span className="flex min-w-0 items-center gap-2">
          {entry.profile_image ? (
            <img src={entry.profile_image} alt="" className="size-8 shrink-0 rounded-full object-cover" />
          ) : (
            <InitialAvatar name={entry.name} />
          )}
          <span className="min-w-0 break-words" data-testid="leaderboard-name">
            {entry.name}
          </span>
          {entry.is_me && <Badge className="shrink-0">{t('gamification.leaderboard.you')}</Badge>}
        </span>
      </TableCell>
      <TableCell className="hidden px-3 sm:table-cell">{entry.level}</TableCell>
      <TableCell className="px-3 text-right tabular-nums" data-testid="leaderboard-xp">
        {number.format(entry.total_xp)}
      </TableCell>
      <TableCell className="hidden px-3 md:table-cell">
        {t('gamification.leaderboard.streakDays', { count: entry.current_streak })}
      </TableCell>
      <TableCell className="hidden px-3 lg:table-cell">
        {entry.badges.length > 0 && (
          <ul className="flex items-center gap-1" aria-label={t('gamification.badges.listLabel', { name: entry.name })}>
            {entry.badges.slice(0, BADGES_SHOWN).map((badge) => (
              <li
                key={badge.code}
                title={badge.name}
                className="inline-flex size-7 items-center justify-center rounded-full bg-amber-50 text-amber-700"
              >
                <BadgeIcon icon={badge.icon} className="size-4" />
                <span className="sr-only">{badge.name}</span>
              </li>
            ))}
            {extra > 0 && <li className="text-xs text-slate-600">{t('gamification.badges.more', { count: extra })}</li>}
          </ul>
        )}
      </TableCell>
    </TableRow>
  );
}

function League() {
  const { t, i18n } = useTranslation();
  const league = useRouteQuery(gamificationRoutes.league, {});
  const number = new Intl.NumberFormat(i18n.language);

  if (league.isPending) return <LoadingBlock />;
  if (league.isError)
    return <LoadError error={league.error} title={t('gamification.league.loadFailed')} onRetry={() => void league.refetch()} />;
  const tierName = LEAGUE_TIER_LABELS[league.data.tier];
  if (!league.data.league)
    return (
      <EmptyState
        title={t('gamification.league.noneTitle')}
        description={t('gamification.league.noneText', { size: LEAGUE_SIZE, tier: tierName })}
        className="py-10"
      />
    );
  const current: NonNullable<LeagueResponse['league']> = league.data.league;
  const title = t('gamification.league.title', { tier: LEAGUE_TIER_LABELS[current.tier] });
  return (
    <section className="space-y-4" aria-labelledby="league-title" data-testid="league" data-tier={current.tier}>
      <div className="space-y-1">
        <h2 id="league-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">
          {t('gamification.league.week', {
            start: platformDay(current.week_start, i18n.language),
            end: platformDay(current.week_end, i18n.language, { endExclusive: true }),
          })}{' '}
          {t('gamification.league.rules', { promote: LEAGUE_PROMOTE, demote: LEAGUE_DEMOTE })}
        </p>
      </div>
      <Table data-testid="league-table">
        <TableCaption className="sr-only">{t('gamification.league.caption', { tier: LEAGUE_TIER_LABELS[current.tier] })}</TableCaption>
        <TableHead>
          <tr>
            <TableHeaderCell className="w-16 px-3">{t('gamification.league.columns.rank')}</TableHeaderCell>
            <TableHeaderCell className="px-3">{t('gamification.league.columns.name')}</TableHeaderCell>
            <TableHeaderCell className="px-3 text-right">{t('gamification.league.columns.xp')}</TableHeaderCell>
            <TableHeaderCell className="px-3">{t('gamification.league.columns.zone')}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {current.members.map((member) => (
            <TableRow
              key={member.user_id}
              className={cn(
                member.zone === 'promotion' && 'border-l-4 border-l-emerald-500',
                member.zone === 'demotion' && 'border-l-4 border-l-red-500',
                member.is_me && 'bg-primary-soft font-medium hover:bg-primary-soft',
              )}
              aria-current={member.is_me ? 'true' : undefined}
              data-testid={member.is_me ? 'league-row-me' : 'league-row'}
              data-zone={member.zone}
            >
              <TableCell className="px-3 tabular-nums">{member.rank}</TableCell>
              <TableCell className="px-3 break-words">
                {member.name}
                {member.is_me && <Badge className="ml-2">{t('gamification.leaderboard.you')}</Badge>}
              </TableCell>
              <TableCell className="px-3 text-right tabular-nums">{number.format(member.xp)}</TableCell>
              <TableCell className="px-3">
                {member.zone === 'stay' ? (
                  <span className="text-slate-600">{t('gamification.league.zones.stay')}</span>
                ) : (
                  <Badge tone={member.zone === 'promotion' ? 'success' : 'danger'}>{t(`gamification.league.zones.${member.zone}`)}</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
