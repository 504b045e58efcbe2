import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { PortalsService } from './portals.service.js';

/** Institution portals: the caller's memberships, switching portal, subsidiary access. */
@Module({ imports: [UsersModule, SessionsModule], providers: [PortalsService] })
export class PortalsModule {}
