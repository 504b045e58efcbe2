import { Module } from '@nestjs/common';
import { RevocationWarmer } from './revocation-warmer.service.js';
import { SessionsService } from './sessions.service.js';

/** Sessions, refresh tokens, revocation (and its re-warm into Redis), download links. */
@Module({ providers: [SessionsService, RevocationWarmer], exports: [SessionsService] })
export class SessionsModule {}
