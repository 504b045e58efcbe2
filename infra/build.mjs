// Compiles every server app and lib with swc (decorator metadata included: tsx and
// esbuild emit none), each into its own dist/, then builds the SPA with Vite.
// Type checking is separate: `npm run typecheck`.
import { readdirSync, readFileSync, statSync, mkdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import swc from '@swc/core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2023',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
  module: { type: 'es6' },
  sourceMaps: true,
};

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts') && !p.endsWith('.spec.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

export async function buildServer() {
  const projects = ['libs', 'apps']
    .flatMap((g) => readdirSync(join(root, g)).map((n) => join(root, g, n)))
    .filter((p) => !p.endsWith(join('apps', 'web')) && existsSync(join(p, 'src')));
  let files = 0;
  for (const project of projects) {
    const src = join(project, 'src');
    const dist = join(project, 'dist');
    rmSync(dist, { recursive: true, force: true });
    await Promise.all(
      walk(src).map(async (file) => {
        const rel = relative(src, file).replace(/\.ts$/, '.js');
        const out = await swc.transformFile(file, {
          ...swcOptions,
          filename: file,
          sourceFileName: relative(dirname(join(dist, rel)), file),
        });
        mkdirSync(dirname(join(dist, rel)), { recursive: true });
        writeFileSync(join(dist, rel), out.code + `\n//# sourceMappingURL=${rel.split('/').pop()}.map\n`);
        if (out.map) writeFileSync(join(dist, rel + '.map'), out.map);
        files++;
      }),
    );
  }
  return files;
}

export function buildWeb() {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps', 'web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  console.log(initialBundleSize(join(root, 'apps', 'web', 'dist')));
}

/** What the first page load downloads before any route's chunk: index.html's entry script and the chunks it preloads (its static imports). */
function initialBundleSize(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"|<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g)].map(
    (m) => m[1] ?? m[2],
  );
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = readFileSync(join(dist, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
  return `web: initial JS ${kB(raw)} (gzip ${kB(gzip)}) in ${files.length} files: the entry chunk and its static imports`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  const n = await buildServer();
  console.log(`swc: ${n} files in ${Date.now() - t} ms`);
  if (!process.argv.includes('--server-only') && existsSync(join(root, 'apps', 'web', 'vite.config.ts'))) buildWeb();
}
