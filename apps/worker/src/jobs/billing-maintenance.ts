import { MaintenanceReply, type InternalDef } from '@lp/contracts';
import type { z } from 'zod';
import type { JobContext } from './job-definition.js';

/** Billing's scheduled sweeps may work through a few hundred rows: more time than a request gets. */
export const MAINTENANCE_TIMEOUT_MS = 120_000;

/** Asks billing to run one of its sweeps and answers how many rows it changed. */
export async function runBillingMaintenance(
  def: InternalDef<z.ZodType, typeof MaintenanceReply>,
  ctx: JobContext,
  what: string,
): Promise<z.infer<typeof MaintenanceReply>> {
  const reply = MaintenanceReply.parse(
    await ctx.deps.rpc.request(def.subject, {}, { requestId: ctx.requestId, timeoutMs: MAINTENANCE_TIMEOUT_MS }),
  );
  if (reply.processed > 0) ctx.log.info({ processed: reply.processed }, what);
  return reply;
}
