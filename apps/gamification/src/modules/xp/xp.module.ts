import { Module } from '@nestjs/common';
import { BadgesModule } from '../badges/badges.module.js';
import { LeaderboardModule } from '../leaderboard/leaderboard.module.js';
import { BoardEligibilityConsumer } from './board-eligibility.consumer.js';
import { XpEventsConsumer } from './xp-events.consumer.js';
import { XpLedgerService } from './xp-ledger.service.js';
import { XpRulesService } from './xp-rules.service.js';

/** XP: the rules, the ledger and its one write path (XpLedgerService, exported for referrals), the events that award XP. */
@Module({
  imports: [BadgesModule, LeaderboardModule],
  providers: [XpLedgerService, XpEventsConsumer, BoardEligibilityConsumer, XpRulesService],
  exports: [XpLedgerService],
})
export class XpModule {}
