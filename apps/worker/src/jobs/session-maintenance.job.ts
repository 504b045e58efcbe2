import { JOBS, SessionMaintenanceReply, mentoringInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { MAINTENANCE_TIMEOUT_MS } from './billing-maintenance.js';

/** Mentoring's sweep, every minute: unpaid holds released, ended sessions completed. */
export const sessionMaintenanceJob = defineJob(JOBS.sessionMaintenance, async (_data, ctx) => {
  const reply = SessionMaintenanceReply.parse(
    await ctx.deps.rpc.request(
      mentoringInternal.maintainSessions.subject,
      {},
      { requestId: ctx.requestId, timeoutMs: MAINTENANCE_TIMEOUT_MS },
    ),
  );
  if (reply.expired + reply.completed > 0) ctx.log.info(reply, 'sessions maintained');
  return reply;
});
