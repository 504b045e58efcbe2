import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminService } from './admin.service.js';
import { BillingRevenueConsumer } from './billing-revenue.consumer.js';
import { MentoringSessionsConsumer } from './mentoring-sessions.consumer.js';
import { CatalogStatsConsumer } from './catalog-stats.consumer.js';

/** The admin's users and platform figures (catalog's events feed the course figures, billing's the revenue). */
@Module({
  imports: [AuthModule, CredentialsModule, UsersModule],
  providers: [AdminService, CatalogStatsConsumer, BillingRevenueConsumer, MentoringSessionsConsumer],
  exports: [AdminService],
})
export class AdminModule {}
