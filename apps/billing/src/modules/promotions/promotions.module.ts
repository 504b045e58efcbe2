import { Module } from '@nestjs/common';
import { PromotionsService } from './promotions.service.js';

/** Promotional credits into wallets (referral rewards), asked over the bus by gamification. */
@Module({ providers: [PromotionsService] })
export class PromotionsModule {}
