/**
 * Gamification's routes: one declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Besides ROUTES.md (GET /gamification/leaderboard, GET /referrals/my, POST /referrals/generate):
 * GET /gamification/me (the header's level and XP, /profile's badges), PUT /gamification/settings
 * (hide from boards, the streak's time zone), GET /gamification/badges, GET /gamification/league
 * (the weekly league tab), and the admin's read-only views of the rules, badges and referral figures.
 */
import { defineRoute } from '../common/route.js';
import { defineInternal } from '../common/bus-access.js';
import { z } from 'zod';
import * as s from './schemas.js';

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
} as const;

/** Gamification's bus-only subjects; the `devOnly` ones (demo data) are bound and permitted in development and tests only. */
export const gamificationInternal = {
  closeWeek: defineInternal({
    subject: 'gamification.maintenance.close-week',
    request: s.CloseWeekRequest,
    response: s.CloseWeekReply,
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
