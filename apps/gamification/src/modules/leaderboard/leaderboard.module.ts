import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module.js';
import { MembersModule } from '../members/members.module.js';
import { LeaderboardService } from './leaderboard.service.js';

/**
 * The leaderboards: the route, the period totals kept in each award's transaction, the Redis
 * boards. Exports LeaderboardService: XP's award calls recordAwards in its transaction and
 * afterCommit once it committed.
 */
@Module({ imports: [LeaguesModule, MembersModule], providers: [LeaderboardService], exports: [LeaderboardService] })
export class LeaderboardModule {}
