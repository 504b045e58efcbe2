import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, institutionInternal, type Caller } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import type { z } from 'zod';
import { billingErrors } from '../../common/billing-errors.js';
import { PaymentItems } from '../payments/payment-items.js';
import type { ItemQuote, PaymentItemKind } from '../payments/payment-item.js';

type TierPricing = z.infer<typeof institutionInternal.tierPricing.response>;

/**
 * An institution's tier upgrade for sale: the item is the upgrade institution recorded, and
 * institution says its amount (the tier's monthly or yearly price, in ETB) to the admin who
 * started it, while it waits for a payment. All of it is the platform's (no recipient).
 * Institution changes the tier on billing.payment.completed.
 */
@Injectable()
export class InstitutionTierItem implements PaymentItemKind, OnModuleInit {
  readonly itemType = 'institution_tier' as const;

  constructor(
    @Inject(PaymentItems) private readonly items: PaymentItems,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  onModuleInit(): void {
    this.items.register(this);
  }

  async quote(upgradeId: string, caller: Caller): Promise<ItemQuote> {
    let upgrade: TierPricing;
    try {
      upgrade = await this.rpc.request(institutionInternal.tierPricing.subject, { item_id: upgradeId, user_id: caller.userId });
    } catch (e) {
      if (AppError.isAppError(e) && e.status === 404) throw billingErrors.itemNotFound('Tier upgrade');
      throw e;
    }
    if (upgrade.status !== 'pending') throw billingErrors.notForSale('This tier upgrade is not waiting for a payment');
    return {
      amountMinor: upgrade.amount_minor,
      currency: upgrade.currency,
      description: `Institution tier: ${upgrade.title}`,
      recipient: null,
      feePercent: 0,
      details: { institution_id: upgrade.institution_id, tier_name: upgrade.tier_name, billing_cycle: upgrade.billing_cycle },
    };
  }
}
