import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { ProfileService } from './profile.service.js';

/** The caller's XP, level, streaks, badges and settings. */
@Module({ imports: [BadgesModule, LeaderboardModule], providers: [ProfileService] })
export class ProfileModule {}
