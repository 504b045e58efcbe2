import { gamificationRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { BadgeIcon } from '../gamification';

/** The badges the person earned, and the rest of the catalog greyed (GET /gamification/badges). */
export function BadgesCard() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const badges = useRouteQuery(gamificationRoutes.badges, {});
  const earned = badges.data?.filter((b) => b.earned_at !== null).length ?? 0;
  return (
    <section aria-labelledby="profile-badges-title" data-testid="profile-badges">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <CardTitle id="profile-badges-title">{t('gamification.badges.title')}</CardTitle>
            {badges.data && badges.data.length > 0 && (
              <span className="text-sm text-slate-600" data-testid="profile-badges-count">
                {t('gamification.badges.count', { earned, total: badges.data.length })}
              </span>
            )}
          </div>
          <CardDescription>{t('gamification.badges.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {badges.isPending ? (
            <LoadingBlock />
          ) : badges.isError ? (
            <LoadError error={badges.error} title={t('gamification.badges.loadFailed')} onRetry={() => void badges.refetch()} />
          ) : badges.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('gamification.badges.none')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {badges.data.map((badge) => {
                const has = badge.earned_at !== null;
                return (
                  <li
                    key={badge.code}
                    className={cn(
                      'flex items-start gap-3 rounded-xl border p-3',
                      has ? 'border-amber-200 bg-amber-50/60' : 'border-slate-200 bg-slate-50',
                    )}
                    data-testid="profile-badge"
                    data-code={badge.code}
                    data-earned={has}
                  >
                    <span
                      className={cn(
                        'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
                        has ? 'bg-amber-100 text-amber-700' : 'bg-slate-200 text-slate-500 grayscale',
                      )}
                    >
                      <BadgeIcon icon={badge.icon} />
                    </span>
                    <span className="min-w-0 space-y-0.5">
                      <span className={cn('block font-medium', has ? 'text-slate-900' : 'text-slate-600')}>{badge.name}</span>
                      <span className="block text-sm text-slate-600">{badge.description}</span>
                      <span className="block text-xs text-slate-600">
                        {has
                          ? t('gamification.badges.earnedOn', { date: formatDate(badge.earned_at) })
                          : t('gamification.badges.notEarned')}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
