import { Inject, Injectable } from '@nestjs/common';
import type { ProviderMethod } from '@lp/contracts';
import { ChapaProvider } from './chapa-provider.js';
import { DemoProvider } from './demo-provider.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * Which provider carries a payment method: chapa through Chapa's API when its key is set;
 * everything else (telebirr, M-Pesa, and chapa without a key) through the local demo
 * provider's hosted checkout. telebirr's and M-Pesa's own APIs need merchant certificates
 * and contracts: their adapters plug in here when there are some.
 */
@Injectable()
export class ProviderRegistry {
  constructor(
    @Inject(DemoProvider) readonly demo: DemoProvider,
    @Inject(ChapaProvider) readonly chapa: ChapaProvider,
  ) {}

  forMethod(method: ProviderMethod): PaymentProvider {
    return method === 'chapa' && this.chapa.enabled ? this.chapa : this.demo;
  }

  byName(name: string): PaymentProvider | null {
    if (name === 'demo') return this.demo;
    if (name === 'chapa') return this.chapa.enabled ? this.chapa : null;
    return null;
  }

  reference(provider: PaymentProvider, transactionId: string): string {
    return provider.name === 'demo' ? DemoProvider.newReference() : `lh-${transactionId}`;
  }
}
