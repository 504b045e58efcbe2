import { Module } from '@nestjs/common';
import { TiersService } from './tiers.service.js';
import { UpgradeService } from './upgrade.service.js';

/** The SaaS tiers, an institution's usage of its tier, and the paid upgrade through billing. */
@Module({ providers: [TiersService, UpgradeService] })
export class TiersModule {}
