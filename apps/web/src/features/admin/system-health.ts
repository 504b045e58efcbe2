import { API_BASE } from '../../config/product';

/** GET /api/health (the gateway's own route, not a declared one): each service's probe over NATS. */
export const HEALTH_PATH = `${API_BASE}/health`;

export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface HealthRow {
  service: string;
  status: HealthStatus;
  /** whether the service reached its database; null when it did not say (it did not answer) */
  db: boolean | null;
  uptimeSeconds: number | null;
  detail: string | null;
}

export interface HealthReport {
  status: HealthStatus;
  rows: HealthRow[];
}

const asStatus = (value: unknown): HealthStatus => (value === 'ok' || value === 'degraded' ? value : 'down');

/**
 * The health answer as rows, gateway first, then services by name. The body is read loosely: it
 * comes with 200 or 503 alike, and a service that did not answer carries only a detail.
 */
export function healthReport(body: unknown): HealthReport {
  const root = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rowOf = (service: string, raw: unknown): HealthRow => {
    const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return {
      service,
      status: asStatus(r.status),
      db: typeof r.db === 'boolean' ? r.db : null,
      uptimeSeconds: typeof r.uptime_s === 'number' ? r.uptime_s : null,
      detail: typeof r.detail === 'string' ? r.detail : null,
    };
  };
  const services = root.services && typeof root.services === 'object' ? (root.services as Record<string, unknown>) : {};
  const rows = Object.entries(services)
    .map(([name, raw]) => rowOf(name, raw))
    .sort((a, b) => a.service.localeCompare(b.service));
  if (root.gateway !== undefined) rows.unshift(rowOf('gateway', root.gateway));
  const overall: HealthStatus =
    root.status === 'ok' ? 'ok' : root.status === 'degraded' ? 'degraded' : rows.some((r) => r.status !== 'ok') ? 'degraded' : 'down';
  return { status: overall, rows };
}

/** Reads /api/health: a 503 still carries the report; anything without one is a failure. */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthReport> {
  const response = await fetch(HEALTH_PATH, { headers: { Accept: 'application/json' }, signal: signal ?? null });
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object' || !('services' in body)) throw new Error(`HTTP ${response.status}`);
  return healthReport(body);
}

/** An uptime as the largest two units: 3d 4h, 2h 5m, 42s. */
export function uptimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
