// Health probe for the NATS-only apps (containers and Kubernetes exec probes):
//   node infra/probe.mjs <service>
// exits 0 when `<BUS_PREFIX><service>.system.health` answers {status:'ok'}
// within PROBE_TIMEOUT_MS (default 3000), else 1. The request goes to the service's NATS
// queue group, so any replica may answer: it tells that the service is up, not this pod.
import { connect } from '@nats-io/transport-node';
import { inboxPrefixOf, RpcClient } from '@lp/bus';

const service = process.argv[2] || process.env.APP;
if (!service) {
  console.error('usage: node infra/probe.mjs <service>');
  process.exit(2);
}
const timeout = Number(process.env.PROBE_TIMEOUT_MS || 3000);
let nc;
try {
  nc = await connect({
    servers: (process.env.NATS_URL || 'nats://127.0.0.1:4222').split(','),
    timeout,
    reconnect: false,
    name: `probe-${service}`,
    // inside the app's container: the app's own NATS user, which may ask its own health subject
    ...(process.env.NATS_USER
      ? { user: process.env.NATS_USER, pass: process.env.NATS_PASSWORD ?? '', inboxPrefix: inboxPrefixOf(process.env.NATS_USER) }
      : {}),
  });
  const reply = await new RpcClient(nc, process.env.BUS_PREFIX ?? '').request(
    `${service}.system.health`,
    {},
    { requestId: 'probe', timeoutMs: timeout },
  );
  const ok = reply?.status === 'ok';
  console.log(JSON.stringify(reply));
  await nc.close();
  process.exit(ok ? 0 : 1);
} catch (e) {
  console.error(`${service}: ${e.message}`);
  await nc?.close().catch(() => undefined);
  process.exit(1);
}
