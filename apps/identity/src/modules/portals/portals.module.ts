import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { InstitutionEventsConsumer } from './institution-events.consumer.js';
import { InstitutionInvitationsConsumer } from './institution-invitations.consumer.js';
import { PasswordResetModule } from '../password-reset/password-reset.module.js';
import { EmailQueue } from '@lp/service-kit';
import { MemberAccountsService } from './member-accounts.service.js';
import { PortalsService } from './portals.service.js';

/**
 * Institution portals: the caller's memberships (a read model of institution's member events),
 * switching portal, subsidiary access (granted by institution), and the accounts of new members.
 */
@Module({
  imports: [AuthModule, UsersModule, SessionsModule, PasswordResetModule],
  providers: [PortalsService, MemberAccountsService, InstitutionEventsConsumer, InstitutionInvitationsConsumer, EmailQueue],
})
export class PortalsModule {}
