import { z } from 'zod';
import { RUNNING_SERVICES, SERVICES, type ServiceName } from '@lp/contracts';
import type { BaseEnv } from '@lp/service-kit';

/** The worker's own settings, validated together with the kit's base settings. */
export const WorkerEnvSchema = z.object({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** how long one service may take to hand over its part of a data export */
  EXPORT_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** comma-separated services asked for a data export; default: every running service */
  EXPORT_SERVICES: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [...RUNNING_SERVICES],
    )
    .pipe(z.array(z.enum(SERVICES)).min(1)),
  /**
   * where e-mail goes (smtp://user:pass@host:587, smtps:// for TLS from the first byte);
   * unset: the development mailbox in development and tests, and a failing job in production
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the sender of every e-mail */
  MAIL_FROM: z.string().min(3).default('Learning Platform <no-reply@learning-platform.local>'),
});

export type WorkerEnv = BaseEnv & z.infer<typeof WorkerEnvSchema>;
export type ExportServices = readonly ServiceName[];
