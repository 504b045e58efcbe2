import { bootstrapService } from '@lp/service-kit';
import { TelegramBotModule } from './app.module.js';

await bootstrapService(TelegramBotModule.create());
