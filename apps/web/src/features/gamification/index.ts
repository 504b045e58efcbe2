/**
 * The gamification feature's public entry: the shell's level and live toasts, and the badge
 * icon other screens (profile, admin) show. Its screens (/leaderboard, /referrals) load lazily
 * from ./pages, imported by the route table alone.
 */
export { BadgeIcon } from './badge-icon';
export { HeaderLevel } from './header-level';
export { LiveAchievements } from './lazy-live-achievements';
