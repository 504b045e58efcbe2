import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';
import {
  billingEvents,
  catalogRoutes,
  identityEvents,
  type AnyRoute,
  type Caller,
  type EventDef,
  type PendingWork,
  type Role,
  type RouteOutput,
  type RouteRequest,
  type UploadedFile,
} from '@lp/contracts';
import { connectBus, encode, ensureEventStream, eventSubject, RpcClient } from '@lp/bus';
import { queuePrefix } from '@lp/service-kit';
import { startTestService, testEnv, type TestService, callInternal, callRoute } from '@lp/testing';
import { CatalogModule } from '../../src/app.module.js';

export interface TestUser {
  caller: Caller;
  id: string;
  name: string;
  email: string;
}

export interface OutboxRow {
  name: string;
  payload: Record<string, unknown>;
  request_id: string | null;
}

type CourseInput = Partial<RouteRequest<typeof catalogRoutes.createCourse>['body']>;

/** Catalog booted against real PostgreSQL/NATS/Redis with a throwaway database and prefix, plus a bus client. */
export class CatalogHarness {
  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    readonly client: RpcClient,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<CatalogHarness> {
    const env = testEnv({ CERTIFICATE_WAIT_MS: '200', ...extraEnv });
    const svc = await startTestService(CatalogModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'catalog-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    return new CatalogHarness(env, svc, new RpcClient(nc, env.BUS_PREFIX!, 30_000), nc);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await cleanQueues(this.env);
    await this.svc.stop();
    await rm(this.env.STORAGE_DIR!, { recursive: true, force: true });
  }

  get ds() {
    return this.svc.ds;
  }

  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  internal<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    payload: z.input<Req>,
  ): Promise<z.infer<Res>> {
    return callInternal(this.client, def, payload);
  }

  /** Publishes an event on this run's stream, as another service's outbox relay would. */
  async publish<E extends EventDef>(event: E, payload: z.input<E['schema']>, id: string = randomUUID()): Promise<string> {
    const envelope = {
      id,
      name: event.name,
      occurred_at: new Date().toISOString(),
      request_id: `test-${id}`,
      payload: event.schema.parse(payload),
    };
    await jetstream(this.nc).publish(eventSubject(this.env.BUS_PREFIX!, event.name), encode(envelope), { msgID: id });
    return id;
  }

  /**
   * Publishes another service's event and waits until catalog has handled it (its id is in
   * the inbox), whether the handler changed something or chose to ignore it.
   */
  async applied<E extends EventDef>(event: E, payload: z.input<E['schema']>, id: string = randomUUID()): Promise<string> {
    await this.publish(event, payload, id);
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM inbox WHERE event_id = $1', [id])).length > 0);
    return id;
  }

  /** A user known to catalog: identity's registration event is published and applied. */
  async user(role: Role = 'learner', name = `${role} ${randomUUID().slice(0, 6)}`, institutionId: string | null = null): Promise<TestUser> {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@example.test`;
    await this.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      name,
      email,
      phone: null,
      role,
      ref: null,
      created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    return { caller: { userId: id, role, sessionId: randomUUID(), institutionId }, id, name, email };
  }

  async paid(user: TestUser, courseId: string, amount: number, paymentId = `pay_${randomUUID()}`): Promise<string> {
    await this.publish(billingEvents.paymentCompleted, {
      v: 1,
      payment_id: paymentId,
      user_id: user.id,
      item_type: 'course',
      item_id: courseId,
      amount,
      amount_minor: Math.round(amount * 100),
      currency: 'USD',
      payment_method: 'wallet',
      completed_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM course_payments WHERE payment_id = $1', [paymentId])).length > 0);
    return paymentId;
  }

  /** A course by `owner`, published unless said otherwise. */
  async course(owner: TestUser, over: CourseInput = {}) {
    return this.call(
      catalogRoutes.createCourse,
      { body: { title: `Course ${randomUUID().slice(0, 8)}`, description: 'A course for tests', price: 0, is_published: true, ...over } },
      owner.caller,
    );
  }

  async lesson(owner: TestUser, courseId: string, over: Partial<RouteRequest<typeof catalogRoutes.createLesson>['body']> = {}) {
    return this.call(
      catalogRoutes.createLesson,
      { params: { id: courseId }, body: { title: 'Lesson', content: 'Lesson text', ...over } },
      owner.caller,
    );
  }

  /** Enrolls, expecting the enrollment itself (a 202 "payment on its way" fails the test). */
  async enroll(user: TestUser, courseId: string, paymentId?: string) {
    const r = await this.call(
      catalogRoutes.enroll,
      { params: { id: courseId }, body: paymentId ? { payment_id: paymentId } : undefined },
      user.caller,
    );
    if ('pending' in r) throw new Error(`enroll answered pending: ${(r.pending as PendingWork).message}`);
    return r;
  }

  complete(user: TestUser, lessonId: string, minutes = 5) {
    return this.call(catalogRoutes.completeLesson, { params: { id: lessonId }, body: { time_spent_minutes: minutes } }, user.caller);
  }

  /** Puts a file where the gateway would have stored an upload, and answers the reference it would pass on. */
  async upload(data: Buffer, filename: string, contentType: string): Promise<UploadedFile> {
    const key = `uploads/${randomUUID()}${filename.includes('.') ? filename.slice(filename.lastIndexOf('.')).toLowerCase() : '.bin'}`;
    const path = join(this.env.STORAGE_DIR!, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
    return { storage_key: key, filename, content_type: contentType, size: data.length };
  }

  async stored(key: string): Promise<boolean> {
    const { stat } = await import('node:fs/promises');
    return stat(join(this.env.STORAGE_DIR!, key)).then(
      () => true,
      () => false,
    );
  }

  async outbox(name: string, filter: Record<string, string> = {}): Promise<OutboxRow[]> {
    const rows: OutboxRow[] = await this.ds.query('SELECT name, payload, request_id FROM outbox WHERE name = $1 ORDER BY seq', [name]);
    return rows.filter((r) => Object.entries(filter).every(([k, v]) => r.payload[k] === v));
  }

  /** Moves an enrollment's dates into the past (inactivity without waiting). */
  async age(userId: string, courseId: string, days: { enrolled?: number; active?: number }): Promise<void> {
    const ago = (d: number) => new Date(Date.now() - d * 86_400_000);
    if (days.enrolled !== undefined)
      await this.ds.query('UPDATE enrollments SET enrolled_at = $3 WHERE user_id = $1 AND course_id = $2', [
        userId,
        courseId,
        ago(days.enrolled),
      ]);
    if (days.active !== undefined)
      await this.ds.query('UPDATE enrollments SET last_activity_at = $3 WHERE user_id = $1 AND course_id = $2', [
        userId,
        courseId,
        ago(days.active),
      ]);
  }

  async waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  get<T>(token: abstract new (...args: never[]) => T): T {
    return this.svc.app.get(token as never) as T;
  }
}

/** Removes this run's BullMQ keys from the shared Redis. */
export async function cleanQueues(env: Record<string, string>): Promise<void> {
  const redis = new Redis(env.REDIS_URL!, { maxRetriesPerRequest: null });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${queuePrefix(env.BUS_PREFIX!)}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export { expectAppError } from '@lp/testing';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
export const MP3_BYTES = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0x23]), Buffer.alloc(64, 0xaa)]);
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64)]);
