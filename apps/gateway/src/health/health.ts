import type { FastifyInstance } from 'fastify';
import { RUNNING_SERVICES, systemSubjects } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';

const PROBED = [...RUNNING_SERVICES, 'worker'] as const;

/** GET /api/health: asks every service over NATS; 503 when any does not answer healthy. */
export function registerHealth(app: FastifyInstance, rpc: RpcClient): void {
  const startedAt = Date.now();
  app.get('/api/health', async (request, reply) => {
    const results = await Promise.all(
      PROBED.map(async (svc) => {
        try {
          const r = await rpc.request<{ status: string; db: boolean; uptime_s: number }>(
            systemSubjects.health(svc as never),
            {},
            { requestId: String(request.id), timeoutMs: 2000 },
          );
          return [svc, r] as const;
        } catch (e) {
          return [svc, { status: 'down', detail: e instanceof Error ? e.message : 'unreachable' }] as const;
        }
      }),
    );
    const services = Object.fromEntries(results);
    const ok = results.every(([, r]) => r.status === 'ok');
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      gateway: { status: 'ok', uptime_s: Math.round((Date.now() - startedAt) / 1000) },
      services,
    });
  });
}
