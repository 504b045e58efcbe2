import { LIVE_FEEDS } from '@lp/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate } from '../../api/route-hooks';
import { useToast } from '../../ui';
import { useLiveFeed } from '../community';
import { achievementOf } from './logic';

type LiveEvent = Parameters<Parameters<typeof useLiveFeed>[1]>[0];

/**
 * Follows the caller's own achievements (GET /api/live/me) while they are signed in: a toast
 * for each level reached and badge earned, and the header's level, the badges and the boards
 * asked again. Renders nothing. Events missed while the stream was down are not replayed, so a
 * reopened stream reloads the figures (without toasts: nobody would know which were new).
 */
export function LiveAchievements() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const reload = useCallback(() => void invalidate(['gamification.']), [invalidate]);

  const onEvent = (e: LiveEvent) => {
    const achievement = achievementOf(e);
    if (!achievement) return;
    if (achievement.kind === 'level')
      toast({
        title: t('gamification.toast.level', { level: achievement.level }),
        description: t('gamification.toast.levelText', { xp: new Intl.NumberFormat(i18n.language).format(achievement.totalXp) }),
        tone: 'success',
      });
    else
      toast({
        title: t('gamification.toast.badge', { name: achievement.name }),
        description: t('gamification.toast.badgeText'),
        tone: 'success',
      });
    reload();
  };
  useLiveFeed(LIVE_FEEDS.me.path, onEvent, { onReopen: reload });
  return null;
}
