import { JOBS, billingInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { runBillingMaintenance } from './billing-maintenance.js';

/** Provider payments past their life expire (scheduled every minute by the job type). */
export const paymentExpiryJob = defineJob(JOBS.paymentExpiry, (_data, ctx) =>
  runBillingMaintenance(billingInternal.expirePending, ctx, 'pending payments expired'),
);
