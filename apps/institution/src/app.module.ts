import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule } from '@lp/service-kit';
import { InstitutionEnvSchema } from './config/institution-env.js';
import { migrations } from './data-source.js';
import { institutionEntities } from './entities/index.js';
import { InstitutionDataModule } from './institution-data.module.js';
import { CoursesModule } from './modules/courses/courses.module.js';
import { InsightsModule } from './modules/insights/insights.module.js';
import { BulkModule } from './modules/bulk/bulk.module.js';
import { InstitutionsModule } from './modules/institutions/institutions.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { TiersModule } from './modules/tiers/tiers.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { HierarchyModule } from './modules/hierarchy/hierarchy.module.js';
import { InvitationsModule } from './modules/invitations/invitations.module.js';

/** Institution: its database, its routes and events over NATS, through the service kit. */
@Module({})
export class InstitutionModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: InstitutionModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'institution',
          entities: institutionEntities,
          migrations,
          envSchema: InstitutionEnvSchema,
          // row-level security guards the tenant tables: migrate as the owner, work as a role owning nothing
          runtimeRole: true,
          ...(env ? { env } : {}),
        }),
        InstitutionDataModule,
        UsersReadModelModule,
        InstitutionsModule,
        MembersModule,
        InvitationsModule,
        // modules (one line each; several people add theirs at once)
        HierarchyModule,
        CoursesModule,
        InsightsModule,
        BulkModule,
        PlansModule,
        TiersModule,
        ApiKeysModule,
      ],
    };
  }
}
