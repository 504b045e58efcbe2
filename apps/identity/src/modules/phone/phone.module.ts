import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { UsersModule } from '../users/users.module.js';
import { OtpModule } from './otp.module.js';
import { PhoneService } from './phone.service.js';

/** Phone routes: send a code, verify a phone, sign in with a phone. */
@Module({ imports: [AuthModule, CredentialsModule, UsersModule, OtpModule], providers: [PhoneService] })
export class PhoneModule {}
