// The Node the images run (Node 24 LTS; the machine's own is 20, past its end of life on
// 2026-04-30): fetched from the npm registry (the `node-<platform>-<arch>` package that the
// `node` package itself installs), cached in .cache/node24, so `npm test` runs the service
// tests under the runtime users deploy as well as under the machine's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './provision.mjs';

export const NODE24_VERSION = '24.9.0';

export function ensureNode24() {
  const dir = join(root, '.cache', 'node24');
  const pkg = `node-${process.platform}-${process.arch}`;
  const bin = join(dir, 'node_modules', pkg, 'bin', 'node');
  const ok = () => existsSync(bin) && spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() === `v${NODE24_VERSION}`;
  if (ok()) return bin;
  const r = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${pkg}@${NODE24_VERSION}`],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !ok()) throw new Error(`could not fetch ${pkg}@${NODE24_VERSION} from the npm registry`);
  return bin;
}
