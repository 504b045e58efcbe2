import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule, developmentOnly } from '@lp/service-kit';
import { MentoringEnvSchema } from './config/mentoring-env.js';
import { entities, migrations } from './data-source.js';
import { MentoringDataModule } from './mentoring-data.module.js';
import { AvailabilityModule } from './modules/availability/availability.module.js';
import { MentorsModule } from './modules/mentors/mentors.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { InsightsModule } from './modules/insights/insights.module.js';
import { DeskModule } from './modules/desk/desk.module.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';

/** Mentoring: its database, its routes and events over NATS, through the service kit. */
@Module({})
export class MentoringModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: MentoringModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'mentoring',
          entities,
          migrations,
          envSchema: MentoringEnvSchema,
          ...(env ? { env } : {}),
        }),
        UsersReadModelModule,
        MentoringDataModule,
        MentorsModule,
        AvailabilityModule,
        SessionsModule,
        InsightsModule,
        DeskModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [SeedHandlers]),
    };
  }
}
