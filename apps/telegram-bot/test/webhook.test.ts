import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer } from 'node:net';
import { BotHarness } from './support/bot-harness.js';

jest.setTimeout(60_000);

const SECRET = 'webhook-secret-0123456789-abcdefghijkl';
let h: BotHarness;
let port: number;

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => done(p));
    });
  });

beforeAll(async () => {
  port = await freePort();
  h = await BotHarness.start(
    {},
    {
      TELEGRAM_BOT_TOKEN: '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.test/telegram/hook',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_WEBHOOK_PORT: String(port),
    },
  );
});
afterAll(async () => {
  await h?.stop();
});

const update = (chat: number, text: string) => ({
  update_id: Math.floor(Math.random() * 1e9),
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    chat: { id: chat, type: 'private', first_name: 'Web' },
    from: { id: chat, is_bot: false, first_name: 'Web' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: text.length }],
  },
});
const post = (path: string, body: unknown, secret?: string) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
    body: JSON.stringify(body),
  });

describe('webhook mode (TELEGRAM_WEBHOOK_URL)', () => {
  it('registers the webhook with its secret token (and does not drop it for long polling)', () => {
    const set = h.double.calls.find((c) => c.method === 'setWebhook');
    expect(set?.params).toMatchObject({ url: 'https://bot.example.test/telegram/hook', secret_token: SECRET });
    expect(h.double.calls.some((c) => c.method === 'deleteWebhook')).toBe(false);
  });

  it('refuses an update without the secret, or with another, and answers one that carries it', async () => {
    const chat = 880_001;
    expect((await post('/telegram/hook', update(chat, '/start'))).status).toBe(401);
    expect((await post('/telegram/hook', update(chat, '/start'), 'another-secret-0123456789-abcdefghijk')).status).toBe(401);
    expect((await post('/elsewhere', update(chat, '/start'), SECRET)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.double.messagesTo(chat)).toEqual([]);
    expect((await post('/telegram/hook', update(chat, '/start'), SECRET)).status).toBe(200);
    expect((await h.double.waitForMessage(chat)).text).toMatch(/^Welcome to LearnHub, Web!/);
  });
});
