import { Global, Module, type Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DownloadLinks, RevocationStore, TokenService } from '@lp/auth';
import { ENV, LOGGER, REDIS, type Logger } from '@lp/service-kit';
import { smsProviderOf, type IdentityEnv } from './config/identity-env.js';
import { ExternalSessions } from './modules/auth/external-sessions.js';
import { SmsProvider } from './modules/phone/sms.provider.js';
import { DevSmsProvider, DisabledSmsProvider } from './modules/phone/dev-sms.provider.js';
import { TotpSecretCipher } from './modules/users/totp-secret.cipher.js';

/** The pluggable edges: tokens, revocation, download links, external sign-in, SMS delivery, the TOTP cipher. */
const edges: Provider[] = [
  { provide: TokenService, inject: [ENV], useFactory: (env: IdentityEnv) => new TokenService(env.JWT_SECRET) },
  {
    provide: RevocationStore,
    inject: [REDIS, ENV],
    useFactory: (redis: Redis, env: IdentityEnv) => new RevocationStore(redis, env.BUS_PREFIX),
  },
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
      smsProviderOf(env) === 'dev'
        ? new DevSmsProvider(log.child({ component: 'sms' }), env.NODE_ENV === 'development')
        : new DisabledSmsProvider(),
  },
  { provide: TotpSecretCipher, inject: [ENV], useFactory: (env: IdentityEnv) => new TotpSecretCipher(env.TOTP_ENCRYPTION_KEY) },
];

@Global()
@Module({ providers: edges, exports: [TokenService, RevocationStore, DownloadLinks, ExternalSessions, SmsProvider, TotpSecretCipher] })
export class IdentityEdgesModule {}
