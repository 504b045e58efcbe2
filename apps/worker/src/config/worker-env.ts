import { z } from 'zod';
import { RUNNING_SERVICES, SERVICES, type ServiceName } from '@lp/contracts';
import type { BaseEnv } from '@lp/service-kit';

/** The worker's own settings, validated together with the kit's base settings. */
const vapidKey = (what: string, length: number) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${length},${length + 1}}$`),
      `must be a VAPID ${what} key (base64url, as web-push generate-vapid-keys prints it)`,
    )
    .optional()
    .or(z.literal('').transform(() => undefined));

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
  /** browser notifications (Web Push): the VAPID key pair pushes are signed with; gamification hands the public half to browsers */
  VAPID_PUBLIC_KEY: vapidKey('public', 87),
  VAPID_PRIVATE_KEY: vapidKey('private', 43),
  /** who a push service may contact about our pushes (mailto: or https:) */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// URL')
    .default('mailto:no-reply@learning-platform.local'),
});

export type WorkerEnv = BaseEnv & z.infer<typeof WorkerEnvSchema>;
export type ExportServices = readonly ServiceName[];
