// `npx nx g @lp/workspace-plugin:service <name> [--usersReadModel]`: a new service written as
// the house writes one (docs/architecture.md, "Anatomy of a service"). Writes the contracts
// (routes, bus-only subjects, schemas, events, error codes), the app (module, main, settings,
// data module, errors, entities and their list, data source, first migration, an example area,
// dev-only demo data and its seeder, entered in SEED_AREAS), its test harness, service tests and an API test, and enters the service
// everywhere a service, an error code or an event is listed (the contracts' registry and running
// services, the SPA's error codes and texts, docs/events.md, docker-compose, k8s, secrets).
// Every file it writes or changes is formatted with prettier. After the files are written it
// regenerates the NATS configuration from the contracts. Plain CommonJS: Nx loads generators
// with require, and this one needs no build.
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const { execFileSync } = require('node:child_process');

const FILES = join(__dirname, '..', 'files', 'service');

function names(name) {
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  return { name, Name, NAME: name.toUpperCase() };
}

/**
 * Keeps the lines of a template that apply: `//#if <flag>` ... `//#else` ... `//#endif` (one
 * level, markers alone on their line) choose by the generator's options.
 */
function choose(text, flags) {
  const out = [];
  let keep = true;
  let inBlock = false;
  for (const line of text.split('\n')) {
    const marker = /^\s*\/\/#(if (\w+)|else|endif)\s*$/.exec(line);
    if (!marker) {
      if (keep) out.push(line);
    } else if (marker[2]) {
      if (inBlock) throw new Error('//#if blocks do not nest in the templates');
      [inBlock, keep] = [true, Boolean(flags[marker[2]])];
    } else if (marker[1] === 'else') keep = !keep;
    else [inBlock, keep] = [false, true];
  }
  return out.join('\n');
}

function fill(text, v) {
  return choose(text, v.flags)
    .replaceAll('__timestamp__', v.timestamp)
    .replaceAll('__Name__', v.Name)
    .replaceAll('__NAME__', v.NAME)
    .replaceAll('__name__', v.name);
}

function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Copies a template folder to `target`, names and contents filled, `.tmpl` dropped. */
function copyTemplates(tree, from, target, v, skip = () => false) {
  for (const path of walk(join(FILES, from))) {
    if (!path.endsWith('.tmpl')) continue;
    const rel = fill(relative(join(FILES, from), path), v).replace(/\.tmpl$/, '');
    if (skip(rel)) continue;
    tree.write(join(target, rel), fill(readFileSync(path, 'utf8'), v));
  }
}

/** Inserts `line` after the first line matching `anchor` (once: nothing when already there). */
function insertAfter(tree, path, anchor, line) {
  const text = tree.read(path, 'utf8');
  if (text.includes(line)) return;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => anchor.test(l));
  if (at < 0) throw new Error(`${path}: no line matches ${anchor}; add ${JSON.stringify(line)} by hand`);
  lines.splice(at + 1, 0, line);
  tree.write(path, lines.join('\n'));
}

function replaceIn(tree, path, from, to) {
  const text = tree.read(path, 'utf8');
  if (!from.test(text)) throw new Error(`${path}: ${from} not found`);
  tree.write(path, text.replace(from, to));
}

function contracts(tree, v) {
  const dir = `libs/contracts/src/${v.name}`;
  const eventEntry = fill(readFileSync(join(FILES, 'contracts', 'event-entry.tmpl'), 'utf8'), v).trimEnd();
  const eventsExist = tree.exists(`${dir}/events.ts`);
  const errorsExist = tree.exists(`${dir}/errors.ts`);
  copyTemplates(
    tree,
    'contracts',
    dir,
    v,
    (rel) => rel === 'event-entry' || (rel === 'events.ts' && eventsExist) || (rel === 'errors.ts' && errorsExist),
  );
  if (errorsExist) replaceIn(tree, `${dir}/errors.ts`, /errorCodes\(/, `errorCodes('${v.NAME}_ITEM_NOT_FOUND', `);
  if (eventsExist) {
    // events declared before the service (billing's): the example event joins them
    insertAfter(tree, `${dir}/events.ts`, new RegExp(`^export const ${v.name}Events = \\{`), eventEntry);
  } else {
    tree.write(`${dir}/events.ts`, tree.read(`${dir}/events.ts`, 'utf8').replace('__EVENT__', eventEntry));
  }
  const index = 'libs/contracts/src/index.ts';
  insertAfter(tree, index, /^export \* from '\.\/assessment\/events\.js';/, `export * from './${v.name}/schemas.js';`);
  insertAfter(tree, index, new RegExp(`^export \\* from '\\./${v.name}/schemas\\.js';`), `export * from './${v.name}/routes.js';`);
  if (!eventsExist)
    insertAfter(tree, index, new RegExp(`^export \\* from '\\./${v.name}/routes\\.js';`), `export * from './${v.name}/events.js';`);
  insertAfter(tree, index, new RegExp(`^export \\* from '\\./${v.name}/routes\\.js';`), `export * from './${v.name}/errors.js';`);

  const registry = 'libs/contracts/src/registry.ts';
  insertAfter(
    tree,
    registry,
    /^import \{ assessmentEvents \}/,
    `import { ${v.name}Routes, ${v.name}Internal } from './${v.name}/routes.js';`,
  );
  if (!eventsExist)
    insertAfter(tree, registry, new RegExp(`^import \\{ ${v.name}Routes, `), `import { ${v.name}Events } from './${v.name}/events.js';`);
  insertAfter(tree, registry, /^export const routesByService = \{/, `  ${v.name}: ${v.name}Routes,`);
  if (!eventsExist)
    insertAfter(tree, registry, /^export const ALL_EVENTS: readonly EventDef\[\] = \[/, `  ...Object.values(${v.name}Events),`);
  insertAfter(tree, registry, /^export const ALL_INTERNAL: readonly InternalDef\[\] = \[/, `  ...Object.values(${v.name}Internal),`);
  if (v.flags.usersReadModel && !tree.read(registry, 'utf8').includes(`\n  ${v.name}: [`)) {
    // the kit's UsersReadModelConsumer handles these three; the NATS permissions follow this list
    insertAfter(
      tree,
      registry,
      /^export const EVENT_CONSUMERS\b/,
      `  ${v.name}: [identityEvents.userRegistered, identityEvents.userUpdated, identityEvents.userDeletionScheduled],`,
    );
  }

  const services = 'libs/contracts/src/common/services.ts';
  if (!new RegExp(`'${v.name}'`).test(tree.read(services, 'utf8').split('RUNNING_SERVICES')[0])) {
    insertAfter(tree, services, /^export const SERVICES = \[/, `  '${v.name}',`);
  }
  replaceIn(tree, services, /(export const RUNNING_SERVICES: readonly ServiceName\[\] = \[)([^\]]*)\]/, (_, head, list) =>
    // the list may be on one line or, as prettier writes it, one name a line with a trailing comma
    list.includes(`'${v.name}'`) ? `${head}${list}]` : `${head}${list.replace(/,?\s*$/, '')}, '${v.name}']`,
  );
}

/** The seed driver runs the demo data of every area in SEED_AREAS, in order: the new service's goes last (it may use what the others left). */
function seedArea(tree, v) {
  const path = 'libs/service-kit/src/seed/seed-context.ts';
  if (!tree.exists(path)) return;
  replaceIn(tree, path, /(export const SEED_AREAS = \[)([^\]]*)\]/, (_, head, list) =>
    list.includes(`'${v.name}'`) ? `${head}${list}]` : `${head}${list.replace(/,?\s*$/, '')}, '${v.name}']`,
  );
}

/** The SPA translates errors by code: every declared code is listed there and has an English text. */
function errorTexts(tree, v) {
  const codes = 'apps/web/src/api/error-codes.ts';
  if (tree.exists(codes)) {
    insertAfter(tree, codes, /^import \{$/, `  ${v.Name}ErrorCode,`);
    insertAfter(tree, codes, /^export const DECLARED_ERROR_CODES = \[/, `  ...Object.values(${v.Name}ErrorCode),`);
  }
  const en = 'apps/web/src/i18n/en.json';
  if (tree.exists(en)) insertAfter(tree, en, /^ {4}"code": \{$/, `      "${v.NAME}_ITEM_NOT_FOUND": "Item not found.",`);
}

/** docs/events.md is held against the code (libs/testing events-doc.spec.ts): the new event's row, and the read model's consumers. */
function eventsDoc(tree, v) {
  const doc = 'docs/events.md';
  if (!tree.exists(doc)) return;
  const lines = tree.read(doc, 'utf8').split('\n');
  const isRow = (l) => /^\| `[a-z.-]+` /.test(l);
  const cells = (l) => l.split('|');
  if (!lines.some((l) => l.startsWith(`| \`${v.name}.item.created\` `))) {
    const last = lines.findLastIndex(isRow);
    if (last < 0) throw new Error(`${doc}: no event table; add the row of ${v.name}.item.created by hand`);
    const row = `| \`${v.name}.item.created\` | ${v.name} | an item was created (the example event of the generated service) | item_id, owner_id, title, created_at | (none yet) |`;
    lines.splice(last + 1, 0, row);
  }
  if (v.flags.usersReadModel) {
    for (const event of ['identity.user.registered', 'identity.user.updated', 'identity.user.deletion-scheduled']) {
      const at = lines.findIndex((l) => l.startsWith(`| \`${event}\` `));
      if (at < 0) throw new Error(`${doc}: no row for ${event}; name ${v.name} among its consumers by hand`);
      const c = cells(lines[at]);
      // the service's name outside parentheses: the doc's test reads asides as plans, not consumers
      if (!new RegExp(`\\b${v.name}\\b`).test(c[5])) c[5] = ` ${c[5].trim()}; ${v.name} (users read model) `;
      lines[at] = c.join('|');
    }
  }
  tree.write(doc, lines.join('\n'));
}

/** Every file written or changed, as prettier writes it (CI runs `prettier --check .`). */
async function format(tree) {
  const prettier = require('prettier');
  const ignorePath = join(tree.root, '.prettierignore');
  for (const change of tree.listChanges()) {
    if (change.type === 'DELETE') continue;
    const file = join(tree.root, change.path);
    const info = await prettier.getFileInfo(file, { ignorePath });
    if (info.ignored || !info.inferredParser) continue;
    const text = tree.read(change.path, 'utf8');
    const formatted = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
    if (formatted !== text) tree.write(change.path, formatted);
  }
}

function deployment(tree, v) {
  const compose = 'docker-compose.yml';
  if (tree.exists(compose)) {
    replaceIn(tree, compose, /(LP_SERVICES: [^\n]*)/, (line) => (line.split(' ').includes(v.name) ? line : `${line} ${v.name}`));
    insertAfter(
      tree,
      compose,
      /^\s+POSTGRES_PASSWORD_ASSESSMENT: \$\{POSTGRES_PASSWORD_ASSESSMENT/,
      `      POSTGRES_PASSWORD_${v.NAME}: \${POSTGRES_PASSWORD_${v.NAME}:?}`,
    );
    insertAfter(
      tree,
      compose,
      /^\s+NATS_PASSWORD_ASSESSMENT: \$\{NATS_PASSWORD_ASSESSMENT/,
      `      NATS_PASSWORD_${v.NAME}: \${NATS_PASSWORD_${v.NAME}:?}`,
    );
    const block = [
      '',
      `  ${v.name}:`,
      '    <<: *app',
      `    image: learnhub/${v.name}:local`,
      `    build: { context: ., dockerfile: Dockerfile, args: { APP: ${v.name} } }`,
      '    environment:',
      '      <<: *app-env',
      `      POSTGRES_URL: postgres://lp_${v.name}_svc:\${POSTGRES_PASSWORD_${v.NAME}:?}@postgres:5432`,
      `      NATS_USER: ${v.name}`,
      `      NATS_PASSWORD: \${NATS_PASSWORD_${v.NAME}:?}`,
    ].join('\n');
    if (!tree.read(compose, 'utf8').includes(`\n  ${v.name}:\n`)) {
      replaceIn(tree, compose, /\n  # Add a service:/, `${block}\n\n  # Add a service:`);
    }
    insertAfter(tree, compose, /^\s+assessment: \{ condition: service_started \}/, `      ${v.name}: { condition: service_started }`);
  }
  const k8s = 'k8s/base';
  if (tree.exists(`${k8s}/catalog.yaml`)) {
    // catalog's manifest is the pattern: same probes, limits and security context
    const manifest = tree
      .read(`${k8s}/catalog.yaml`, 'utf8')
      .replace(
        /^# catalog:[^\n]*\n#[^\n]*\n/,
        `# ${v.name}: generated by @lp/workspace-plugin:service. NATS only (no port): replicas share the requests\n# through the NATS queue group "${v.name}".\n`,
      )
      .replaceAll('catalog', v.name)
      .replaceAll('CATALOG', v.NAME);
    tree.write(`${k8s}/${v.name}.yaml`, manifest);
    insertAfter(tree, `${k8s}/kustomization.yaml`, /^\s+- assessment\.yaml/, `  - ${v.name}.yaml`);
    insertAfter(
      tree,
      `${k8s}/secret.yaml`,
      /^\s+POSTGRES_PASSWORD_ASSESSMENT:/,
      `  POSTGRES_PASSWORD_${v.NAME}: REPLACE-ME-${v.name}-db-password`,
    );
    insertAfter(
      tree,
      `${k8s}/secret.yaml`,
      /^\s+NATS_PASSWORD_ASSESSMENT:/,
      `  NATS_PASSWORD_${v.NAME}: REPLACE-ME-${v.name}-nats-password`,
    );
    replaceIn(tree, `${k8s}/postgres.yaml`, /(LP_SERVICES, value: )([^}]*?)( \})/, (_, a, list, b) =>
      list.split(' ').includes(v.name) ? `${a}${list}${b}` : `${a}${list} ${v.name}${b}`,
    );
    // init-roles.sh needs the new service's password too, or PostgreSQL's first start stops
    insertAfter(
      tree,
      `${k8s}/postgres.yaml`,
      /key: POSTGRES_PASSWORD_ASSESSMENT \}/,
      `            - name: POSTGRES_PASSWORD_${v.NAME}\n              valueFrom: { secretKeyRef: { name: learnhub-secrets, key: POSTGRES_PASSWORD_${v.NAME} } }`,
    );
    for (const overlay of ['dev', 'prod']) {
      const path = `k8s/overlays/${overlay}/kustomization.yaml`;
      if (!tree.exists(path)) continue;
      const text = tree.read(path, 'utf8');
      const line = text.split('\n').find((l) => l.includes('name: learnhub/assessment'));
      if (line && !text.includes(`learnhub/${v.name},`))
        insertAfter(tree, path, /name: learnhub\/assessment/, line.replaceAll('assessment', v.name));
      if (/name: gateway\|[^}]*assessment/.test(text) && !text.includes(`|${v.name}|`)) {
        replaceIn(tree, path, /(name: gateway\|[^}]*?)assessment\|/, `$1assessment|${v.name}|`);
      }
    }
  }
}

module.exports = async function serviceGenerator(tree, options) {
  const name = String(options.name ?? '').trim();
  if (!/^[a-z][a-z0-9]{1,30}$/.test(name))
    throw new Error(`"${name}": a service name is 2-31 lowercase letters and digits, starting with a letter`);
  if (tree.exists(`apps/${name}/package.json`)) throw new Error(`apps/${name} exists already`);
  const flags = { usersReadModel: options.usersReadModel === true };
  const v = { ...names(name), timestamp: String(options.timestamp ?? Date.now()), flags };
  copyTemplates(tree, 'app', `apps/${name}`, v, (rel) => rel === 'test/users.test.ts' && !flags.usersReadModel);
  copyTemplates(tree, 'gateway-test', 'apps/gateway/test/api', v);
  contracts(tree, v);
  errorTexts(tree, v);
  seedArea(tree, v);
  eventsDoc(tree, v);
  deployment(tree, v);
  await format(tree);
  // after the files are on disk: the NATS users and permissions come from the (built) contracts
  return () => {
    if (options.skipNatsConfig) return;
    execFileSync(process.execPath, ['infra/build.mjs', '--server-only'], { cwd: tree.root, stdio: 'inherit' });
    execFileSync(process.execPath, ['infra/nats-config.mjs'], { cwd: tree.root, stdio: 'inherit' });
  };
};
