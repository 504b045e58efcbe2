import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';
import { catalogEvents, type EventDef } from '@lp/contracts';
import { connectBus, encode, ensureEventStream, eventSubject } from '@lp/bus';
import { startTestService, testEnv, type TestService } from '@lp/testing';
import { AssessmentModule } from '../../src/app.module.js';

/** Assessment booted against real PostgreSQL/NATS/Redis with a throwaway database and prefix. */
export class AssessmentHarness {
  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    private readonly nc: NatsConnection,
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<AssessmentHarness> {
    const env = testEnv(extraEnv);
    const svc = await startTestService(AssessmentModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'assessment-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    return new AssessmentHarness(env, svc, nc);
  }

  async stop(): Promise<void> {
    await this.nc.drain();
    await this.svc.stop();
  }

  get ds() {
    return this.svc.ds;
  }

  /** Publishes an event on this run's stream, as another service's outbox relay would. */
  async publish<E extends EventDef>(event: E, payload: z.input<E['schema']>, id: string = randomUUID()): Promise<string> {
    const envelope = { id, name: event.name, occurred_at: new Date().toISOString(), request_id: `test-${id}`, payload: event.schema.parse(payload) };
    await jetstream(this.nc).publish(eventSubject(this.env.BUS_PREFIX!, event.name), encode(envelope), { msgID: id });
    return id;
  }

  /** A course known to assessment through catalog's course.created event. */
  async course(instructorId: string, over: { is_published?: boolean; title?: string } = {}): Promise<string> {
    const courseId = randomUUID();
    await this.publish(catalogEvents.courseCreated, {
      v: 1, course_id: courseId, title: over.title ?? `Course ${courseId.slice(0, 6)}`, instructor_id: instructorId, institution_id: null,
      price: 0, category: 'programming', level: 'beginner', is_published: over.is_published ?? true, created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM courses WHERE id = $1', [courseId])).length > 0);
    return courseId;
  }

  async enroll(courseId: string, userId: string, instructorId: string): Promise<void> {
    await this.publish(catalogEvents.enrollmentCreated, {
      v: 1, enrollment_id: randomUUID(), course_id: courseId, course_title: 'Course', user_id: userId, instructor_id: instructorId,
      institution_id: null, amount_paid: 0, payment_id: null, enrollment_count: 1, enrolled_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [courseId, userId])).length > 0);
  }

  async waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
