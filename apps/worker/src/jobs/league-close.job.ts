import { CloseWeekReply, JOBS, gamificationInternal } from '@lp/contracts';
import { defineJob } from './job-definition.js';
import { MAINTENANCE_TIMEOUT_MS } from './billing-maintenance.js';

/**
 * Gamification's weekly league close, asked every hour: it closes each finished week once
 * (promotions and demotions) and changes nothing on the other runs; a run cut short is continued
 * by the next, league by league.
 */
export const leagueCloseJob = defineJob(JOBS.leagueClose, async (_data, ctx) => {
  const reply = CloseWeekReply.parse(
    await ctx.deps.rpc.request(gamificationInternal.closeWeek.subject, {}, { requestId: ctx.requestId, timeoutMs: MAINTENANCE_TIMEOUT_MS }),
  );
  ctx.log.info(reply, 'leagues: week close asked');
  return reply;
});
