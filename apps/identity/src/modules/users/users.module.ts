import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { TotpSecretsAtRest } from './totp-secrets-at-rest.service.js';
import { TwoFactorService } from './two-factor.service.js';
import { UserViewService } from './user-view.service.js';
import { UsersService } from './users.service.js';

/** The signed-in user's account: profile, settings, password, two-factor, deletion. */
@Module({
  imports: [CredentialsModule, SessionsModule],
  providers: [UsersService, UserViewService, TwoFactorService, TotpSecretsAtRest, AccountDeletionService],
  exports: [UsersService, UserViewService, TwoFactorService, AccountDeletionService],
})
export class UsersModule {}
