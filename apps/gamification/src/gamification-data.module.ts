import { Global, Module } from '@nestjs/common';
import { BadgesRepository } from './modules/badges/badges.repository.js';
import { XpRepository } from './modules/xp/xp.repository.js';
import { ReferralsRepository } from './modules/referrals/referrals.repository.js';
import { LeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { LeaguesRepository } from './modules/leagues/leagues.repository.js';
import { MembersRepository } from './modules/members/members.repository.js';
import { TransactionQueues } from './common/transaction-queues.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { PushSubscriptionsRepository } from './modules/notifications/push-subscriptions.repository.js';

const repositories = [
  XpRepository,
  BadgesRepository,
  ReferralsRepository,
  LeaderboardRepository,
  LeaguesRepository,
  MembersRepository,
  NotificationsRepository,
  PushSubscriptionsRepository,
];
const shared = [...repositories, TransactionQueues];

/**
 * Gamification's data layer: one repository per area over the service's one database, and the
 * work a transaction gathers to do at once (common/transaction-queues.ts). Areas read each
 * other's tables, so these are shared here while each feature module exports only its services.
 */
@Global()
@Module({ providers: shared, exports: shared })
export class GamificationDataModule {}
