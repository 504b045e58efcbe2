import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule } from '@lp/service-kit';
import { CommunityEnvSchema } from './config/community-env.js';
import { entities, migrations } from './data-source.js';
import { CommunityDataModule } from './community-data.module.js';
import { LiveAccessModule } from './modules/live-access/live-access.module.js';
import { QaModule } from './modules/qa/qa.module.js';
import { GroupsModule } from './modules/groups/groups.module.js';
import { InvitationsModule } from './modules/invitations/invitations.module.js';
import { WorkspaceModule } from './modules/workspace/workspace.module.js';
import { DirectMessagesModule } from './modules/direct-messages/direct-messages.module.js';

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
        CommunityDataModule,
        LiveAccessModule,
        QaModule,
        GroupsModule,
        InvitationsModule,
        WorkspaceModule,
        DirectMessagesModule,
      ],
    };
  }
}
