import { Module, type DynamicModule } from '@nestjs/common';
import { RpcClient } from '@lp/bus';
import { LocalFileStore } from '@lp/storage';
import { ENV, ServiceKitModule } from '@lp/service-kit';
import { WorkerEnvSchema, type WorkerEnv } from './config/worker-env.js';
import type { JobDeps } from './jobs/job-definition.js';
import { jobRegistry } from './jobs/job-registry.js';
import { JobRunner } from './queue/job-runner.service.js';
import { JOB_DEPS, JOB_REGISTRY } from './queue/tokens.js';

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
          inject: [ENV, RpcClient],
          useFactory: (e: WorkerEnv, rpc: RpcClient): JobDeps => ({
            rpc,
            files: new LocalFileStore(e.STORAGE_DIR),
            exportServices: e.EXPORT_SERVICES,
            exportServiceTimeoutMs: e.EXPORT_SERVICE_TIMEOUT_MS,
            now: () => new Date(),
          }),
        },
        JobRunner,
      ],
    };
  }
}
