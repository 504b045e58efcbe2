import { Global, Module } from '@nestjs/common';
import { AdminRepository } from './modules/admin/admin.repository.js';
import { ComingSoonRepository } from './modules/coming-soon/coming-soon.repository.js';
import { OtpRepository } from './modules/phone/otp.repository.js';
import { PortalsRepository } from './modules/portals/portals.repository.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { TelegramRepository } from './modules/telegram/telegram.repository.js';
import { UsersRepository } from './modules/users/users.repository.js';

const repositories = [
  UsersRepository,
  SessionsRepository,
  OtpRepository,
  PortalsRepository,
  ComingSoonRepository,
  TelegramRepository,
  AdminRepository,
];

/**
 * Identity's data layer: one repository per area over the service's one database. Any area
 * may read its service's tables (sign-in reads memberships, the export reads everything), so
 * the repositories are shared here while each feature module exports only its services.
 */
@Global()
@Module({ providers: repositories, exports: repositories })
export class IdentityDataModule {}
