import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TokenService } from '@lp/auth';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * OpenAPI fuzzing: every operation of /api/docs/json gets hostile input (wrong types,
 * missing fields, huge strings, unicode and NUL bytes, malformed ids, SQL-looking text,
 * bad JSON and content types), unauthenticated and as a user its guard admits. No answer
 * may be a 5xx, every 4xx must be in the error shape, and no body may show a stack, a
 * query or any other internal message.
 */

type Json = Record<string, unknown>;
interface Schema {
  type?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  method: string;
  path: string;
  id: string;
  guard: 'public' | 'any' | string[];
  params: Array<{ name: string; in: 'path' | 'query'; schema: Schema }>;
  body: { type: string; schema: Schema } | null;
}
interface Probe {
  op: Operation;
  variant: string;
  url: string;
  init: RequestInit;
}
interface Finding {
  probe: string;
  status: number;
  why: string;
  body: string;
}

const HUGE = 'x'.repeat(100_000);
const SQL = ["' OR 1=1 --", "'; DROP TABLE users; --", '1; SELECT pg_sleep(5)--'];
const UNICODE = ['名前 🎓 اختبار', 'e\u0301\u0301\u0301 \u202Eevil', '\uFEFF\u200B'];
const NUL = 'before\u0000after';
const BAD_IDS = ['not-a-uuid', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300), '-1', '1e309', "'%20OR%201%3D1--", '%F0%9F%8E%93', '%'];

/** Internal detail that must never reach a caller. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat [\w$.<>]+ \(?[^)\s]*:\d+:\d+\)?/],
  ['source path', /node_modules|\/work\/|\.ts:\d+|\.js:\d+/],
  ['database error', /QueryFailedError|duplicate key|violates|syntax error at|invalid input syntax|relation "|column "|pg_|ECONNREFUSED/i],
  ['runtime error', /TypeError|ReferenceError|Cannot read prop|undefined is not|is not a function/],
];

/** A plausible valid value, so that one hostile field is what a service meets, not a wall of 400s. */
let validId = randomUUID();
const sample = (s: Schema | undefined): unknown => {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  const one = s.anyOf?.find((o) => o.type !== 'null') ?? s.oneOf?.[0];
  if (one) return sample(one);
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      switch (s.format) {
        case 'uuid':
          return validId;
        case 'email':
          return uniqueEmail('fuzz');
        case 'date-time':
          return new Date(Date.now() + 86_400_000).toISOString();
        case 'uri':
          return 'https://example.com/x';
      }
      return 'sample text that is long enough'.padEnd(s.minLength ?? 0, '.');
  }
};

/** Values of the wrong kind, or of the right kind at its worst, for one field. */
const hostileValues = (s: Schema): Array<[string, unknown]> => [
  ['number', 12345],
  ['string', 'not the right kind'],
  ['object', { nested: { deeper: true } }],
  ['array', ['a', 1, null]],
  ['null', null],
  ['huge', HUGE],
  ['nul', NUL],
  ['unicode', UNICODE[Number(s.type === 'string') % UNICODE.length]],
  ['sql', SQL[0]],
  ['negative', -1],
  ['float', 1.5e308],
];

function operations(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      const [type, body] = content ? Object.entries(content)[0]! : [null, null];
      ops.push({
        method: method.toUpperCase(),
        path,
        id: String(op.operationId),
        guard: (op['x-guard'] as Operation['guard']) ?? 'public',
        params: ((op.parameters as Operation['params']) ?? []).filter((p) => p.name !== 'link'),
        body: type && body ? { type, schema: body.schema } : null,
      });
    }
  }
  return ops;
}

function probesOf(op: Operation, validId: string): Probe[] {
  const probes: Probe[] = [];
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const fill = (value: (name: string) => string) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  const goodPath = fill(() => validId);
  const jsonBody = op.body?.type === 'application/json';
  const base = jsonBody ? (sample(op.body!.schema) as Json) : {};
  const send = (variant: string, url: string, body?: string | FormData, contentType?: string): void => {
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    probes.push({ op, variant, url, init: { method: op.method, headers, ...(body !== undefined ? { body } : {}) } });
  };
  const json = (variant: string, value: unknown, url = goodPath) => send(variant, url, typeof value === 'string' ? value : JSON.stringify(value), 'application/json');

  for (const bad of BAD_IDS) if (pathParams.length) send(`path id ${bad.slice(0, 20)}`, fill(() => bad));
  for (const q of query) {
    for (const v of ['%00', encodeURIComponent(NUL), 'abc', '-1', '1e309', encodeURIComponent(HUGE.slice(0, 5000)), encodeURIComponent(SQL[1]!), '%', encodeURIComponent(UNICODE[0]!)]) {
      send(`query ${q.name}=${v.slice(0, 12)}`, `${goodPath}?${q.name}=${v}`);
    }
    send(`query ${q.name} twice`, `${goodPath}?${q.name}=1&${q.name}=2`);
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    if (!pathParams.length && !query.length) send('plain', goodPath);
    return probes;
  }
  if (op.body?.type === 'multipart/form-data') {
    const form = new FormData();
    for (const [k] of Object.entries(op.body.schema.properties ?? {})) form.append(k, NUL);
    send('form of NULs', goodPath, form);
    send('empty form', goodPath, new FormData());
    json('json to a form route', base);
    return probes;
  }
  json('empty object', {});
  json('array body', [base]);
  json('scalar body', '"just a string"');
  json('number body', '42');
  json('null body', 'null');
  json('bad JSON', '{"a":');
  json('lone surrogate', '{"x":"\\ud800"}');
  json('deep nesting', `${'['.repeat(2000)}${']'.repeat(2000)}`);
  json('1.5 MB body', { ...base, pad: 'y'.repeat(1_500_000) });
  send('text/plain', goodPath, 'hello', 'text/plain');
  send('no content type', goodPath, JSON.stringify(base));
  const props = Object.entries(op.body?.schema.properties ?? {});
  for (const [name, schema] of props) {
    const rest = { ...base };
    delete rest[name];
    json(`missing ${name}`, rest);
    for (const [kind, value] of hostileValues(schema)) json(`${name} ${kind}`, { ...base, [name]: value });
  }
  json('sample with every string NUL', Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? NUL : v])));
  json('sample with every string SQL', Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? SQL[2] : v])));
  return probes;
}

/** Destructive or session-ending operations run last, each with a throwaway user. */
const LAST = /delete-account|logout|change-password|switch-portal/;

describe('OpenAPI fuzzing: every operation, hostile input', () => {
  let stack: Stack;
  let tokens: TokenService;
  const findings: Finding[] = [];
  let sent = 0;
  const statuses = new Map<number, number>();

  const register = async (role: string): Promise<string> => {
    const res = await stack.api<{ token: string }>('POST', '/auth/register', { body: { name: `Fuzz ${role}`, email: uniqueEmail(`fuzz-${role}`), password: 'secret-pass-1', role } });
    if (res.status !== 201) throw new Error(`register ${role}: ${res.status}`);
    return res.body.token;
  };

  beforeAll(async () => {
    stack = await startStack();
    tokens = new TokenService(stack.env.JWT_SECRET!);
  }, 90_000);
  afterAll(async () => stack.stop(), 30_000);

  it('answers no 5xx, only error-shaped 4xx and no internal detail, for every operation', async () => {
    const started = Date.now();
    const doc = (await (await fetch(`${stack.url}/api/docs/json`)).json()) as Json;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(80);

    const users: Record<string, string> = { learner: await register('learner'), instructor: await register('instructor'), mentor: await register('mentor') };
    const course = await stack.api<{ id: string }>('POST', '/courses', { token: users.instructor, body: { title: 'Fuzzed course', description: 'A course to aim at', price: 0, is_published: true } });
    expect(course.status).toBe(201);
    validId = course.body.id;
    await stack.api('POST', `/courses/${course.body.id}/enroll`, { token: users.learner });
    const admin = tokens.sign({ userId: randomUUID(), role: 'admin', sessionId: randomUUID(), institutionId: null });
    const tokenFor = async (op: Operation): Promise<string> => {
      if (LAST.test(op.id)) return register(op.guard === 'any' || op.guard === 'public' ? 'learner' : (op.guard[0] ?? 'learner'));
      if (op.guard === 'any' || op.guard === 'public') return users.learner!;
      const role = op.guard.find((r) => r !== 'admin' && users[r]) ?? 'admin';
      return role === 'admin' ? admin : users[role]!;
    };

    const check = async (probe: Probe, token: string | null): Promise<void> => {
      const headers = new Headers(probe.init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      const label = `${probe.op.method} ${probe.op.path} [${probe.variant}]${token ? ' authed' : ''}`;
      let res: Response;
      try {
        res = await fetch(`${stack.url}${probe.url}`, { ...probe.init, headers });
      } catch (e) {
        findings.push({ probe: label, status: 0, why: `no answer: ${(e as Error).message}`, body: '' });
        return;
      }
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      const snippet = text.slice(0, 300);
      if (res.status >= 500) findings.push({ probe: label, status: res.status, why: '5xx', body: snippet });
      if (res.status >= 400 && res.status < 500) {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          /* reported below */
        }
        const ok = body && typeof body === 'object' && Object.keys(body).join() === 'detail,code,errors'
          && typeof (body as Json).detail === 'string' && typeof (body as Json).code === 'string' && Array.isArray((body as Json).errors);
        if (!ok) findings.push({ probe: label, status: res.status, why: 'not the error shape', body: snippet });
      }
      const ct = res.headers.get('content-type') ?? '';
      if (ct.includes('json')) for (const [what, re] of LEAKS) if (re.test(text)) findings.push({ probe: label, status: res.status, why: `leaks ${what}`, body: snippet });
    };

    const ordered = [...ops.filter((o) => !LAST.test(o.id)), ...ops.filter((o) => LAST.test(o.id))];
    for (const op of ordered) {
      const probes = probesOf(op, course.body.id);
      const token = op.guard === 'public' ? null : await tokenFor(op);
      const jobs = probes.flatMap((p) => (token ? [[p, token] as const, [p, null] as const] : [[p, null] as const]));
      // a few at a time: enough to be quick, not so many that the machine, not the code, fails
      for (let i = 0; i < jobs.length; i += 8) await Promise.all(jobs.slice(i, i + 8).map(([p, t]) => check(p, t)));
    }

    const report = findings.map((f) => `${f.status} ${f.why}: ${f.probe}\n    ${f.body.replace(/\s+/g, ' ')}`).join('\n');
    console.log(
      `fuzz: ${ops.length} operations, ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${[...statuses.entries()].sort().map(([s, n]) => `${s}x${n}`).join(' ')}; ${findings.length} findings${report ? `\n${report}` : ''}`,
    );
    expect(findings).toEqual([]);
  }, 600_000);
});
