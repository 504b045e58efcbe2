import type { JobDefinition } from './job-definition.js';
import { dataExportJob } from './data-export.job.js';
import { certificateJob } from './certificate.job.js';
import { exportCleanupJob } from './export-cleanup.job.js';
import { withdrawalPayoutJob } from './withdrawal-payout.job.js';
import { paymentExpiryJob } from './payment-expiry.job.js';
import { paymentReverifyJob } from './payment-reverify.job.js';
import { subscriptionRenewalJob } from './subscription-renewal.job.js';
import { sendEmailJob } from './send-email.job.js';
import { sessionMaintenanceJob } from './session-maintenance.job.js';
import { bulkEnrollmentJob } from './bulk-enrollment.job.js';
import { leagueCloseJob } from './league-close.job.js';
import { sendPushJob } from './send-push.job.js';

/** Every job the worker runs. Next: bulk CSV enrollment — one file each, one line here. */
export const jobRegistry: readonly JobDefinition[] = [
  dataExportJob,
  certificateJob,
  exportCleanupJob,
  withdrawalPayoutJob,
  paymentExpiryJob,
  paymentReverifyJob,
  subscriptionRenewalJob,
  sendEmailJob,
  sessionMaintenanceJob,
  bulkEnrollmentJob,
  leagueCloseJob,
  sendPushJob,
];
