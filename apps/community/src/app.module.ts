import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule } from '@lp/service-kit';
import { CommunityEnvSchema } from './config/community-env.js';
import { entities, migrations } from './data-source.js';

/** Community: study groups and their workspace, direct messages, the global Q&A forum. */
@Module({})
export class CommunityModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: CommunityModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'community',
          entities,
          migrations,
          envSchema: CommunityEnvSchema,
          ...(env ? { env } : {}),
        }),
        UsersReadModelModule,
      ],
    };
  }
}
