import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { PlansService } from './plans.service.js';

/** Pricing plans: the admin's CRUD and the plans a subscriber chooses from. */
@Module({ imports: [SubscriptionsModule], providers: [PlansService] })
export class PlansModule {}
