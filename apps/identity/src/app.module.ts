import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DownloadLinks, RevocationStore, TokenService } from '@lp/auth';
import { Clock, ENV, LOGGER, REDIS, ServiceKitModule, developmentOnly, type Logger } from '@lp/service-kit';
import { IdentityEnvSchema, smsProviderOf, type IdentityEnv } from './config/identity-env.js';
import { entities, migrations } from './data-source.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PasswordHasher } from './modules/auth/password-hasher.js';
import { RegistrationService } from './modules/auth/registration.service.js';
import { SignInService } from './modules/auth/sign-in.service.js';
import { ExternalSessions } from './modules/auth/external-sessions.js';
import { PhoneService } from './modules/phone/phone.service.js';
import { OtpService } from './modules/phone/otp.service.js';
import { OtpRepository } from './modules/phone/otp.repository.js';
import { SmsProvider } from './modules/phone/sms.provider.js';
import { DevSmsProvider, DisabledSmsProvider } from './modules/phone/dev-sms.provider.js';
import { TotpSecretCipher } from './modules/users/totp-secret.cipher.js';
import { TotpSecretsAtRest } from './modules/users/totp-secrets-at-rest.service.js';
import { SignInLimits } from './modules/auth/sign-in-limits.service.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { RevocationWarmer } from './modules/sessions/revocation-warmer.service.js';
import { UsersService } from './modules/users/users.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UserViewService } from './modules/users/user-view.service.js';
import { TwoFactorService } from './modules/users/two-factor.service.js';
import { AccountDeletionService } from './modules/users/account-deletion.service.js';
import { PortalsService } from './modules/portals/portals.service.js';
import { PortalsRepository } from './modules/portals/portals.repository.js';
import { ComingSoonService } from './modules/coming-soon/coming-soon.service.js';
import { ComingSoonRepository } from './modules/coming-soon/coming-soon.repository.js';
import { TelegramService } from './modules/telegram/telegram.service.js';
import { TelegramRepository } from './modules/telegram/telegram.repository.js';
import { AdminService } from './modules/admin/admin.service.js';
import { IdentitySeedHandlers } from './modules/admin/seed.handlers.js';
import { AdminRepository } from './modules/admin/admin.repository.js';
import { CatalogStatsConsumer } from './modules/admin/catalog-stats.consumer.js';
import { DataExportService } from './modules/data-export/data-export.service.js';
import { DataExportQueue } from './modules/data-export/data-export.queue.js';
import { UserDataExporter } from './modules/data-export/user-data.exporter.js';

/** The pluggable edges: tokens, revocation, external sign-in and SMS delivery. */
const infrastructure: Provider[] = [
  Clock,
  { provide: TokenService, inject: [ENV], useFactory: (env: IdentityEnv) => new TokenService(env.JWT_SECRET) },
  { provide: RevocationStore, inject: [REDIS], useFactory: (redis: Redis) => new RevocationStore(redis) },
  { provide: DownloadLinks, inject: [ENV], useFactory: (env: IdentityEnv) => new DownloadLinks(env.JWT_SECRET) },
  {
    provide: ExternalSessions,
    inject: [ENV, REDIS],
    useFactory: (env: IdentityEnv, redis: Redis) => new ExternalSessions(redis, env.BUS_PREFIX, env.EXTERNAL_SESSION_TTL_SECONDS),
  },
  {
    provide: SmsProvider,
    inject: [ENV, LOGGER],
    useFactory: (env: IdentityEnv, log: Logger) =>
      smsProviderOf(env) === 'dev' ? new DevSmsProvider(log.child({ component: 'sms' }), env.NODE_ENV === 'development') : new DisabledSmsProvider(),
  },
  { provide: TotpSecretCipher, inject: [ENV], useFactory: (env: IdentityEnv) => new TotpSecretCipher(env.TOTP_ENCRYPTION_KEY) },
];

const features: Provider[] = [
  // auth
  AuthService,
  PasswordHasher,
  RegistrationService,
  SignInService,
  // phone
  PhoneService,
  OtpService,
  OtpRepository,
  // sessions
  SessionsRepository,
  SessionsService,
  RevocationWarmer,
  // users
  UsersService,
  UsersRepository,
  UserViewService,
  TwoFactorService,
  TotpSecretsAtRest,
  SignInLimits,
  AccountDeletionService,
  // portals
  PortalsService,
  PortalsRepository,
  // coming soon
  ComingSoonService,
  ComingSoonRepository,
  // telegram
  TelegramService,
  TelegramRepository,
  // admin
  AdminService,
  AdminRepository,
  CatalogStatsConsumer,
  // data export
  DataExportService,
  DataExportQueue,
  UserDataExporter,
];

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
      ],
      // demo data: not even constructed outside development and tests
      providers: [...infrastructure, ...features, ...developmentOnly(env, [IdentitySeedHandlers])],
    };
  }
}
