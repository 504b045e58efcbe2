// Writes k8s/base/nats/nats-server.conf, the NATS configuration that docker-compose.yml and
// k8s/ run: one user per app with the subject permissions generated from libs/contracts
// (libs/bus/src/nats-permissions.ts), passwords read from the environment of nats-server
// (NATS_PASSWORD_<APP>). A unit test fails when the committed file is not what the
// contracts generate, so run this after adding a route subject, an event or a service:
//   node infra/build.mjs --server-only && node infra/nats-config.mjs
// (`npm start` generates its own, with the development seed user, under .data/.)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployedNatsConfig } from '@lp/bus';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'k8s', 'base', 'nats', 'nats-server.conf');
writeFileSync(out, deployedNatsConfig());
console.log(`wrote ${out}`);
