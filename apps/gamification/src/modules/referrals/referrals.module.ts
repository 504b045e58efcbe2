import { Module } from '@nestjs/common';
import { XpModule } from '../xp/xp.module.js';
import { ReferralRewards } from './referral-rewards.js';
import { ReferralsService } from './referrals.service.js';

/** Referrals: codes, the referrals registered with them, their completion and reward, the admin's figures. */
@Module({ imports: [XpModule], providers: [ReferralsService, ReferralRewards], exports: [ReferralRewards] })
export class ReferralsModule {}
