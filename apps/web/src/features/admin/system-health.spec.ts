import { describe, expect, it } from '@jest/globals';
import { healthReport, uptimeText } from './system-health';

describe('system health', () => {
  it('lists the gateway first, then each service by name, with its status', () => {
    const report = healthReport({
      status: 'degraded',
      gateway: { status: 'ok', uptime_s: 120 },
      services: {
        identity: { service: 'identity', status: 'ok', db: true, uptime_s: 100 },
        billing: { status: 'down', detail: 'timeout' },
        catalog: { service: 'catalog', status: 'degraded', db: false, uptime_s: 5 },
      },
    });
    expect(report.status).toBe('degraded');
    expect(report.rows.map((r) => [r.service, r.status])).toEqual([
      ['gateway', 'ok'],
      ['billing', 'down'],
      ['catalog', 'degraded'],
      ['identity', 'ok'],
    ]);
    expect(report.rows[1]).toEqual({ service: 'billing', status: 'down', db: null, uptimeSeconds: null, detail: 'timeout' });
    expect(report.rows[2]?.db).toBe(false);
  });

  it('reads an unknown status as down and an empty body as no services', () => {
    expect(healthReport({ status: 'ok', services: { worker: { status: 'starting' } } }).rows[0]?.status).toBe('down');
    expect(healthReport(null)).toEqual({ status: 'down', rows: [] });
  });

  it('shows uptime in its two largest units', () => {
    expect(uptimeText(42)).toBe('42s');
    expect(uptimeText(125)).toBe('2m 5s');
    expect(uptimeText(2 * 3600 + 5 * 60)).toBe('2h 5m');
    expect(uptimeText(3 * 86_400 + 4 * 3600 + 59)).toBe('3d 4h');
  });
});
