import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { billingRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Handles } from '@lp/service-kit';
import { WebhookReceiptEntity } from '../../entities/webhook-receipt.entity.js';
import { billingErrors } from '../../common/billing-errors.js';
import { TransactionsRepository } from '../ledger/transactions.repository.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import { DemoProvider } from '../providers/demo-provider.js';
import { PaymentsService } from './payments.service.js';

type R = typeof billingRoutes;

/**
 * A provider's webhook: the signature must hold over the exact bytes received (else 401 and
 * nothing happens); then the payment is settled on what the provider itself answers to
 * verify, compared with our amount and currency. A replay finds the payment settled and
 * changes nothing; every verified webhook is kept as a receipt.
 */
@Injectable()
export class WebhookService implements OnModuleInit {
  private readonly log = new Logger('webhooks');

  constructor(
    @Inject(ProviderRegistry) private readonly providers: ProviderRegistry,
    @Inject(DemoProvider) private readonly demo: DemoProvider,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  /** the table's repository on the service's connection */
  private get receipts(): Repository<WebhookReceiptEntity> {
    return this.ds.getRepository(WebhookReceiptEntity);
  }

  onModuleInit(): void {
    this.demo.deliverWebhooksTo((raw, headers) => this.receive('demo', raw, headers));
  }

  @Handles(billingRoutes.webhook)
  async handle({ params, body, headers }: RouteInput<R['webhook']>): Promise<RouteOutput<R['webhook']>> {
    return this.receive(params.provider, body, headers);
  }

  async receive(providerName: string, rawBody: string, headers: Record<string, string | undefined>): Promise<RouteOutput<R['webhook']>> {
    const provider = this.providers.byName(providerName);
    if (!provider) throw billingErrors.methodUnavailable(providerName);
    let notice: { reference: string } | null;
    try {
      notice = provider.readWebhook(rawBody, headers);
    } catch {
      notice = null; // a body that is not JSON under a valid signature is no notice either
    }
    if (!notice) throw billingErrors.badSignature();
    const payment = await this.transactions.findByProviderRef(provider.name, notice.reference);
    let outcome: string;
    if (!payment) outcome = 'unknown_reference';
    else outcome = await this.payments.settleFromProvider(provider, payment);
    await this.receipts.insert({ provider: provider.name, providerRef: notice.reference, outcome, payload: safeJson(rawBody) as object });
    if (outcome === 'mismatch') throw billingErrors.amountMismatch();
    if (outcome === 'unknown_reference')
      this.log.warn({ provider: provider.name, reference: notice.reference }, 'signed webhook for no payment of ours');
    return { received: true, status: outcome };
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { raw: raw.slice(0, 2000) };
  }
}
