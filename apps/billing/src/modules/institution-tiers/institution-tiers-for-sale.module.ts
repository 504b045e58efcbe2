import { Module } from '@nestjs/common';
import { InstitutionTierItem } from './institution-tier-item.js';

/** Institution tier upgrades as things to buy (priced by institution over the bus). */
@Module({ providers: [InstitutionTierItem] })
export class InstitutionTiersForSaleModule {}
