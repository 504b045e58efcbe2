import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { OtpModule } from '../phone/otp.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthService } from './auth.service.js';
import { RegistrationService } from './registration.service.js';
import { SignInService } from './sign-in.service.js';

/** Registration and sign-in (password, external provider), sign-out. */
@Module({
  imports: [CredentialsModule, SessionsModule, UsersModule, OtpModule],
  providers: [AuthService, RegistrationService, SignInService],
  exports: [RegistrationService, SignInService],
})
export class AuthModule {}
