import { Inject, Injectable } from '@nestjs/common';
import { billingRoutes, money, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Handles } from '@lp/service-kit';
import { DemoProvider } from '../providers/demo-provider.js';

type R = typeof billingRoutes;

/**
 * The demo provider's hosted checkout page, served by the platform in the provider's place:
 * what is being paid, and the payer's pay or cancel (after which the provider sends its
 * signed webhook).
 */
@Injectable()
export class DemoCheckoutService {
  constructor(@Inject(DemoProvider) private readonly demo: DemoProvider) {}

  @Handles(billingRoutes.demoCheckout)
  async checkoutPage({ params }: RouteInput<R['demoCheckout']>): Promise<RouteOutput<R['demoCheckout']>> {
    const c = await this.demo.checkout(params.reference);
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
    const c = await this.demo.act(params.reference, body.action);
    return { status: c.status === 'paid' ? 'paid' : 'cancelled', return_url: c.returnUrl };
  }
}
