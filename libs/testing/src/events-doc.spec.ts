import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@lp/contracts';
import { ALL_EVENTS, SERVICES, type EventDef } from '@lp/contracts';

/**
 * docs/events.md is the one table a reader has of who listens to what. It drifted (consumers
 * added in code and not in the table), so it is held against the code: every `@OnEvent(...)`
 * of a service (and, for a service that keeps the users read model, the kit's handlers of
 * identity's user events) must name that service in the event's "Consumed by" cell, and every
 * service named there outside parentheses (where the table keeps later issues' plans) must
 * really consume it.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) yield path;
  }
}

/** `xEvents.someEvent` as written in `@OnEvent(...)` -> its declaration's name */
function eventNamed(reference: string): string {
  const [group, key] = reference.split('.') as [string, string];
  const events = (contracts as unknown as Record<string, Record<string, EventDef> | undefined>)[group];
  const def = events?.[key];
  if (!def) throw new Error(`@OnEvent(${reference}) names no event declared in libs/contracts`);
  return def.name;
}

// the event, then its options or nothing: `@OnEvent(xEvents.y)`, `@OnEvent(xEvents.y, { concurrency: n })`
const onEvents = (text: string): string[] => [...text.matchAll(/@OnEvent\(\s*(\w+\.\w+)\s*[,)]/g)].map((m) => eventNamed(m[1]!));

/** event name -> the services whose code consumes it */
function consumersInCode(): Map<string, Set<string>> {
  const usersReadModel = onEvents(readFileSync(join(ROOT, 'libs/service-kit/src/users-read-model.ts'), 'utf8'));
  const found = new Map<string, Set<string>>();
  const add = (event: string, service: string) => found.set(event, (found.get(event) ?? new Set()).add(service));
  for (const service of SERVICES) {
    const src = join(ROOT, 'apps', service, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const event of onEvents(text)) add(event, service);
      if (/\bUsersReadModelModule\b/.test(text) && file.endsWith('app.module.ts')) for (const event of usersReadModel) add(event, service);
    }
  }
  return found;
}

/** event name -> its "Consumed by" cell in docs/events.md */
function consumersInDoc(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(join(ROOT, 'docs/events.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([a-z.-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name && cells.length >= 7) rows.set(name, cells[5]!);
  }
  return rows;
}

/** the cell without its parenthesised asides: "catalog (users read model); (ai — later)" -> "catalog ; " */
function withoutAsides(cell: string): string {
  let out = '';
  let depth = 0;
  for (const ch of cell) {
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

describe('docs/events.md against the code', () => {
  const inCode = consumersInCode();
  const inDoc = consumersInDoc();

  it('has a row for every event declared in libs/contracts', () => {
    expect(ALL_EVENTS.map((e) => e.name).filter((name) => !inDoc.has(name))).toEqual([]);
  });

  it('names every service that consumes an event in that event’s row', () => {
    const missing: string[] = [];
    for (const [event, services] of inCode) {
      const listed = withoutAsides(inDoc.get(event) ?? '');
      for (const service of services) if (!new RegExp(`\\b${service}\\b`).test(listed)) missing.push(`${event}: ${service}`);
    }
    expect(missing).toEqual([]);
  });

  it('names no service as a consumer that does not consume the event', () => {
    const extra: string[] = [];
    for (const [event, cell] of inDoc) {
      const listed = withoutAsides(cell);
      for (const service of SERVICES) {
        if (new RegExp(`\\b${service}\\b`).test(listed) && !inCode.get(event)?.has(service)) extra.push(`${event}: ${service}`);
      }
    }
    expect(extra).toEqual([]);
  });
});
