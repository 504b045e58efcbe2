import { describe, expect, it } from '@jest/globals';
import { parseEnv } from '@lp/service-kit';
import { botMode, DOUBLE_TOKEN, TelegramBotEnvSchema } from './telegram-bot-env.js';

const TOKEN = '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const SECRET = 'a'.repeat(32);

describe('the bot settings', () => {
  it('talks to the local double without a token outside production', () => {
    const e = parseEnv(TelegramBotEnvSchema, { NODE_ENV: 'development' });
    expect(botMode(e)).toEqual({ kind: 'double', token: DOUBLE_TOKEN });
    expect(botMode(parseEnv(TelegramBotEnvSchema, { NODE_ENV: 'test', TELEGRAM_API_ROOT: 'http://127.0.0.1:9' }))).toEqual({
      kind: 'double',
      token: DOUBLE_TOKEN,
      apiRoot: 'http://127.0.0.1:9',
    });
  });
  it('talks to Telegram with a token', () => {
    expect(botMode(parseEnv(TelegramBotEnvSchema, { NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: TOKEN }))).toEqual({
      kind: 'telegram',
      token: TOKEN,
    });
  });
  it('refuses production without a token, and a token that is not one', () => {
    expect(() => parseEnv(TelegramBotEnvSchema, {})).toThrow(/TELEGRAM_BOT_TOKEN: must be set in production/);
    expect(() => parseEnv(TelegramBotEnvSchema, { NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: '' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => parseEnv(TelegramBotEnvSchema, { NODE_ENV: 'development', TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(/@BotFather/);
  });
  it('refuses a webhook without its secret, a short secret and a webhook that is not HTTPS', () => {
    const base = { NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: TOKEN };
    expect(() => parseEnv(TelegramBotEnvSchema, { ...base, TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg' })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET: must be set with TELEGRAM_WEBHOOK_URL/,
    );
    expect(() =>
      parseEnv(TelegramBotEnvSchema, { ...base, TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg', TELEGRAM_WEBHOOK_SECRET: 'short' }),
    ).toThrow(/TELEGRAM_WEBHOOK_SECRET: must be 32 to 256/);
    expect(() =>
      parseEnv(TelegramBotEnvSchema, { ...base, TELEGRAM_WEBHOOK_URL: 'http://bot.example.com/tg', TELEGRAM_WEBHOOK_SECRET: SECRET }),
    ).toThrow(/TELEGRAM_WEBHOOK_URL: must be an https:\/\/ URL/);
    expect(
      parseEnv(TelegramBotEnvSchema, { ...base, TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg', TELEGRAM_WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/tg', TELEGRAM_WEBHOOK_PORT: 8443 });
  });
  it('a webhook needs a real bot', () => {
    expect(() =>
      parseEnv(TelegramBotEnvSchema, {
        NODE_ENV: 'development',
        TELEGRAM_WEBHOOK_URL: 'https://x.example.com/tg',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      }),
    ).toThrow(/TELEGRAM_BOT_TOKEN: a webhook needs a real bot/);
  });
});
