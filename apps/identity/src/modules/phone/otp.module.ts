import { Module } from '@nestjs/common';
import { OtpService } from './otp.service.js';

/** Phone codes: sent, limited and checked once; used by registration, sign-in and phone verification. */
@Module({ providers: [OtpService], exports: [OtpService] })
export class OtpModule {}
