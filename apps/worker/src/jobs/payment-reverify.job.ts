import { JOBS, billingInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { runBillingMaintenance } from './billing-maintenance.js';

/** Stale pending provider payments are asked about at their provider: a lost webhook still completes them (every 2 minutes). */
export const paymentReverifyJob = defineJob(JOBS.paymentReverify, (_data, ctx) =>
  runBillingMaintenance(billingInternal.reverifyPending, ctx, 'pending payments settled after asking their provider'),
);
