import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { EmailQueue } from '@lp/service-kit';
import { PasswordResetRepository } from './password-reset.repository.js';
import { PasswordResetService } from './password-reset.service.js';

/** "Forgot password?" (besides ROUTES.md): reset links by e-mail, and setting the password with one. */
@Module({
  imports: [CredentialsModule, SessionsModule],
  providers: [PasswordResetService, PasswordResetRepository, EmailQueue],
  // an institution's invitation that made an account sends its "Set a password" link (modules/portals)
  exports: [PasswordResetService],
})
export class PasswordResetModule {}
