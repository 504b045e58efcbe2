import { Module, type DynamicModule } from '@nestjs/common';
import { RpcClient } from '@lp/bus';
import { LocalFileStore } from '@lp/storage';
import type { Redis } from 'ioredis';
import { DevMailbox, ENV, isDevelopmentLike, LOGGER, REDIS, ServiceKitModule, type Logger } from '@lp/service-kit';
import { Mailer } from './mail/mailer.js';
import { PushSender } from './push/push-sender.js';
import { WorkerEnvSchema, type WorkerEnv } from './config/worker-env.js';
import type { JobDeps } from './jobs/job-definition.js';
import { jobRegistry } from './jobs/job-registry.js';
import { JobRunner } from './queue/job-runner.service.js';
import { JOB_DEPS, JOB_REGISTRY } from './queue/tokens.js';

function mailerOf(e: WorkerEnv, redis: Redis, log: Logger): Mailer {
  const mailer = new Mailer(
    { nodeEnv: e.NODE_ENV, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    isDevelopmentLike(e.NODE_ENV) ? new DevMailbox(redis, e.BUS_PREFIX) : null,
  );
  // said at boot, not first at the first invitation: every e-mail job will fail until it is set
  if (!mailer.transport) log.error('SMTP_URL is not set: e-mail jobs will fail (production has no development mailbox)');
  return mailer;
}

function pushOf(e: WorkerEnv, redis: Redis, log: Logger): PushSender | null {
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    // the issue: VAPID keys "required in production"; elsewhere a stack without them simply has no push
    if (!isDevelopmentLike(e.NODE_ENV))
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (browser notifications): see docs/operations.md, "Web Push keys"',
      );
    log.warn('VAPID keys are not set: browser notifications (push jobs) will fail');
    return null;
  }
  return new PushSender(
    { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    redis,
    e.BUS_PREFIX,
    // a development convenience (the tests' push service on loopback) is refused in production
    isDevelopmentLike(e.NODE_ENV),
  );
}

/** The background worker: no database, no HTTP; BullMQ jobs that talk to services over NATS. */
@Module({})
export class WorkerModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'worker',
          database: false,
          entities: [],
          migrations: [],
          envSchema: WorkerEnvSchema,
          ...(env ? { env } : {}),
        }),
      ],
      providers: [
        { provide: JOB_REGISTRY, useValue: jobRegistry },
        {
          provide: JOB_DEPS,
          inject: [ENV, RpcClient, REDIS, LOGGER],
          useFactory: (e: WorkerEnv, rpc: RpcClient, redis: Redis, log: Logger): JobDeps => ({
            rpc,
            files: new LocalFileStore(e.STORAGE_DIR),
            exportServices: e.EXPORT_SERVICES,
            exportServiceTimeoutMs: e.EXPORT_SERVICE_TIMEOUT_MS,
            mailer: mailerOf(e, redis, log),
            push: pushOf(e, redis, log),
            now: () => new Date(),
          }),
        },
        JobRunner,
      ],
    };
  }
}
