import { Inject, Injectable } from '@nestjs/common';
import { billingInternal } from '@lp/contracts';
import { HandlesInternal } from '@lp/service-kit';
import { PaymentsService } from '../payments/payments.service.js';
import { WithdrawalsService } from './withdrawals.service.js';

/** The expiry job's work: overdue provider payments expire, and withdrawals no job settled are paid out. */
@Injectable()
export class MaintenanceService {
  constructor(
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
  ) {}

  @HandlesInternal(billingInternal.expirePending)
  async expirePending(): Promise<{ processed: number }> {
    const expired = await this.payments.expireOverdue();
    return { processed: expired.processed + (await this.withdrawals.sweep()) };
  }
}
