import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { identityRoutes, type AnyRoute, type Caller, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { TokenService } from '@lp/auth';
// the bot against the real services it reads from, as deployed: each on the bus
import { IdentityModule } from '../../../identity/src/app.module.js';
import { TelegramBotModule } from '../../src/app.module.js';
import { BotApiDouble, type BotMessage, type DoubleUser } from '../../src/dev/bot-api-double.js';

export interface Account {
  userId: string;
  caller: Caller;
  name: string;
}

/** identity (and the services a test asks for), the Bot API double, and the bot polling it. */
export class BotHarness {
  private nextTelegramId = 700_000 + Math.floor(Math.random() * 100_000);

  private constructor(
    readonly env: Record<string, string>,
    readonly double: BotApiDouble,
    readonly services: Record<string, TestService>,
    readonly bot: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async start(
    more: Record<string, (env: Record<string, string>) => DynamicModule> = {},
    extraEnv: Record<string, string> = {},
  ): Promise<BotHarness> {
    const double = new BotApiDouble();
    const apiRoot = await double.start();
    const env = testEnv({ TELEGRAM_API_ROOT: apiRoot, PUBLIC_URL: 'http://learnhub.test', ...extraEnv });
    const services: Record<string, TestService> = {};
    const started: TestService[] = [];
    try {
      services.identity = await startTestService(IdentityModule.create(env), env);
      started.push(services.identity);
      for (const [name, make] of Object.entries(more)) {
        services[name] = await startTestService(make(env), env);
        started.push(services[name]);
      }
      const bot = await startTestService(TelegramBotModule.create(env), env);
      const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'test' });
      return new BotHarness(env, double, services, bot, new RpcClient(nc, env.BUS_PREFIX!), nc);
    } catch (e) {
      for (const s of started.reverse()) await s.stop().catch(() => undefined);
      await double.stop();
      throw e;
    }
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await this.bot.stop();
    for (const s of Object.values(this.services).reverse()) await s.stop();
    await this.double.stop();
  }

  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  async register(name = 'Ada Lovelace', role: 'learner' | 'instructor' | 'mentor' = 'learner'): Promise<Account> {
    const { token, user } = await this.call(identityRoutes.register, {
      body: { name, email: `bot-${randomUUID().slice(0, 12)}@example.com`, password: 'secret-pass-1', role },
    });
    return { userId: user.id, caller: new TokenService(this.env.JWT_SECRET!).verify(token).caller, name };
  }

  telegramUser(first_name = 'Ada', language_code?: string): DoubleUser {
    return {
      id: this.nextTelegramId++,
      first_name,
      username: `${first_name.toLowerCase()}_${this.nextTelegramId}`,
      ...(language_code ? { language_code } : {}),
    };
  }

  /** Writes to the bot as the Telegram user and waits for its (next) answer. */
  async say(from: DoubleUser, text: string): Promise<BotMessage> {
    const after = this.double.lastMessageId;
    this.double.sendText(from, text);
    return this.double.waitForMessage(from.id, { after, timeoutMs: 8000 });
  }

  /** Presses a button of a bot message and waits for the message to be edited (or a new one). */
  async press(from: DoubleUser, message: BotMessage, data: string): Promise<BotMessage> {
    const after = this.double.lastMessageId;
    const before = message.text;
    this.double.pressButton(from, message.message_id, data);
    const until = Date.now() + 8000;
    for (;;) {
      const now = this.double
        .messagesTo(from.id)
        // the pressed message edited, or a new one; a new copy of the pressed message itself is not the answer (a
        // command's update handed to the bot twice under load is answered twice)
        .find((m) => m.text !== before && (m.message_id === message.message_id || m.message_id > after));
      if (now) return now;
      if (Date.now() > until) throw new Error('the bot did not answer the press');
      await new Promise((r) => setTimeout(r, 30));
    }
  }

  /** A code from /profile (POST /telegram/generate-link-code) for the account. */
  async linkCode(a: Account): Promise<string> {
    return (await this.call(identityRoutes.telegramGenerateLinkCode, {}, a.caller)).code;
  }

  /** Links the account to a new Telegram user through the bot, as a person would. */
  async linked(a: Account): Promise<DoubleUser> {
    const tg = this.telegramUser(a.name.split(' ')[0]);
    const reply = await this.say(tg, `/start ${await this.linkCode(a)}`);
    if (!reply.text.startsWith('Done')) throw new Error(`linking failed: ${reply.text}`);
    return tg;
  }
}
