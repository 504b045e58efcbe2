import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, UsersReadModelModule, developmentOnly } from '@lp/service-kit';
import { GamificationEnvSchema } from './config/gamification-env.js';
import { entities, migrations } from './data-source.js';
import { GamificationDataModule } from './gamification-data.module.js';
import { BadgesModule } from './modules/badges/badges.module.js';
import { LeaderboardModule } from './modules/leaderboard/leaderboard.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { ProfileModule } from './modules/profile/profile.module.js';
import { XpModule } from './modules/xp/xp.module.js';
import { ReferralsModule } from './modules/referrals/referrals.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';

/** Gamification, the engagement service: one feature module per area (notifications among them), over the kit, the users read model and the data layer. */
@Module({})
export class GamificationModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: GamificationModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'gamification',
          entities,
          migrations,
          envSchema: GamificationEnvSchema,
          ...(env ? { env } : {}),
        }),
        UsersReadModelModule,
        GamificationDataModule,
        LeaderboardModule,
        MembersModule,
        XpModule,
        BadgesModule,
        ProfileModule,
        ReferralsModule,
        NotificationsModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [SeedHandlers]),
    };
  }
}
