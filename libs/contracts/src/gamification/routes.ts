/**
 * Gamification's routes: one declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Besides ROUTES.md (GET /gamification/leaderboard, GET /referrals/my, POST /referrals/generate):
 * GET /gamification/me (the header's level and XP, /profile's badges), PUT /gamification/settings
 * (hide from boards, the streak's time zone), GET /gamification/badges, GET /gamification/league
 * (the weekly league tab), and the admin's read-only views of the rules, badges and referral figures.
 * The notification centre (docs/notifications.md): GET /notifications, GET /notifications/unread-count,
 * PUT /notifications/{id}/read, PUT /notifications/read-all, DELETE /notifications/{id},
 * GET and PUT /notifications/preferences, GET and POST /notifications/unsubscribe (an e-mail's
 * one-click unsubscribe link, RFC 8058: signed, public); GET /notifications/push/public-key, POST and
 * DELETE /notifications/push/subscriptions (browser Web Push).
 */
import { defineRoute } from '../common/route.js';
import { defineInternal } from '../common/bus-access.js';
import { BotReadRequest, BotTelegramSwitchReply, BotTelegramSwitchRequest } from '../common/bot-reads.js';
import { z } from 'zod';
import * as s from './schemas.js';
import * as n from './notification-schemas.js';
import { IdParams, MessageResponse } from '../common/ids.js';

const service = 'gamification' as const;

export const gamificationRoutes = {
  leaderboard: defineRoute({
    subject: 'gamification.leaderboard.get',
    service,
    method: 'GET',
    path: '/gamification/leaderboard',
    guard: 'any',
    summary:
      "The top 100 by XP this week, this month or all time (ties share a rank; medals for the first three), the caller's own row and two neighbours each side; inside an institution portal, its members only",
    query: s.LeaderboardQuery,
    response: s.LeaderboardResponse,
  }),
  me: defineRoute({
    subject: 'gamification.profile.get',
    service,
    method: 'GET',
    path: '/gamification/me',
    guard: 'any',
    summary: "The caller's XP, level and progress to the next, streaks, badges and settings",
    response: s.GamificationProfileSchema,
  }),
  updateSettings: defineRoute({
    subject: 'gamification.settings.update',
    service,
    method: 'PUT',
    path: '/gamification/settings',
    guard: 'any',
    summary: "Hide the caller from every leaderboard, or set the time zone their streak's days are counted in",
    body: s.GamificationSettingsUpdate,
    response: s.GamificationSettingsSchema,
  }),
  badges: defineRoute({
    subject: 'gamification.badge.list',
    service,
    method: 'GET',
    path: '/gamification/badges',
    guard: 'any',
    summary: 'Every badge with its criteria, and when the caller earned it',
    response: s.BadgeCatalogResponse,
  }),
  league: defineRoute({
    subject: 'gamification.league.get',
    service,
    method: 'GET',
    path: '/gamification/league',
    guard: 'any',
    summary: "The caller's league this week: up to 30 learners of their tier, the promotion and demotion zones",
    response: s.LeagueResponse,
  }),
  adminRules: defineRoute({
    subject: 'gamification.admin.rules',
    service,
    method: 'GET',
    path: '/admin/gamification/rules',
    guard: ['admin'],
    summary: 'The XP rules: the event each listens to, its XP, daily cap and reversal',
    response: z.array(s.XpRuleSchema),
  }),
  adminBadges: defineRoute({
    subject: 'gamification.admin.badges',
    service,
    method: 'GET',
    path: '/admin/gamification/badges',
    guard: ['admin'],
    summary: 'Every badge with its criteria and how many people earned it',
    response: z.array(s.AdminBadgeSchema),
  }),
  adminReferrals: defineRoute({
    subject: 'gamification.admin.referrals',
    service,
    method: 'GET',
    path: '/admin/referrals',
    guard: ['admin'],
    summary: 'Referral figures (pending, completed, rewards paid, refused) and the latest refused cases',
    response: s.AdminReferralSummary,
  }),
  myReferrals: defineRoute({
    subject: 'gamification.referral.my',
    service,
    method: 'GET',
    path: '/referrals/my',
    guard: 'any',
    summary: "The caller's referral code and link, and the people who registered with it",
    response: s.MyReferralsResponse,
  }),
  generateReferral: defineRoute({
    subject: 'gamification.referral.generate',
    service,
    method: 'POST',
    path: '/referrals/generate',
    guard: 'any',
    summary: "The caller's referral code, made on the first call (later calls answer the same code)",
    response: s.GenerateReferralResponse,
  }),
  notifications: defineRoute({
    subject: 'gamification.notification.list',
    service,
    method: 'GET',
    path: '/notifications',
    guard: 'any',
    summary: "The caller's notifications, newest first, by page; only the unread ones or one category when asked; with the unread count",
    query: n.NotificationsQuery,
    response: n.NotificationsResponse,
  }),
  unreadNotifications: defineRoute({
    subject: 'gamification.notification.unread-count',
    service,
    method: 'GET',
    path: '/notifications/unread-count',
    guard: 'any',
    summary: "How many of the caller's notifications are unread (the bell's count)",
    response: n.UnreadCountResponse,
  }),
  markNotificationRead: defineRoute({
    subject: 'gamification.notification.read',
    service,
    method: 'PUT',
    path: '/notifications/{id}/read',
    guard: 'any',
    summary: "Marks one of the caller's notifications read (again: no change)",
    params: IdParams,
    response: n.MarkReadResponse,
  }),
  markAllNotificationsRead: defineRoute({
    subject: 'gamification.notification.read-all',
    service,
    method: 'PUT',
    path: '/notifications/read-all',
    guard: 'any',
    summary: 'Marks every unread notification of the caller read',
    response: n.MarkAllReadResponse,
  }),
  deleteNotification: defineRoute({
    subject: 'gamification.notification.delete',
    service,
    method: 'DELETE',
    path: '/notifications/{id}',
    guard: 'any',
    summary: "Deletes one of the caller's notifications",
    params: IdParams,
    response: MessageResponse.extend({ unread: n.UnreadCountResponse.shape.unread }),
  }),
  notificationPreferences: defineRoute({
    subject: 'gamification.notification.preferences',
    service,
    method: 'GET',
    path: '/notifications/preferences',
    guard: 'any',
    summary: "Each notification type's channels for the caller, and the account switch each obeys",
    response: n.NotificationPreferencesResponse,
  }),
  updateNotificationPreferences: defineRoute({
    subject: 'gamification.notification.preferences-update',
    service,
    method: 'PUT',
    path: '/notifications/preferences',
    guard: 'any',
    summary: 'Turns channels of notification types on or off for the caller (in-app stays on)',
    body: n.NotificationPreferencesUpdate,
    response: n.NotificationPreferencesResponse,
  }),
  unsubscribeLink: defineRoute({
    subject: 'gamification.notification.unsubscribe-link',
    service,
    method: 'GET',
    path: '/notifications/unsubscribe',
    guard: 'public',
    summary: "What an e-mail's unsubscribe link stops (one notification type's e-mails for its recipient); changes nothing",
    query: n.UnsubscribeQuery,
    response: n.UnsubscribeLinkResponse,
    rateLimit: { limit: 30, windowSeconds: 60 },
  }),
  unsubscribe: defineRoute({
    subject: 'gamification.notification.unsubscribe',
    service,
    method: 'POST',
    path: '/notifications/unsubscribe',
    guard: 'public',
    summary:
      "Stops one notification type's e-mails for the link's recipient: the List-Unsubscribe one-click POST of RFC 8058 (a form with List-Unsubscribe=One-Click) or the unsubscribe page's button; again: no change",
    query: n.UnsubscribeQuery,
    body: n.OneClickUnsubscribeBody,
    bodyKind: 'form',
    response: n.UnsubscribeResponse,
    rateLimit: { limit: 30, windowSeconds: 60 },
  }),
  pushPublicKey: defineRoute({
    subject: 'gamification.push.public-key',
    service,
    method: 'GET',
    path: '/notifications/push/public-key',
    guard: 'any',
    summary:
      "The VAPID public key a browser subscribes to push with, whether push is on, and how many of the caller's browsers are subscribed",
    response: n.PushPublicKeyResponse,
  }),
  subscribePush: defineRoute({
    subject: 'gamification.push.subscribe',
    service,
    method: 'POST',
    path: '/notifications/push/subscriptions',
    guard: 'any',
    summary:
      "Keeps a browser's push subscription for the caller (a subscription another account held moves to the caller; past the cap the caller's oldest goes)",
    body: n.PushSubscriptionBody,
    response: n.PushSubscriptionResponse,
    rateLimit: { limit: 20, windowSeconds: 60 },
  }),
  unsubscribePush: defineRoute({
    subject: 'gamification.push.unsubscribe',
    service,
    method: 'DELETE',
    path: '/notifications/push/subscriptions',
    guard: 'any',
    summary: "Forgets one of the caller's browser push subscriptions, by its endpoint (again: no change)",
    query: n.PushUnsubscribeQuery,
    response: n.PushSubscriptionResponse,
    rateLimit: { limit: 20, windowSeconds: 60 },
  }),
} as const;

/** Gamification's bus-only subjects; the `devOnly` ones (demo data) are bound and permitted in development and tests only. */
export const gamificationInternal = {
  /** /leaderboard in the Telegram bot: this week's top 5 and the user's own row (the route's board, docs/gamification.md) */
  botLeaderboard: defineInternal({
    subject: 'gamification.bot.leaderboard',
    request: BotReadRequest,
    response: z.object({ top: z.array(s.LeaderboardEntrySchema), me: s.LeaderboardEntrySchema.nullable(), participants: z.number().int() }),
    callers: ['telegram-bot'],
  }),
  /** /settings in the Telegram bot: the user's one Telegram switch (all Telegram notifications on or off) */
  botTelegramSwitch: defineInternal({
    subject: 'gamification.bot.telegram-switch',
    request: BotTelegramSwitchRequest,
    response: BotTelegramSwitchReply,
    callers: ['telegram-bot'],
  }),
  /** /deadlines in the Telegram bot: the zone the user's times are told in (their gamification setting, else the platform's) */
  botTimeZone: defineInternal({
    subject: 'gamification.bot.time-zone',
    request: BotReadRequest,
    response: z.object({ time_zone: z.string() }),
    callers: ['telegram-bot'],
  }),
  closeWeek: defineInternal({
    subject: 'gamification.maintenance.close-week',
    request: s.CloseWeekRequest,
    response: s.CloseWeekReply,
    callers: ['worker'],
  }),
  /** the browsers one user is subscribed in, asked by the worker when it sends a push (so one turned off in the night is not pushed in the morning) */
  pushTargets: defineInternal({
    subject: 'gamification.push.targets',
    request: n.PushTargetsRequest,
    response: n.PushTargetsReply,
    callers: ['worker'],
  }),
  /** a push service answered 404 or 410 for a subscription: it is deleted */
  pushGone: defineInternal({
    subject: 'gamification.push.gone',
    request: n.PushGoneRequest,
    response: n.PushGoneReply,
    callers: ['worker'],
  }),
  /** demo data: XP awards of one user, applied in order through the XP ledger (backdated; source ids 'seed:…' make a second seeding add nothing) */
  seedXp: defineInternal({
    subject: 'gamification.seed.xp',
    request: s.SeedXpRequest,
    response: s.SeedXpReply,
    callers: ['seed'],
    devOnly: true,
  }),
  /** benchmark (i): xp_period_totals recomputed from the ledger, then every current board rebuilt from them; answers the times of both steps */
  rebuildBoards: defineInternal({
    subject: 'gamification.seed.rebuild-boards',
    request: s.RebuildBoardsRequest,
    response: s.RebuildBoardsReply,
    callers: ['seed'],
    devOnly: true,
  }),
} as const;
