import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { deleteRunKeys, testEnv, startTestService, type TestService } from '@lp/testing';
import webpush from 'web-push';
// The API tests exercise the assembled stack: the gateway with the real services behind it.
import { IdentityModule } from '../../../identity/src/app.module.js';
import { CatalogModule } from '../../../catalog/src/app.module.js';
import { AssessmentModule } from '../../../assessment/src/app.module.js';
import { BillingModule } from '../../../billing/src/app.module.js';
import { CommunityModule } from '../../../community/src/app.module.js';
import { MentoringModule } from '../../../mentoring/src/app.module.js';
import { InstitutionModule } from '../../../institution/src/app.module.js';
import { GamificationModule } from '../../../gamification/src/app.module.js';
import { WorkerModule } from '../../../worker/src/app.module.js';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Stack {
  env: Record<string, string>;
  url: string;
  gateway: ChildProcess;
  identity: TestService;
  catalog: TestService;
  assessment: TestService;
  billing: TestService;
  community: TestService;
  mentoring: TestService;
  institution: TestService;
  gamification: TestService;
  worker: TestService;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string | FormData },
  ): Promise<ApiResponse<T>>;
  /** GETs a URL as the browser does a file made in the background: again while it answers 202. */
  fetchFile(path: string, init?: RequestInit): Promise<Response>;
  /** A download link for a file route (what the SPA opens instead of sending a token in the URL). */
  link(path: string, token: string): Promise<string>;
  stop(): Promise<void>;
}

/** A Web Push key pair of the run's own, as `npm start` gives gamification and the worker one. */
function vapidEnv(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:api-tests@example.com' };
}

export async function startStack(extra: Record<string, string> = {}): Promise<Stack> {
  // the gateway as deployed: the built SPA served beside the API (it changed Fastify's error path once)
  const env = testEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: builtSpa(),
    RATE_LIMIT_SCALE: '50',
    GOOGLE_PROVIDER: 'dev',
    // the suites sign in wrongly on purpose far more than a person would (the probe sets the real limit)
    SIGN_IN_FAILURES_PER_ADDRESS: '100000',
    ...vapidEnv(),
    ...extra,
  });
  // a stack that fails half-way stops what it started: left running in the Jest worker, its
  // services (the worker's schedules, mentoring's maintenance) went on into the worker's next
  // file and failed it once Jest had torn this one's modules down
  const started: TestService[] = [];
  const start = async (module: Parameters<typeof startTestService>[0]) => {
    const svc = await startTestService(module, env);
    started.push(svc);
    return svc;
  };
  let services;
  let spawned;
  try {
    services = {
      identity: await start(IdentityModule.create(env)),
      catalog: await start(CatalogModule.create(env)),
      assessment: await start(AssessmentModule.create(env)),
      billing: await start(BillingModule.create(env)),
      community: await start(CommunityModule.create(env)),
      mentoring: await start(MentoringModule.create(env)),
      institution: await start(InstitutionModule.create(env)),
      gamification: await start(GamificationModule.create(env)),
      worker: await start(WorkerModule.create(env)),
    };
    spawned = await spawnGateway(env);
  } catch (e) {
    for (const svc of started.reverse()) await svc.stop().catch(() => undefined);
    await deleteRunKeys(env.REDIS_URL!, env.BUS_PREFIX!).catch(() => undefined);
    throw e;
  }
  const { identity, catalog, assessment, billing, community, mentoring, institution, gamification, worker } = services;
  const { child: gateway, url } = spawned;
  const api = httpApi(url);
  return {
    env,
    url,
    gateway,
    identity,
    catalog,
    assessment,
    billing,
    community,
    mentoring,
    institution,
    gamification,
    worker,
    api,
    async fetchFile(path, init) {
      for (let i = 0; i < 150; i++) {
        const res = await fetch(`${url}${path}`, init);
        if (res.status !== 202) return res;
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${path} stayed pending`);
    },
    async link(path, token) {
      const res = await api<{ url: string }>('POST', '/auth/download-link', { token, body: { path } });
      if (res.status !== 200) throw new Error(`download link for ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.url;
    },
    async stop() {
      await new Promise<void>((done) => {
        if (gateway.exitCode !== null) return done();
        gateway.once('exit', () => done());
        gateway.kill('SIGTERM');
      });
      await worker.stop();
      await deleteRunKeys(env.REDIS_URL!, env.BUS_PREFIX!);
      await assessment.stop();
      await billing.stop();
      await community.stop();
      await mentoring.stop();
      await institution.stop();
      await gamification.stop();
      await catalog.stop();
      await identity.stop();
      await rm(env.STORAGE_DIR!, { recursive: true, force: true });
    },
  };
}

/** Stack['api'] over plain HTTP against a gateway's origin (the test stack's, or a running one's). */
export function httpApi(url: string): Stack['api'] {
  return async <T>(method: string, path: string, opts: Parameters<Stack['api']>[2] = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${url}/api${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* a file download or plain text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide. */
export const uniqueEmail = (tag = 'user'): string => `${tag}.${Date.now().toString(36)}.${counter++}@example.test`;

const ROOT = resolve(import.meta.dirname, '../../../..');

/** apps/web/dist (the project's globalSetup, global-setup.mjs, builds it when missing). */
function builtSpa(): string {
  const dist = resolve(ROOT, 'apps/web/dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`${dist} has no index.html: the API project's globalSetup builds it`);
  return dist;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? ok(a.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * The gateway runs as its own process from its build, as in production. (In-process
 * it cannot load under Jest: @fastify/static requires an ESM-only module.) The build is
 * brought up to date once per run, by the project's globalSetup (global-setup.mjs).
 */
async function spawnGateway(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(ROOT, 'apps/gateway/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url };
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('gateway did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
