import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, developmentOnly } from '@lp/service-kit';
import { IdentityEnvSchema } from './config/identity-env.js';
import { entities, migrations } from './data-source.js';
import { IdentityDataModule } from './identity-data.module.js';
import { IdentityEdgesModule } from './identity-edges.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { IdentitySeedHandlers } from './modules/seed/seed.handlers.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ComingSoonModule } from './modules/coming-soon/coming-soon.module.js';
import { DataExportModule } from './modules/data-export/data-export.module.js';
import { PhoneModule } from './modules/phone/phone.module.js';
import { PasswordResetModule } from './modules/password-reset/password-reset.module.js';
import { PortalsModule } from './modules/portals/portals.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { TelegramModule } from './modules/telegram/telegram.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** Identity: one feature module per area, over the kit, the service's data layer and its edges. */
@Module({})
export class IdentityModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'identity',
          entities,
          migrations,
          envSchema: IdentityEnvSchema,
          ...(env ? { env } : {}),
        }),
        IdentityDataModule,
        IdentityEdgesModule,
        AuthModule,
        PhoneModule,
        SessionsModule,
        UsersModule,
        PortalsModule,
        ComingSoonModule,
        TelegramModule,
        AdminModule,
        DataExportModule,
        PasswordResetModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [IdentitySeedHandlers]),
    };
  }
}
