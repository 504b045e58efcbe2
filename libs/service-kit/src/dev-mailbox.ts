import type { Redis } from 'ioredis';
import { z } from 'zod';

/** How many messages the development mailbox keeps; older ones fall off the end. */
export const DEV_MAILBOX_SIZE = 200;

/** One e-mail as the development mailbox keeps it: what SMTP would have carried, readable. */
export const DevMailboxMessage = z.object({
  id: z.string(),
  /** nodemailer's Message-ID header */
  message_id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  sent_at: z.string(),
  /** the whole RFC 5322 message nodemailer rendered (headers and MIME parts) */
  raw: z.string(),
});
export type DevMailboxMessage = z.infer<typeof DevMailboxMessage>;

/**
 * Under the run's prefix like every other Redis key (rate limits, sessions), so test runs and
 * a second stack beside `npm start` each read their own mailbox.
 */
export const devMailboxKey = (busPrefix: string): string => `${busPrefix}dev-mailbox`;

/**
 * The development mailbox: where the worker puts each e-mail when no SMTP server is set
 * (development and tests only) and where the gateway's /api/dev/mailbox reads them. Declared
 * once here so writer and reader agree on the key and the shape.
 */
export class DevMailbox {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    busPrefix: string,
  ) {
    this.key = devMailboxKey(busPrefix);
  }

  async add(message: DevMailboxMessage): Promise<void> {
    // newest first, capped in the same round trip so the list never outgrows the cap
    await this.redis
      .multi()
      .lpush(this.key, JSON.stringify(DevMailboxMessage.parse(message)))
      .ltrim(this.key, 0, DEV_MAILBOX_SIZE - 1)
      .exec();
  }

  /** Newest first; an entry that no longer parses (written by an older shape) is skipped. */
  async list(): Promise<DevMailboxMessage[]> {
    const rows = await this.redis.lrange(this.key, 0, DEV_MAILBOX_SIZE - 1);
    return rows.flatMap((row) => {
      try {
        const parsed = DevMailboxMessage.safeParse(JSON.parse(row));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  async get(id: string): Promise<DevMailboxMessage | null> {
    return (await this.list()).find((m) => m.id === id) ?? null;
  }
}
