import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { NotificationSchema } from './notification-schemas.js';

const service = 'gamification' as const;

/** Gamification's events, through the outbox: the live toasts (level, badge) and the notifications read them; the bell reads `notificationCreated`. */
export const gamificationEvents = {
  levelReached: defineEvent({
    name: 'gamification.level.reached',
    service,
    summary: 'A user reached a new level (once per level)',
    schema: z.object({ v: z.literal(1), user_id: z.string(), level: z.number().int(), total_xp: z.number().int(), reached_at: z.string() }),
  }),
  badgeEarned: defineEvent({
    name: 'gamification.badge.earned',
    service,
    summary: 'A user earned a badge (once per badge)',
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      badge_code: z.string(),
      badge_name: z.string(),
      icon: z.string(),
      earned_at: z.string(),
    }),
  }),
  referralCompleted: defineEvent({
    name: 'gamification.referral.completed',
    service,
    summary: 'A referred account completed its first lesson: the referral is completed and its reward paid (or refused by the monthly cap)',
    schema: z.object({
      v: z.literal(1),
      referral_id: z.string(),
      referrer_id: z.string(),
      referred_id: z.string(),
      reward_minor: z.number().int(),
      currency: z.string(),
      completed_at: z.string(),
    }),
  }),
  notificationCreated: defineEvent({
    name: 'gamification.notification.created',
    service,
    summary: "A notification was stored for a user: the bell's live count and panel (the live feed `me`)",
    schema: z.object({ v: z.literal(1), user_id: z.string(), notification: NotificationSchema, unread: z.number().int() }),
  }),
} as const;
