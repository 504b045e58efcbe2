import { Global, Module } from '@nestjs/common';
import { BadgesRepository } from './modules/badges/badges.repository.js';
import { XpRepository } from './modules/xp/xp.repository.js';
import { ReferralsRepository } from './modules/referrals/referrals.repository.js';
import { LeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { LeaguesRepository } from './modules/leagues/leagues.repository.js';
import { MembersRepository } from './modules/members/members.repository.js';

const repositories = [XpRepository, BadgesRepository, ReferralsRepository, LeaderboardRepository, LeaguesRepository, MembersRepository];

/**
 * Gamification's data layer: one repository per area over the service's one database. Areas read
 * each other's tables, so the repositories are shared here while each feature module exports
 * only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class GamificationDataModule {}
