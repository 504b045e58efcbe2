import { Inject, Injectable } from '@nestjs/common';
import { JOBS } from '@lp/contracts';
import { ENV, JobProducer } from '@lp/service-kit';
import type { BillingEnv } from '../../config/billing-env.js';

/** Billing's side of the payout jobs (JOBS.withdrawalPayout); the job id is the withdrawal's id. */
@Injectable()
export class WithdrawalQueue extends JobProducer<typeof JOBS.withdrawalPayout> {
  constructor(@Inject(ENV) env: BillingEnv) {
    super(JOBS.withdrawalPayout, env);
  }
}
