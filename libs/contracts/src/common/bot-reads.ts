import { z } from 'zod';
import { IdSchema } from './ids.js';

/**
 * A bus-only read the Telegram bot makes for the account a Telegram user is linked to (identity
 * told it who that is). Only the bot's NATS user may call these subjects (their `callers`), and
 * the bot holds no caller-signing key: its NATS credentials are the boundary, as the worker's
 * are (docs/architecture.md, "The Telegram bot"). The owning service answers with the same code
 * its route runs for that user, as a learner whatever the account's role: the bot's word is
 * not taken for more than that (a bot's stolen credentials name users, never an admin's view).
 */
export const BotReadRequest = z.object({ user_id: IdSchema });
export type BotReadRequest = z.infer<typeof BotReadRequest>;

/** /settings in the bot: the user's Telegram notifications switch (gamification keeps it), read or set. */
export const BotTelegramSwitchRequest = BotReadRequest.extend({ on: z.boolean().optional() });
export const BotTelegramSwitchReply = z.object({ on: z.boolean(), linked: z.boolean() });

/** /quiz in the bot: one practice question (options to press), or null when the user's courses have none. */
export const BotQuestionReply = z
  .object({
    question_id: IdSchema,
    quiz_title: z.string(),
    course_title: z.string().nullable(),
    question_text: z.string(),
    options: z.array(z.string()),
  })
  .nullable();
/** The user pressed an option (its index): graded as an attempt grades it; null when the question is not open to the user. */
export const BotAnswerRequest = BotReadRequest.extend({ question_id: IdSchema, option: z.number().int().min(0).max(19) });
export const BotAnswerReply = z
  .object({ question_text: z.string(), answer: z.string(), correct: z.boolean(), correct_answer: z.string(), explanation: z.string() })
  .nullable();

/** One notification's Telegram message for the bot to send (JOBS.sendTelegram). */
export const TelegramJob = z.object({
  notification_id: IdSchema,
  user_id: IdSchema,
  /** the private chat: the linked Telegram user's id */
  chat_id: z.string().min(1),
  text: z.string().min(1).max(4096),
});
export type TelegramJob = z.infer<typeof TelegramJob>;
/** sent: false when the chat was no longer linked to the recipient at send time */
export const TelegramJobResult = z.object({ sent: z.boolean(), message_id: z.number().int().nullable() });
