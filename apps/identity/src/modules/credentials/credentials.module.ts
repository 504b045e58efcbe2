import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher.js';
import { SignInLimits } from './sign-in-limits.service.js';

/** Passwords and the limits on wrong ones: what sign-in, registration, account and admin all check. */
@Module({ providers: [PasswordHasher, SignInLimits], exports: [PasswordHasher, SignInLimits] })
export class CredentialsModule {}
