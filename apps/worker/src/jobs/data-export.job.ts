import { AppError, DataExportResult, ExportUserDataReply, JOBS, systemSubjects, type ServiceName } from '@lp/contracts';
import type { z } from 'zod';
import { defineJob, type JobContext } from './job-definition.js';

type ExportResult = z.infer<typeof DataExportResult>;

export type ServicePart =
  { service: ServiceName; ok: true; data: Record<string, unknown> } | { service: ServiceName; ok: false; reason: string };

export interface ExportDocument {
  exported_at: string;
  user_id: string;
  services: Record<string, Record<string, unknown>>;
  /** services that did not hand over their part (not running, too slow, or failing) */
  unavailable: Array<{ service: string; reason: string }>;
}

export const exportKey = (userId: string, jobId: string): string => `exports/${userId}/${jobId}.json`;
export const exportFilename = (at: Date): string => `learnhub-data-${at.toISOString().slice(0, 10)}.json`;

export function buildExportDocument(userId: string, parts: readonly ServicePart[], at: Date): ExportDocument {
  const doc: ExportDocument = { exported_at: at.toISOString(), user_id: userId, services: {}, unavailable: [] };
  for (const p of parts) {
    if (p.ok) doc.services[p.service] = p.data;
    else doc.unavailable.push({ service: p.service, reason: p.reason });
  }
  return doc;
}

async function askService(service: ServiceName, userId: string, ctx: JobContext): Promise<ServicePart> {
  try {
    const raw = await ctx.deps.rpc.request(
      systemSubjects.exportUserData(service),
      { user_id: userId },
      { requestId: ctx.requestId, timeoutMs: ctx.deps.exportServiceTimeoutMs },
    );
    const reply = ExportUserDataReply.safeParse(raw);
    if (!reply.success) return { service, ok: false, reason: 'INVALID_REPLY' };
    return { service, ok: true, data: reply.data.data };
  } catch (e) {
    const reason = AppError.isAppError(e) ? e.code : 'ERROR';
    ctx.log.warn({ service, reason }, 'a service did not hand over its part of a data export');
    return { service, ok: false, reason };
  }
}

/** Gathers a user's data from every service into one JSON file. The same job id always writes the same key. */
export const dataExportJob = defineJob(JOBS.dataExport, async (data, ctx): Promise<ExportResult> => {
  const key = exportKey(data.user_id, ctx.jobId);
  const at = ctx.deps.now();
  const result = DataExportResult.parse({ storage_key: key, filename: exportFilename(at) });
  if (await ctx.deps.files.exists(key)) return result; // a retry after the file was written
  let answered = 0;
  const parts = await Promise.all(
    ctx.deps.exportServices.map(async (s) => {
      const part = await askService(s, data.user_id, ctx);
      await ctx.reportProgress((++answered / ctx.deps.exportServices.length) * 90);
      return part;
    }),
  );
  // nothing to hand over at all is a failure worth retrying, not an empty file
  if (!parts.some((p) => p.ok)) throw new Error('no service handed over its part of the data export');
  await ctx.deps.files.put(key, JSON.stringify(buildExportDocument(data.user_id, parts, at), null, 2));
  return result;
});
