import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@lp/service-kit';
import { TelegramBotEnvSchema } from './config/telegram-bot-env.js';
import { BotRunner } from './bot/bot-runner.service.js';
import { NotificationSender } from './bot/notification-sender.service.js';

/** The Telegram bot: no database, no route subjects; the Bot API on one side, bus-only subjects on the other. */
@Module({})
export class TelegramBotModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: TelegramBotModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'telegram-bot',
          database: false,
          entities: [],
          migrations: [],
          envSchema: TelegramBotEnvSchema,
          ...(env ? { env } : {}),
        }),
      ],
      providers: [BotRunner, NotificationSender],
    };
  }
}
