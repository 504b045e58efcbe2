import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatPage } from './chat-page.js';

/**
 * A local double of the Telegram Bot API: the methods the bot uses, answered the way Telegram
 * answers them (`{ ok, result }`, `{ ok: false, error_code, description }`), and a side door
 * through which a pretend Telegram user writes to the bot and reads what it answered. The bot
 * is a real Bot API client against it (grammY with `client.apiRoot`), so the tests and
 * `npm start` without a token exercise the same HTTP the bot speaks to Telegram.
 * Development and tests only: it listens on loopback, and the bot never starts it in production.
 */

export interface DoubleUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

/** A message the bot sent (or edited) into a chat, as the side door shows it. */
export interface BotMessage {
  message_id: number;
  chat_id: number;
  text: string;
  reply_markup?: { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> };
  edited: boolean;
  date: number;
}

interface Update {
  update_id: number;
  message?: Record<string, unknown>;
  callback_query?: Record<string, unknown>;
}

interface Waiter {
  offset: number;
  done: (updates: Update[]) => void;
  timer: NodeJS.Timeout;
}

const BOT = { id: 1000, is_bot: true, first_name: 'LearnHub', username: 'learnhub_local_bot' };
/** Telegram keeps an unconfirmed update 24 h; the double keeps the last ones only */
const KEEP_UPDATES = 500;

export class BotApiDouble {
  private server: Server | null = null;
  private updates: Update[] = [];
  private nextUpdateId = 1;
  private nextMessageId = 1;
  private readonly waiters = new Set<Waiter>();
  private readonly messages: BotMessage[] = [];
  /** what the bot did besides messages: answered callbacks, its command list, webhook calls */
  readonly calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  private listeners = new Set<() => void>();

  /** Starts on loopback, always (anyone who reaches it can speak as any Telegram user); port 0 takes a free one. */
  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done, fail) => {
      this.server!.once('error', fail);
      this.server!.listen(port, '127.0.0.1', () => done());
    });
    return this.url;
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | null;
    if (!a) throw new Error('the double is not listening');
    return `http://${a.address}:${a.port}`;
  }

  async stop(): Promise<void> {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.done([]);
    }
    this.waiters.clear();
    if (!this.server) return;
    const s = this.server;
    this.server = null;
    s.closeAllConnections();
    await new Promise<void>((done) => s.close(() => done()));
  }

  // ------------------------------------------------------------------ the side door

  /** A Telegram user writes to the bot in their private chat; a leading /command is marked as Telegram marks it. */
  sendText(from: DoubleUser, text: string): { update_id: number; message_id: number } {
    const message_id = this.nextMessageId++;
    const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    const message = {
      message_id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: from.first_name, ...(from.username ? { username: from.username } : {}) },
      from: { is_bot: false, ...from },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    };
    return { update_id: this.push({ message }), message_id };
  }

  /** A Telegram user presses an inline-keyboard button under one of the bot's messages. */
  pressButton(from: DoubleUser, messageId: number, data: string): { update_id: number } {
    const sent = this.messages.find((m) => m.message_id === messageId && m.chat_id === from.id);
    if (!sent) throw new Error(`no message ${messageId} of the bot in chat ${from.id}`);
    const callback_query = {
      id: `cb${this.nextUpdateId}`,
      from: { is_bot: false, ...from },
      chat_instance: String(from.id),
      data,
      message: {
        message_id: messageId,
        date: sent.date,
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from: BOT,
        text: sent.text,
      },
    };
    return { update_id: this.push({ callback_query }) };
  }

  /** The bot's messages in one chat, oldest first (an edited message shows its last text). */
  messagesTo(chatId: number): BotMessage[] {
    return this.messages.filter((m) => m.chat_id === chatId);
  }

  /** Resolves with the first message to the chat after `after` that matches, or fails after timeoutMs. */
  async waitForMessage(chatId: number, opts: { after?: number; timeoutMs?: number; edited?: boolean } = {}): Promise<BotMessage> {
    const after = opts.after ?? 0;
    const until = Date.now() + (opts.timeoutMs ?? 5000);
    const find = () =>
      this.messages.find((m) => m.chat_id === chatId && (opts.edited ? m.edited && m.message_id >= after : m.message_id > after));
    for (;;) {
      const m = find();
      if (m) return m;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`the bot sent nothing to chat ${chatId} within ${opts.timeoutMs ?? 5000} ms`);
      await new Promise<void>((done) => {
        const t = setTimeout(done, left);
        const l = () => {
          clearTimeout(t);
          this.listeners.delete(l);
          done();
        };
        this.listeners.add(l);
      });
    }
  }

  /** The highest message id so far: a test's "after this point". */
  get lastMessageId(): number {
    return this.nextMessageId - 1;
  }

  // ------------------------------------------------------------------ HTTP

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://double');
      const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (api) return this.reply(res, 200, await this.method(api[2]!, { ...Object.fromEntries(url.searchParams), ...(await body(req)) }));
      if (url.pathname.startsWith('/_double/')) return this.sideDoor(req, res, url);
      if (url.pathname === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(chatPage());
        return;
      }
      this.reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    } catch (e) {
      this.reply(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  /** /_double/users/<id>/messages (POST {text}), /_double/users/<id>/presses (POST {message_id, data}), /_double/chats/<id> (GET ?after=) */
  private async sideDoor(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const user = /^\/_double\/users\/(\d+)\/(messages|presses)$/.exec(url.pathname);
    if (user && req.method === 'POST') {
      const b = await body(req);
      const from: DoubleUser = {
        id: Number(user[1]),
        first_name: typeof b.first_name === 'string' && b.first_name ? b.first_name : 'Test',
        ...(typeof b.username === 'string' && b.username ? { username: b.username } : {}),
      };
      if (user[2] === 'messages') {
        if (typeof b.text !== 'string' || !b.text) return this.reply(res, 400, { ok: false, description: 'text is required' });
        return this.reply(res, 200, { ok: true, result: this.sendText(from, b.text) });
      }
      if (typeof b.data !== 'string') return this.reply(res, 400, { ok: false, description: 'data is required' });
      return this.reply(res, 200, { ok: true, result: this.pressButton(from, Number(b.message_id), b.data) });
    }
    const chat = /^\/_double\/chats\/(\d+)$/.exec(url.pathname);
    if (chat && req.method === 'GET') {
      const after = Number(url.searchParams.get('after') ?? 0);
      return this.reply(res, 200, { ok: true, result: this.messagesTo(Number(chat[1])).filter((m) => m.message_id > after || m.edited) });
    }
    this.reply(res, 404, { ok: false, description: 'Not Found' });
  }

  private async method(name: string, p: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'getMe':
        return { ok: true, result: BOT };
      case 'getUpdates':
        return { ok: true, result: await this.getUpdates(Number(p.offset ?? 0), Number(p.timeout ?? 0)) };
      case 'sendMessage':
        return { ok: true, result: this.record(p) };
      case 'editMessageText':
        return this.edit(p);
      case 'answerCallbackQuery':
      case 'setMyCommands':
      case 'setWebhook':
      case 'deleteWebhook':
        this.calls.push({ method: name, params: p });
        return { ok: true, result: true };
      default:
        return { ok: false, error_code: 404, description: 'Not Found: method not found' };
    }
  }

  private record(p: Record<string, unknown>): Record<string, unknown> {
    const chatId = Number(p.chat_id);
    if (!Number.isSafeInteger(chatId) || typeof p.text !== 'string' || !p.text) throw new Error('chat_id and text are required');
    const m: BotMessage = {
      message_id: this.nextMessageId++,
      chat_id: chatId,
      text: p.text,
      ...(p.reply_markup ? { reply_markup: parseMaybe(p.reply_markup) as BotMessage['reply_markup'] } : {}),
      edited: false,
      date: Math.floor(Date.now() / 1000),
    };
    this.messages.push(m);
    this.notify();
    return { message_id: m.message_id, date: m.date, chat: { id: chatId, type: 'private' }, from: BOT, text: m.text };
  }

  private edit(p: Record<string, unknown>): unknown {
    const m = this.messages.find((x) => x.chat_id === Number(p.chat_id) && x.message_id === Number(p.message_id));
    if (!m) return { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' };
    if (typeof p.text !== 'string' || !p.text) throw new Error('text is required');
    m.text = p.text;
    m.edited = true;
    if (p.reply_markup) m.reply_markup = parseMaybe(p.reply_markup) as BotMessage['reply_markup'];
    else delete m.reply_markup;
    this.notify();
    return { ok: true, result: { message_id: m.message_id, date: m.date, chat: { id: m.chat_id, type: 'private' }, text: m.text } };
  }

  /** Long polling as Telegram does it: confirmed updates (below offset) are forgotten; none pending: wait up to timeout s. */
  private getUpdates(offset: number, timeoutS: number): Promise<Update[]> {
    if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    const pending = this.updates.filter((u) => u.update_id >= offset);
    if (pending.length || timeoutS <= 0 || !this.server) return Promise.resolve(pending);
    return new Promise((done) => {
      const w: Waiter = {
        offset,
        done,
        timer: setTimeout(() => {
          this.waiters.delete(w);
          done([]);
        }, timeoutS * 1000),
      };
      this.waiters.add(w);
    });
  }

  private push(u: Omit<Update, 'update_id'>): number {
    const update = { update_id: this.nextUpdateId++, ...u };
    this.updates.push(update);
    if (this.updates.length > KEEP_UPDATES) this.updates.splice(0, this.updates.length - KEEP_UPDATES);
    for (const w of [...this.waiters]) {
      clearTimeout(w.timer);
      this.waiters.delete(w);
      w.done(this.updates.filter((x) => x.update_id >= w.offset));
    }
    return update.update_id;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  private reply(res: ServerResponse, status: number, payload: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }
}

function parseMaybe(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') return {};
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return JSON.parse(raw) as Record<string, unknown>;
}
