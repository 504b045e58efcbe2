import { Module } from '@nestjs/common';
import { TelegramService } from './telegram.service.js';

/** Linking a Telegram account with a one-time code. */
@Module({ providers: [TelegramService] })
export class TelegramModule {}
