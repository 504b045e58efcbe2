import { gamificationRoutes } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { viewerTimeZone } from '../../lib/time-zone';
import { cn, focusRing, ProgressBar } from '../../ui';
import { levelStep } from './logic';

/** How old the header's figures may be when the person moves to another page. */
const STALE_MS = 10_000;
/** Asked again while the page stays open (only while the tab is visible); levels and badges also come live. */
const REFRESH_MS = 60_000;

/**
 * The shell header's level, XP and progress to the next level (GET /gamification/me), linking
 * to the leaderboard. Quiet when the service cannot answer: the header is no place for an error.
 * Also tells the service the browser's time zone the first time it has none, so a streak's days
 * are the person's own days.
 */
export function HeaderLevel() {
  const { t, i18n } = useTranslation();
  const me = useRouteQuery(gamificationRoutes.me, {}, { staleTime: STALE_MS, retry: 1, refetchInterval: REFRESH_MS });
  // XP arrives a moment after what earned it (through the service's events): a page change asks again
  const { pathname } = useLocation();
  const { dataUpdatedAt, refetch } = me;
  useEffect(() => {
    if (dataUpdatedAt > 0 && Date.now() - dataUpdatedAt > STALE_MS) void refetch();
  }, [pathname, dataUpdatedAt, refetch]);
  const { mutate: saveSettings } = useRouteMutation(gamificationRoutes.updateSettings, { invalidates: [gamificationRoutes.me] });
  const zoneSent = useRef(false);
  const zoneUnset = me.data ? !me.data.settings.time_zone_set : false;
  useEffect(() => {
    if (!zoneUnset || zoneSent.current) return;
    zoneSent.current = true;
    saveSettings({ body: { time_zone: viewerTimeZone() } });
  }, [zoneUnset, saveSettings]);

  if (!me.data) return null;
  const profile = me.data;
  const step = levelStep(profile);
  const number = new Intl.NumberFormat(i18n.language);
  const next = profile.level.level + 1;
  return (
    <Link
      to="/leaderboard"
      className={cn('flex min-w-0 flex-col items-stretch gap-1 rounded-lg px-2 py-1 hover:bg-slate-100', focusRing)}
      data-testid="header-level"
      data-level={profile.level.level}
      data-xp={profile.total_xp}
    >
      <span className="flex items-baseline gap-1.5 text-xs whitespace-nowrap">
        <span className="font-semibold text-slate-900" data-testid="header-level-number">
          {t('gamification.header.level', { level: profile.level.level })}
        </span>
        <span className="hidden text-slate-600 sm:inline" data-testid="header-xp">
          {t('gamification.header.xp', { xp: number.format(profile.total_xp) })}
        </span>
      </span>
      {step ? (
        <ProgressBar
          size="sm"
          value={step.percent}
          label={t('gamification.header.progress', { next })}
          valueText={t('gamification.header.progressText', { into: number.format(step.into), span: number.format(step.span), next })}
          className="w-14 sm:w-24"
          testId="header-level-progress"
        />
      ) : (
        <span className="text-[11px] text-slate-600">{t('gamification.header.maxLevel')}</span>
      )}
    </Link>
  );
}
