import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { webhookCallback, type Bot } from 'grammy';
import { RpcClient } from '@lp/bus';
import { ENV, LOGGER, type Logger } from '@lp/service-kit';
import { botMode, type TelegramBotEnv } from '../config/telegram-bot-env.js';
import { BotApiDouble } from '../dev/bot-api-double.js';
import { RpcBotBackend } from './bot-backend.js';
import { buildBot, commandMenu } from './commands.js';

/**
 * Runs the bot: against Telegram with a token, else against a double of the Bot API (the
 * given TELEGRAM_API_ROOT, or one it starts on loopback: development only, the settings refuse
 * production without a token). Updates by webhook when TELEGRAM_WEBHOOK_URL is set (each
 * request must carry the secret token), else by long polling.
 */
@Injectable()
export class BotRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private bot: Bot | null = null;
  private double: BotApiDouble | null = null;
  private webhook: Server | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    @Inject(ENV) private readonly env: TelegramBotEnv,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const mode = botMode(this.env);
    let apiRoot = mode.apiRoot;
    if (mode.kind === 'double' && !apiRoot) {
      this.double = new BotApiDouble();
      apiRoot = await this.double.start(this.env.TELEGRAM_DOUBLE_PORT);
      this.log.info(
        {
          chat: `${apiRoot}/`,
          send: `curl -X POST ${apiRoot}/_double/users/424242/messages -H 'content-type: application/json' -d '{"text":"/help"}'`,
        },
        'no TELEGRAM_BOT_TOKEN: the bot talks to the local double of the Bot API',
      );
    }
    const bot = buildBot({ token: mode.token, ...(apiRoot ? { apiRoot } : {}), backend: new RpcBotBackend(this.rpc), log: this.log });
    this.bot = bot;
    await bot.init();
    await bot.api.setMyCommands(commandMenu());
    if (this.env.TELEGRAM_WEBHOOK_URL) return this.listenWebhook(bot, this.env.TELEGRAM_WEBHOOK_URL, this.env.TELEGRAM_WEBHOOK_SECRET!);
    this.polling = bot.start({ onStart: (me) => this.log.info({ bot: me.username, mode: mode.kind }, 'bot polling for updates') });
    this.polling.catch((e: unknown) => this.log.error({ err: e }, 'bot polling stopped'));
  }

  private async listenWebhook(bot: Bot, url: string, secret: string): Promise<void> {
    // grammY answers 401 to an update without the secret Telegram was given in setWebhook
    const handle = webhookCallback(bot, 'http', { secretToken: secret });
    this.webhook = createServer((req, res) => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://bot').pathname !== new URL(url).pathname) {
        res.writeHead(404).end();
        return;
      }
      void handle(req, res);
    });
    await new Promise<void>((done) => this.webhook!.listen(this.env.TELEGRAM_WEBHOOK_PORT, done));
    await bot.api.setWebhook(url, { secret_token: secret, allowed_updates: ['message', 'callback_query'] });
    this.log.info({ url }, 'bot receiving updates by webhook');
  }

  /** The Bot API client (the notification sender's way out), once the bot started. */
  api(): Bot['api'] {
    if (!this.bot) throw new Error('the bot has not started');
    return this.bot.api;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.bot?.isRunning()) await this.bot.stop().catch(() => undefined);
    await this.polling?.catch(() => undefined);
    if (this.webhook) await new Promise<void>((done) => this.webhook!.close(() => done()));
    await this.double?.stop();
  }
}
