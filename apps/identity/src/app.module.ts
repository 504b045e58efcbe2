import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@lp/service-kit';
import { UserEntity } from './entities/user.entity.js';
import { Initial1763769600000 } from './migrations/1763769600000-initial.js';
import { AuthHandlers } from './modules/auth/auth.handlers.js';

@Module({})
export class IdentityModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: IdentityModule,
      imports: [ServiceKitModule.forRoot({ service: 'identity', entities: [UserEntity], migrations: [Initial1763769600000], ...(env ? { env } : {}) })],
      providers: [AuthHandlers],
    };
  }
}
