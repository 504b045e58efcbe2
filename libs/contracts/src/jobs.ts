import { z } from 'zod';
import { DataExportJob, DataExportResult } from './common/system.js';
import { CertificateJob, CertificateJobResult } from './catalog/schemas.js';
import { MaintenanceReply, ProcessWithdrawalReply } from './billing/schemas.js';
import { EmailJob, EmailJobResult } from './common/email.js';
import { SessionMaintenanceReply } from './mentoring/schemas.js';
import { CloseWeekReply } from './gamification/schemas.js';
import { PushJob, PushJobResult } from './gamification/notification-schemas.js';
import { TelegramJob, TelegramJobResult } from './common/bot-reads.js';

/** How a producer adds a job of a type: its retries and how long BullMQ keeps it. */
export interface JobOptions {
  attempts: number;
  backoff: { type: 'exponential' | 'fixed' | typeof RETRY_AFTER_BACKOFF; delay: number };
  removeOnComplete: { age: number; count?: number };
  removeOnFail: { age: number };
}

/**
 * One kind of background job, declared once for its producer (a service, or the worker's
 * own schedule) and its consumer (a handler in apps/worker): the queue, the job's name,
 * the version of its data, its data and result schemas and the producer's retry policy.
 */
export interface JobType<D extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** BullMQ queue (frozen: renaming one strands its jobs) */
  queue: string;
  /** dotted name, the same in logs of producer and consumer */
  name: string;
  version: number;
  data: D;
  result: R;
  options: JobOptions;
  /** a job the worker schedules itself, every `everyMs` (one schedule however many workers run) */
  schedule?: { everyMs: number; data: z.input<D> };
  /** the app that consumes it when not the worker (the Telegram bot sends its own messages) */
  consumer?: 'telegram-bot';
}

export const defineJobType = <D extends z.ZodType, R extends z.ZodType>(type: JobType<D, R>): JobType<D, R> => type;

const DAY = 24 * 3600;

/**
 * A backoff of the worker's own (apps/worker/src/queue/retry-after-backoff.ts): exponential from
 * its delay, as BullMQ's, or longer when the failure carries a remote service's Retry-After
 * (a push service's 429 or 503), at most RETRY_AFTER_MAX_MS.
 */
export const RETRY_AFTER_BACKOFF = 'retry-after';
export const RETRY_AFTER_MAX_MS = 3600_000;

export const JOBS = {
  /**
   * one e-mail (community produces invitations; job id fixed per message, so a replayed event
   * sends once): the worker sends it with nodemailer, through SMTP when SMTP_URL is set, else
   * into the development mailbox (/dev/mailbox, development only)
   */
  sendEmail: defineJobType({
    queue: 'email',
    name: 'email.send',
    version: 1,
    data: EmailJob,
    result: EmailJobResult,
    options: {
      attempts: 6,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: DAY, count: 10_000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
  /**
   * one notification's browser push to every browser its recipient is subscribed in
   * (gamification produces; job id notification:<id>:push, so one notification is pushed once):
   * the worker signs with the VAPID keys and encrypts per RFC 8291 with web-push
   */
  sendPush: defineJobType({
    queue: 'push',
    name: 'notification.push',
    version: 1,
    data: PushJob,
    result: PushJobResult,
    options: {
      attempts: 6,
      backoff: { type: RETRY_AFTER_BACKOFF, delay: 5000 },
      removeOnComplete: { age: DAY, count: 10_000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
  /**
   * one notification's Telegram message (gamification produces under `notification:<id>:telegram`,
   * held through quiet hours; the Telegram bot sends it with sendMessage if the chat is still
   * linked to the recipient, docs/notifications.md "Telegram")
   */
  sendTelegram: defineJobType({
    queue: 'telegram',
    name: 'notification.telegram',
    version: 1,
    consumer: 'telegram-bot',
    data: TelegramJob,
    result: TelegramJobResult,
    options: {
      attempts: 6,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: DAY, count: 10_000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
  /** "Download my data" (identity produces; the worker gathers every service's part into one file) */
  dataExport: defineJobType({
    queue: 'data-export',
    name: 'user.data-export',
    version: 1,
    data: DataExportJob,
    result: DataExportResult,
    // the worker writes under the job id, so a retried job lands on the same file
    options: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: DAY },
    },
  }),
  /** a certificate PDF (catalog produces on course completion; job id = certificate id, so queueing twice runs once) */
  certificateRender: defineJobType({
    queue: 'certificates',
    name: 'catalog.certificate-render',
    version: 1,
    data: CertificateJob,
    result: CertificateJobResult,
    options: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: DAY, count: 10_000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
  /** deletes data exports older than a day (a data export holds everything about a person) */
  exportCleanup: defineJobType({
    queue: 'export-cleanup',
    name: 'user.data-export-cleanup',
    version: 1,
    data: z.object({}),
    result: z.object({ removed: z.number().int() }),
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 3600 * 1000, data: {} },
  }),
  /** a withdrawal's payout (billing produces on withdraw; job id = transaction id): completes it or gives the hold back */
  withdrawalPayout: defineJobType({
    queue: 'billing-payouts',
    name: 'billing.withdrawal-payout',
    version: 1,
    data: z.object({ transaction_id: z.string() }),
    result: ProcessWithdrawalReply,
    options: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: DAY, count: 10_000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
  /** pending provider payments past their life expire (billing.maintenance.expire-pending) */
  paymentExpiry: defineJobType({
    queue: 'billing-maintenance',
    name: 'billing.payment-expiry',
    version: 1,
    data: z.object({}),
    result: MaintenanceReply,
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 60 * 1000, data: {} },
  }),
  /** stale pending provider payments are asked about at the provider (billing.maintenance.reverify-pending) */
  paymentReverify: defineJobType({
    queue: 'billing-reverify',
    name: 'billing.payment-reverify',
    version: 1,
    data: z.object({}),
    result: MaintenanceReply,
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 2 * 60 * 1000, data: {} },
  }),
  /** subscriptions at their period end renew, fall past due or expire (billing.maintenance.renew-subscriptions) */
  subscriptionRenewal: defineJobType({
    queue: 'billing-renewals',
    name: 'billing.subscription-renewal',
    version: 1,
    data: z.object({}),
    result: MaintenanceReply,
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 10 * 60 * 1000, data: {} },
  }),
  /** unpaid session bookings past their hold are released and confirmed sessions past their end complete (mentoring.maintenance.sessions) */
  sessionMaintenance: defineJobType({
    queue: 'mentoring-maintenance',
    name: 'mentoring.session-maintenance',
    version: 1,
    data: z.object({}),
    result: SessionMaintenanceReply,
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 60 * 1000, data: {} },
  }),
  /**
   * the weekly leagues' close (gamification.maintenance.close-week): hourly, so a week closes within
   * the hour after Monday 00:00 (platform time zone) and a missed run is caught up by the next;
   * the close is idempotent and resumable, so running it every hour changes nothing once done
   */
  leagueClose: defineJobType({
    queue: 'gamification-leagues',
    name: 'gamification.league-close',
    version: 1,
    data: z.object({}),
    result: CloseWeekReply,
    options: {
      attempts: 1,
      backoff: { type: 'fixed', delay: 60_000 },
      removeOnComplete: { age: DAY, count: 100 },
      removeOnFail: { age: DAY },
    },
    schedule: { everyMs: 60 * 60 * 1000, data: {} },
  }),
  /**
   * a CSV of members to add to an institution, and to enroll in one of its courses
   * (institution produces on POST /institutions/{id}/members/bulk; job id = import id). The
   * file is in the shared file store: too big for a job's data.
   */
  bulkEnrollment: defineJobType({
    queue: 'institution-bulk',
    name: 'institution.bulk-enrollment',
    version: 1,
    data: z.object({
      import_id: z.string(),
      institution_id: z.string(),
      course_id: z.string().nullable(),
      storage_key: z.string(),
      request_id: z.string().optional(),
    }),
    result: z.object({ file_rows: z.number().int(), successful: z.number().int(), unchanged: z.number().int(), failed: z.number().int() }),
    options: {
      attempts: 3,
      // retried 15 s, then 30 s later: a service restarting under load (npm run chaos measured 15-25 s) outlasted 5 s + 10 s
      backoff: { type: 'exponential', delay: 15_000 },
      removeOnComplete: { age: DAY, count: 1000 },
      removeOnFail: { age: 7 * DAY },
    },
  }),
} as const;

export type JobData<T extends JobType> = z.infer<T['data']>;
export type JobResult<T extends JobType> = z.infer<T['result']>;
