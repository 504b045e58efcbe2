import { Inject, Injectable } from '@nestjs/common';
import type { ProviderMethod } from '@lp/contracts';
import { ENV } from '@lp/service-kit';
import { resolveProviders, type BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import { ChapaProvider } from './chapa-provider.js';
import { DemoProvider } from './demo-provider.js';
import { MpesaProvider } from './mpesa-provider.js';
import { TelebirrProvider } from './telebirr-provider.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * Which provider carries a payment method, as configured (PAYMENT_PROVIDER_<METHOD>,
 * billing-env.ts): the local demo checkout, or the method's own API (Chapa, telebirr's web
 * checkout, M-Pesa's STK push). A method with no provider is unavailable (422). Production
 * never has the demo: the settings refuse it at boot.
 */
@Injectable()
export class ProviderRegistry {
  private readonly byProviderName: Record<PaymentProvider['name'], PaymentProvider>;
  /** the provider of each method; null: unavailable */
  readonly configured: ReturnType<typeof resolveProviders>;

  constructor(
    @Inject(ENV) env: BillingEnv,
    @Inject(DemoProvider) readonly demo: DemoProvider,
    @Inject(ChapaProvider) chapa: ChapaProvider,
    @Inject(TelebirrProvider) telebirr: TelebirrProvider,
    @Inject(MpesaProvider) mpesa: MpesaProvider,
  ) {
    this.byProviderName = { demo, chapa, telebirr, mpesa };
    this.configured = resolveProviders(env);
  }

  /** The method's provider; 422 PAYMENT_METHOD_UNAVAILABLE when none is configured. */
  forMethod(method: ProviderMethod): PaymentProvider {
    const name = this.configured[method];
    if (!name) throw billingErrors.methodUnavailable(METHOD_LABELS[method]);
    return this.byProviderName[name];
  }

  /** A provider by its name, when some method is carried by it (webhooks, re-verification). */
  byName(name: string): PaymentProvider | null {
    if (!(Object.values(this.configured) as Array<string | null>).includes(name)) return null;
    return this.byProviderName[name as PaymentProvider['name']] ?? null;
  }

  /** Whether the demo checkout carries any method (else its page and confirm answer 404). */
  get demoInUse(): boolean {
    return Object.values(this.configured).includes('demo');
  }

  /** Our reference at the provider (telebirr's merch_order_id takes letters and digits only). */
  reference(provider: PaymentProvider, transactionId: string): string {
    if (provider.name === 'demo') return DemoProvider.newReference();
    return provider.name === 'telebirr' ? `lh${transactionId.replace(/-/g, '')}` : `lh-${transactionId}`;
  }
}

const METHOD_LABELS: Record<ProviderMethod, string> = { chapa: 'Chapa', telebirr: 'telebirr', mpesa: 'M-Pesa' };
