import { z } from 'zod';
import type { ServiceName } from './services.js';

/**
 * Subjects every service answers besides its routes: a health probe and its
 * part of a user's data export (one contract, each service fills in its part).
 */
export const systemSubjects = {
  health: (service: ServiceName) => `${service}.system.health`,
  exportUserData: (service: ServiceName) => `${service}.system.export-user-data`,
} as const;

export const HealthReply = z.object({ service: z.string(), status: z.enum(['ok', 'degraded']), db: z.boolean(), uptime_s: z.number() });
export const ExportUserDataRequest = z.object({ user_id: z.string() });
export const ExportUserDataReply = z.object({ service: z.string(), data: z.record(z.string(), z.unknown()) });

export const DataExportJob = z.object({ user_id: z.string(), request_id: z.string().optional() });
export const DataExportResult = z.object({ storage_key: z.string(), filename: z.string() });
