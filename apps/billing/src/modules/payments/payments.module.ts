import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/providers.module.js';
import { PaymentsService } from './payments.service.js';
import { WebhookService } from './webhook.service.js';
import { DemoCheckoutService } from './demo-checkout.service.js';

/** Paying for things, provider checkouts (the demo provider's page too) and their webhooks, expiry, re-verification and refunds. */
@Module({ imports: [ProvidersModule], providers: [PaymentsService, WebhookService, DemoCheckoutService], exports: [PaymentsService] })
export class PaymentsModule {}
