import { Module } from '@nestjs/common';
import { EmailQueue } from '@lp/service-kit';
import { NotificationDeliveries } from './notification-deliveries.js';
import { NotificationReminders } from './notification-reminders.js';
import { RemindersRepository } from './reminders.repository.js';
import { NotificationsConsumer } from './notifications.consumer.js';
import { NotificationsService } from './notifications.service.js';
import { UnsubscribeService } from './unsubscribe.service.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';
import { PushQueue } from './push-hand-over.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';
import { TelegramChannel, TelegramQueue } from './telegram-channel.js';
import { TelegramChatsRepository } from './telegram-chats.repository.js';

/** The notification centre: notifications from events, their deliveries through the worker, the caller's routes (docs/notifications.md). */
@Module({
  providers: [
    NotificationReminders,
    RemindersRepository,
    NotificationsService,
    NotificationDeliveries,
    NotificationsConsumer,
    UnsubscribeLinks,
    UnsubscribeService,
    EmailQueue,
    PushQueue,
    PushSubscriptionsService,
    TelegramQueue,
    TelegramChatsRepository,
    TelegramChannel,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}
