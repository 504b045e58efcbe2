import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, mentoringInternal, type Caller, type SessionPricingResponse } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { ENV } from '@lp/service-kit';
import type { z } from 'zod';
import type { BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import { PaymentItems } from '../payments/payment-items.js';
import type { ItemQuote, PaymentItemKind } from '../payments/payment-item.js';

/**
 * Mentoring sessions for sale: mentoring says the amount (hours x the mentor's hourly rate,
 * in the mentor's currency) of a session its learner booked and has not paid yet; the mentor
 * receives it minus the platform's session fee. Mentoring confirms the session on
 * billing.payment.completed.
 */
@Injectable()
export class SessionItem implements PaymentItemKind, OnModuleInit {
  readonly itemType = 'session' as const;

  constructor(
    @Inject(PaymentItems) private readonly items: PaymentItems,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ENV) private readonly env: BillingEnv,
  ) {}

  onModuleInit(): void {
    this.items.register(this);
  }

  async quote(sessionId: string, caller: Caller): Promise<ItemQuote> {
    let session: z.infer<typeof SessionPricingResponse>;
    try {
      session = await this.rpc.request(mentoringInternal.sessionPricing.subject, { session_id: sessionId, user_id: caller.userId });
    } catch (e) {
      if (AppError.isAppError(e) && e.status === 404) throw billingErrors.itemNotFound('Session');
      throw e;
    }
    if (session.status !== 'scheduled') throw billingErrors.notForSale('This session is not waiting for a payment');
    return {
      amountMinor: session.amount_minor,
      currency: session.currency,
      description: `Mentoring session: ${session.title}`,
      recipient: { id: session.mentor_id, type: 'mentor' },
      feePercent: this.env.PLATFORM_FEE_SESSION_PERCENT,
    };
  }
}
