import { z } from 'zod';
import { IdSchema } from './ids.js';
import { RoleSchema } from './roles.js';

/**
 * A bus-only read the Telegram bot makes for the account a Telegram user is linked to (identity
 * told it who that is). Only the bot's NATS user may call these subjects (their `callers`), and
 * the bot holds no caller-signing key: its NATS credentials are the boundary, as the worker's
 * are (docs/architecture.md, "The Telegram bot"). The owning service answers with the same code
 * its route runs for that user.
 */
export const BotReadRequest = z.object({ user_id: IdSchema, role: RoleSchema });
export type BotReadRequest = z.infer<typeof BotReadRequest>;
