/** The gamification screens, loaded together as one chunk the first time a route shows one of them. */
export { LeaderboardPage } from './leaderboard-page';
export { ReferralsPage } from './referrals-page';
