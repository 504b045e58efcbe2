// Jest globalSetup of the API project: runs once, before any worker starts a file. Every API
// file spawns the gateway (and dev-doors more apps) from their dist/, so dist/ is brought up to
// date here, once: built by each file, two workers rebuilt it under each other's starting
// gateway, which then read a half-written module and exited. The SPA is built when missing
// (the gateway serves it beside the API, as deployed; `npm test` builds it before this stage).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export default function globalSetup() {
  const build = spawnSync(process.execPath, [resolve(ROOT, 'infra/build.mjs'), '--server-only'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  if (!existsSync(resolve(ROOT, 'apps/web/dist/index.html'))) {
    const web = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: resolve(ROOT, 'apps/web'), encoding: 'utf8' });
    if (web.status !== 0) throw new Error(`vite build failed: ${web.stderr}`);
  }
}
