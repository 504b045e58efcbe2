import { JOBS, ProcessWithdrawalReply, billingInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';

/**
 * A withdrawal's payout (queued by billing on POST /wallet/withdraw, job id = transaction
 * id): billing pays it out or gives the hold back and answers which. Billing settles a
 * withdrawal once, so a retried job answers `already_done`; a billing that does not answer
 * fails the job, which BullMQ retries with the producer's backoff.
 */
export const withdrawalPayoutJob = defineJob(JOBS.withdrawalPayout, async (data, ctx) => {
  const reply = ProcessWithdrawalReply.parse(
    await ctx.deps.rpc.request(
      billingInternal.processWithdrawal.subject,
      { transaction_id: data.transaction_id },
      { requestId: ctx.requestId },
    ),
  );
  ctx.log.info({ transactionId: data.transaction_id, status: reply.status }, 'withdrawal payout processed');
  return reply;
});
