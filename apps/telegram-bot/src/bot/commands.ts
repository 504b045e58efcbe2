import { Bot, InlineKeyboard, type Context } from 'grammy';
import { AppError } from '@lp/contracts';
import type { Logger } from '@lp/service-kit';
import type { BotBackend, LinkedUser } from './bot-backend.js';
import { COMMANDS, textsFor, type Texts } from './texts.js';

export interface BotOptions {
  token: string;
  /** grammY's client.apiRoot: the local double's address, or Telegram's (default) */
  apiRoot?: string;
  backend: BotBackend;
  log: Logger;
}

const telegramId = (ctx: Context): string | null => (ctx.from ? String(ctx.from.id) : null);
const textsOf = (ctx: Context): Texts => textsFor(ctx.from?.language_code);

/** What a refusal of identity's link subjects means to the person who typed the code. */
export function linkRefusal(t: Texts, e: unknown): string | null {
  if (!(e instanceof AppError)) return null;
  switch (e.code) {
    case 'INVALID_LINK_CODE':
      return t.unknownCode;
    case 'LINK_CODE_EXPIRED':
      return t.expiredCode;
    case 'LINK_CODE_USED':
      return t.usedCode;
    case 'TELEGRAM_ALREADY_LINKED':
      return t.telegramTaken;
    case 'ACCOUNT_ALREADY_LINKED':
      return t.accountTaken;
    case 'VALIDATION_FAILED':
      return t.unknownCode;
    default:
      return null;
  }
}

/**
 * The bot: every command, on grammY. A command for a linked account first asks identity who
 * the Telegram user is (never cached: an unlink on /profile takes effect at the next message).
 */
export function buildBot(o: BotOptions): Bot {
  const bot = new Bot(o.token, { client: { ...(o.apiRoot ? { apiRoot: o.apiRoot } : {}) } });
  const { backend, log } = o;

  /** Runs a command for the linked account, or tells the sender to link first. */
  const forLinked = (run: (ctx: Context, user: LinkedUser, t: Texts) => Promise<unknown>) => async (ctx: Context) => {
    const id = telegramId(ctx);
    const t = textsOf(ctx);
    if (!id) return;
    const user = await backend.linkedUser(id);
    if (!user) return ctx.reply(t.notLinked);
    return run(ctx, user, t);
  };

  bot.command('start', async (ctx) => {
    const id = telegramId(ctx)!;
    const t = textsOf(ctx);
    const code = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    if (!code) {
      const user = await backend.linkedUser(id);
      return ctx.reply(user ? t.welcomeLinked(user.name) : t.welcome(ctx.from?.first_name ?? null));
    }
    try {
      await backend.confirmLink(id, code, ctx.from?.username ?? null);
    } catch (e) {
      const refusal = linkRefusal(t, e);
      if (refusal) return ctx.reply(refusal);
      throw e;
    }
    const user = await backend.linkedUser(id);
    return ctx.reply(t.linked(user?.name ?? ctx.from?.first_name ?? ''));
  });

  bot.command(
    'unlink',
    forLinked(async (ctx, _user, t) => {
      try {
        await backend.unlink(telegramId(ctx)!);
      } catch (e) {
        // unlinked on /profile between the two calls
        if (e instanceof AppError && e.code === 'NOT_LINKED') return ctx.reply(t.notLinked);
        throw e;
      }
      return ctx.reply(t.unlinked);
    }),
  );

  bot.command(
    'courses',
    forLinked(async (ctx, user, t) => {
      const courses = await backend.courses(user);
      return ctx.reply(courses.length ? t.courses(courses) : t.noCourses);
    }),
  );

  bot.command(
    'deadlines',
    forLinked(async (ctx, user, t) => {
      const [lines, zone] = await Promise.all([backend.deadlines(user), backend.timeZone(user)]);
      return ctx.reply(lines.length ? t.deadlines(lines, zone) : t.noDeadlines);
    }),
  );

  bot.command(
    'leaderboard',
    forLinked(async (ctx, user, t) => {
      const board = await backend.leaderboard(user);
      return ctx.reply(t.leaderboard(board.top, board.me));
    }),
  );

  const switchKeyboard = (t: Texts, on: boolean) =>
    new InlineKeyboard().text(on ? t.turnOff : t.turnOn, on ? 'settings:off' : 'settings:on');

  bot.command(
    'settings',
    forLinked(async (ctx, user, t) => {
      const on = await backend.telegramSwitch(user);
      return ctx.reply(t.settings(on), { reply_markup: switchKeyboard(t, on) });
    }),
  );

  bot.callbackQuery(
    /^settings:(on|off)$/,
    forLinked(async (ctx, user, t) => {
      const on = await backend.telegramSwitch(user, ctx.callbackQuery?.data === 'settings:on');
      await ctx.answerCallbackQuery({ text: t.pressed });
      return ctx.editMessageText(t.settingsSaved(on), { reply_markup: switchKeyboard(t, on) });
    }),
  );

  bot.command(
    'quiz',
    forLinked(async (ctx, user, t) => {
      const q = await backend.question(user);
      if (!q) return ctx.reply(t.noQuiz);
      // one option a row (a trailing .row() would leave an empty row, which Telegram refuses)
      const keyboard = InlineKeyboard.from(q.options.map((o, i) => [InlineKeyboard.text(o, `quiz:${q.question_id}:${i}`)]));
      return ctx.reply(t.quizQuestion(q.course_title ?? q.quiz_title, q.quiz_title, q.question_text), { reply_markup: keyboard });
    }),
  );

  bot.callbackQuery(
    /^quiz:([0-9a-f-]{36}):(\d{1,2})$/,
    forLinked(async (ctx, user, t) => {
      const [, questionId, option] = /^quiz:([0-9a-f-]{36}):(\d{1,2})$/.exec(ctx.callbackQuery?.data ?? '') ?? [];
      const graded = await backend.answer(user, questionId!, Number(option));
      await ctx.answerCallbackQuery();
      if (!graded) return ctx.editMessageText(t.quizGone);
      return ctx.editMessageText(
        graded.correct
          ? t.quizCorrect(graded.question_text, graded.answer, graded.explanation)
          : t.quizWrong(graded.question_text, graded.answer, graded.correct_answer || null, graded.explanation),
      );
    }),
  );

  bot.command('help', async (ctx) => {
    const id = telegramId(ctx);
    const t = textsOf(ctx);
    const linked = id ? (await backend.linkedUser(id)) !== null : false;
    return ctx.reply(t.help(linked));
  });

  // anything else: a command the bot does not know, or plain text
  bot.on('message', async (ctx) => {
    const t = textsOf(ctx);
    const id = telegramId(ctx);
    const linked = id ? (await backend.linkedUser(id)) !== null : false;
    return ctx.reply(t.unknownCommand(t.help(linked)));
  });

  bot.catch(async (err) => {
    log.error({ err: err.error, update: err.ctx.update.update_id }, 'telegram update failed');
    await err.ctx.reply(textsOf(err.ctx).unavailable).catch(() => undefined);
  });
  return bot;
}

/** The command menu Telegram shows beside the text field. */
export function commandMenu(t: Texts = textsFor('en')): Array<{ command: string; description: string }> {
  return COMMANDS.map((c) => ({ command: c, description: t.commandDescriptions[c] }));
}
