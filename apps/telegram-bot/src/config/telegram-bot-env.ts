import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const optional = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The bot's own settings. Without a token, outside production, the bot talks to the local
 * double of the Bot API (dev/bot-api-double.ts), which it starts itself unless
 * TELEGRAM_API_ROOT names one (the tests' double). With a webhook URL it asks Telegram to
 * push updates there, each carrying the secret token; otherwise it long-polls getUpdates.
 */
export const TelegramBotEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    /** from @BotFather; unset: the local double (never in production) */
    TELEGRAM_BOT_TOKEN: optional.pipe(
      z
        .string()
        .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a token from @BotFather (<digits>:<letters>)')
        .optional(),
    ),
    /** where the Bot API is (grammY's client.apiRoot): Telegram by default, a double in tests */
    TELEGRAM_API_ROOT: optional.pipe(z.string().url().optional()),
    /** production: the public HTTPS address Telegram posts updates to; unset: long polling */
    TELEGRAM_WEBHOOK_URL: optional.pipe(z.string().url().startsWith('https://', 'must be an https:// URL').optional()),
    /** sent by Telegram in X-Telegram-Bot-Api-Secret-Token with every update; Telegram allows A-Z, a-z, 0-9, _ and - */
    TELEGRAM_WEBHOOK_SECRET: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{32,256}$/, 'must be 32 to 256 characters of A-Z, a-z, 0-9, _ and -')
        .optional(),
    ),
    /** the port the webhook listens on (behind the HTTPS ingress) */
    TELEGRAM_WEBHOOK_PORT: z.coerce.number().int().min(1).max(65535).default(8443),
    /** the local double's port (development without a token) */
    TELEGRAM_DOUBLE_PORT: z.coerce.number().int().min(0).max(65535).default(3081),
    /** how many Telegram notifications are sent at once */
    TELEGRAM_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(30).default(4),
  })
  .superRefine((e, ctx) => {
    const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (e.NODE_ENV === 'production' && !e.TELEGRAM_BOT_TOKEN) bad('TELEGRAM_BOT_TOKEN', 'must be set in production');
    // an unchecked webhook would take any POST for an update from Telegram
    if (e.TELEGRAM_WEBHOOK_URL && !e.TELEGRAM_WEBHOOK_SECRET) bad('TELEGRAM_WEBHOOK_SECRET', 'must be set with TELEGRAM_WEBHOOK_URL');
    if (e.TELEGRAM_WEBHOOK_URL && !e.TELEGRAM_BOT_TOKEN)
      bad('TELEGRAM_BOT_TOKEN', 'a webhook needs a real bot (set with TELEGRAM_WEBHOOK_URL)');
  });

export type TelegramBotEnv = BaseEnv & z.infer<typeof TelegramBotEnvSchema>;

/** The token the local double accepts: any text works there, this one says what it is. */
export const DOUBLE_TOKEN = '1000:local-double-of-the-bot-api';

export type BotMode = { kind: 'telegram'; token: string; apiRoot?: string } | { kind: 'double'; token: string; apiRoot?: string };

/** Which Bot API the bot talks to: Telegram with a token; otherwise a double (the given one, or its own). */
export function botMode(e: Pick<TelegramBotEnv, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_ROOT'>): BotMode {
  const root = e.TELEGRAM_API_ROOT ? { apiRoot: e.TELEGRAM_API_ROOT } : {};
  if (e.TELEGRAM_BOT_TOKEN) return { kind: 'telegram', token: e.TELEGRAM_BOT_TOKEN, ...root };
  return { kind: 'double', token: DOUBLE_TOKEN, ...root };
}
