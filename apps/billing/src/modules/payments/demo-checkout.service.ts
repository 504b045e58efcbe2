import { Inject, Injectable } from '@nestjs/common';
import { billingRoutes, money, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Handles, currentCaller } from '@lp/service-kit';
import { billingErrors } from '../../common/billing-errors.js';
import { DemoProvider } from '../providers/demo-provider.js';
import { ProviderRegistry } from '../providers/provider-registry.js';

type R = typeof billingRoutes;

/**
 * The demo provider's hosted checkout page, served by the platform in the provider's place:
 * what is being paid, and the payer's pay or cancel (after which the provider sends its
 * signed webhook). Both need the payer's own session (guard 'any' at the gateway, the payer
 * checked here): anyone else, signed in or holding the reference, gets 404 as for a checkout
 * that does not exist. With no method on the demo (never in production) there is no page.
 */
@Injectable()
export class DemoCheckoutService {
  constructor(
    @Inject(DemoProvider) private readonly demo: DemoProvider,
    @Inject(ProviderRegistry) private readonly providers: ProviderRegistry,
  ) {}

  @Handles(billingRoutes.demoCheckout)
  async checkoutPage({ params }: RouteInput<R['demoCheckout']>): Promise<RouteOutput<R['demoCheckout']>> {
    if (!this.providers.demoInUse) throw billingErrors.paymentNotFound();
    const c = await this.demo.checkout(params.reference, currentCaller().userId);
    return {
      reference: c.reference,
      provider: c.method as 'chapa' | 'telebirr' | 'mpesa',
      description: c.description,
      status: c.shownStatus,
      return_url: c.returnUrl,
      ...money(c.amountMinor, c.currency as Currency),
    };
  }

  @Handles(billingRoutes.demoCheckoutAct)
  async checkoutAct({ params, body }: RouteInput<R['demoCheckoutAct']>): Promise<RouteOutput<R['demoCheckoutAct']>> {
    if (!this.providers.demoInUse) throw billingErrors.paymentNotFound();
    const c = await this.demo.act(params.reference, body.action, currentCaller().userId);
    return { status: c.status === 'paid' ? 'paid' : 'cancelled', return_url: c.returnUrl };
  }
}
