// A scratch copy of the workspace (the files git knows of, committed or not), whose
// node_modules links to this one's packages and to the copy's own workspace packages:
// a generator can run there, and what it generates be built and tested, without touching
// the real tree. `node tools/workspace-plugin/scratch.mjs` prints the path of a new one.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function scratchWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), 'lp-scratch-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    let st;
    try {
      st = lstatSync(join(ROOT, f));
    } catch {
      continue; // deleted in the working tree
    }
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(join(ROOT, f)), join(dir, f));
    else cpSync(join(ROOT, f), join(dir, f));
  }
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@lp'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@lp' || entry === '.cache') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  // the workspace packages are the copy's own, as npm links them (relative links)
  for (const entry of readdirSync(join(ROOT, 'node_modules', '@lp'))) {
    symlinkSync(readlinkSync(join(ROOT, 'node_modules', '@lp', entry)), join(modules, '@lp', entry));
  }
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(scratchWorkspace());
