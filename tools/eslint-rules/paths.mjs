// Where a linted file sits in the workspace, from its absolute path. The rules decide by path
// themselves (not only by the `files` of eslint.config.mjs), so a rule tested alone behaves as wired.
import { posix, sep } from 'node:path';

/** the file name with forward slashes, so one set of patterns holds on every platform */
export const slashed = (file) => file.split(sep).join(posix.sep);

/** `{ root, rest }` for a file of the SPA (`root` ends in `apps/web/src`), else null */
export function webSource(file) {
  const m = /^(.*\/apps\/web\/src)\/(.+)$/.exec(slashed(file));
  return m ? { root: m[1], rest: m[2] } : null;
}

/** the feature a path inside apps/web/src belongs to (`features/<name>/...`), else null */
export function featureOf(rest) {
  const m = /^features\/([^/]+)(?:\/|$)/.exec(rest);
  return m ? m[1] : null;
}
