import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminService } from './admin.service.js';
import { CatalogStatsConsumer } from './catalog-stats.consumer.js';

/** The admin's users and platform figures (catalog's events feed the course figures). */
@Module({
  imports: [AuthModule, CredentialsModule, UsersModule],
  providers: [AdminService, CatalogStatsConsumer],
  exports: [AdminService],
})
export class AdminModule {}
