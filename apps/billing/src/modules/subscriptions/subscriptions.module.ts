import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { RenewalsService } from './renewals.service.js';
import { SubscriptionItem } from './subscription-item.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions: buying a plan (a kind of payment item), the current one and its usage, cancelling, and the renewal job's work. */
@Module({
  imports: [PaymentsModule],
  providers: [SubscriptionsService, SubscriptionItem, SubscriptionLifecycle, RenewalsService],
  exports: [SubscriptionLifecycle],
})
export class SubscriptionsModule {}
