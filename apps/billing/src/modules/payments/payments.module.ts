import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/providers.module.js';
import { PaymentsService } from './payments.service.js';
import { WebhookService } from './webhook.service.js';

/** Paying for things, provider checkouts and their webhooks, expiry, re-verification and refunds. */
@Module({ imports: [ProvidersModule], providers: [PaymentsService, WebhookService], exports: [PaymentsService] })
export class PaymentsModule {}
