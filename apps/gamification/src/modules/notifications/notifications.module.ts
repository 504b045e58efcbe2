import { Module } from '@nestjs/common';
import { EmailQueue } from '@lp/service-kit';
import { NotificationDeliveries } from './notification-deliveries.js';
import { NotificationsConsumer } from './notifications.consumer.js';
import { NotificationsService } from './notifications.service.js';

/** The notification centre: notifications from events, their deliveries through the worker, the caller's routes (docs/notifications.md). */
@Module({
  providers: [NotificationsService, NotificationDeliveries, NotificationsConsumer, EmailQueue],
  exports: [NotificationsService],
})
export class NotificationsModule {}
