import { createGateway } from './server.js';

const gateway = await createGateway();
process.stdout.write(`${JSON.stringify({ level: 30, service: 'gateway', msg: 'gateway listening', url: gateway.url })}\n`);
