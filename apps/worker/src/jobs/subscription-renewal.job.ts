import { JOBS, billingInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { runBillingMaintenance } from './billing-maintenance.js';

/** Subscriptions at their period end renew from the wallet, fall past due or expire (every 10 minutes). */
export const subscriptionRenewalJob = defineJob(JOBS.subscriptionRenewal, (_data, ctx) =>
  runBillingMaintenance(billingInternal.renewSubscriptions, ctx, 'subscriptions renewed, past due or expired'),
);
