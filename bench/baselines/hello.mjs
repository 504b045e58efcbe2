// Baseline (a): bare Fastify, GET /hello -> {"hello":"world"}. No logger, no hooks.
// Env: PORT (0 = any), HOST (127.0.0.1). Prints one JSON line {"ready":true,"url":...}.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, name: 'baseline-hello', url: `http://127.0.0.1:${app.server.address().port}` })}\n`);

for (const sig of ['SIGTERM', 'SIGINT']) process.once(sig, () => app.close().then(() => process.exit(0)));
