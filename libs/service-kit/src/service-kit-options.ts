import type { MixedList, EntitySchema } from 'typeorm';
import type { z } from 'zod';
import type { ServiceName } from '@lp/contracts';

/** How a service uses the kit (ServiceKitModule.forRoot); its own file, so the module and the binder do not import each other. */
export interface ServiceKitOptions {
  service: ServiceName | 'worker' | 'telegram-bot';
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** overrides of process.env (tests pass their throwaway names here) */
  env?: Record<string, string | undefined>;
  /** the service's own extra settings, validated with the base ones */
  envSchema?: z.ZodObject<z.ZodRawShape>;
  /** false for apps without a database of their own (the worker) */
  database?: boolean;
  /**
   * true for a service whose tables are guarded by row-level security: it migrates as the
   * owner of its database (lp_<service>_svc) and then works as a second role that owns
   * nothing (lp_<service>_app: table privileges only, no BYPASSRLS), so no query of the
   * running service can switch a policy off (database.ts openRuntime).
   */
  runtimeRole?: boolean;
}
