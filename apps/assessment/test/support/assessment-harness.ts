import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';
import {
  catalogEvents,
  catalogInternal,
  type AnyRoute,
  type Caller,
  type EventDef,
  type Role,
  type RouteOutput,
  type RouteRequest,
} from '@lp/contracts';
import pino from 'pino';
import { CallerVerifier, connectBus, encode, ensureEventStream, eventSubject, RpcClient, RpcServer } from '@lp/bus';
import { callerVerifyKey } from '@lp/service-kit';
import { callInternal, callRoute, startTestService, testEnv, type TestService } from '@lp/testing';
import { AssessmentModule } from '../../src/app.module.js';

/** Every answer-key text of quizBody() starts with this: no taker-facing answer may contain it. */
export const SECRET = 'SECRET-';

/**
 * An assessment with one question of each type (10 points): multiple choice (2 points,
 * correct '4'), true/false (1, True), short answer (3, 'Secret- Paris answer' written
 * differently is still right), essay (4, graded by hand). Explanations and the short/essay
 * answers carry SECRET so that leaks can be searched for.
 */
export function quizBody(over: Record<string, unknown> = {}) {
  return {
    title: `Quiz ${randomUUID().slice(0, 6)}`,
    description: 'All four question types',
    subject: 'mathematics',
    time_limit: 0,
    test_mode: 'practice' as const,
    questions: [
      {
        question_text: 'What is 2 + 2?',
        question_type: 'multiple_choice' as const,
        options: ['3', '4', '5', ''],
        correct_answer: '4',
        explanation: `${SECRET}EXPL-MC`,
        subject: 'math',
        points: 2,
      },
      {
        question_text: 'The sky is blue',
        question_type: 'true_false' as const,
        correct_answer: 'true',
        explanation: `${SECRET}EXPL-TF`,
        subject: 'science',
        points: 1,
      },
      {
        question_text: 'Capital of France?',
        question_type: 'short_answer' as const,
        correct_answer: `${SECRET}Paris answer`,
        explanation: `${SECRET}EXPL-SA`,
        subject: 'history',
        points: 3,
      },
      {
        question_text: 'Discuss numbers',
        question_type: 'essay' as const,
        correct_answer: `${SECRET}ESSAY-MODEL`,
        explanation: `${SECRET}EXPL-ES`,
        points: 4,
      },
    ],
    ...over,
  };
}

/** Assessment booted against real PostgreSQL/NATS/Redis with a throwaway database and prefix. */
export class AssessmentHarness {
  /** Catalog's word on a learner's completion of a course, by `${courseId}/${userId}` (the stand-in below answers it). */
  private readonly completions = new Map<string, number>();
  private readonly catalog: RpcServer;

  private constructor(
    readonly env: Record<string, string>,
    readonly svc: TestService,
    private readonly nc: NatsConnection,
    readonly client: RpcClient = new RpcClient(nc, env.BUS_PREFIX!, 30_000),
  ) {
    // catalog's access facts, as catalog answers them: assessment asks a learner's completion before an attempt starts
    this.catalog = new RpcServer(
      nc,
      env.BUS_PREFIX!,
      'catalog-stand-in',
      pino({ level: 'silent' }),
      new CallerVerifier(callerVerifyKey(env as Parameters<typeof callerVerifyKey>[0])),
    );
    this.catalog.internal(catalogInternal.accessFacts, async ({ course_id, user_id }) => {
      const completion = user_id === undefined ? undefined : this.completions.get(`${course_id}/${user_id}`);
      return {
        course: null,
        enrollment:
          completion === undefined
            ? null
            : { enrollment_id: randomUUID(), enrolled_at: new Date().toISOString(), completion_percentage: completion },
      };
    });
  }

  static async start(extraEnv: Record<string, string> = {}): Promise<AssessmentHarness> {
    const env = testEnv(extraEnv);
    const svc = await startTestService(AssessmentModule.create(env), env);
    const nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'assessment-test' });
    await ensureEventStream(nc, env.BUS_PREFIX!);
    return new AssessmentHarness(env, svc, nc);
  }

  /** The learner's completion of the course as catalog reports it (assessments unlock at 100%). */
  setCompletion(courseId: string, userId: string, percentage: number): void {
    this.completions.set(`${courseId}/${userId}`, percentage);
  }

  async stop(): Promise<void> {
    await this.catalog.drain();
    await this.nc.drain();
    await this.svc.stop();
  }

  get ds() {
    return this.svc.ds;
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

  /** A course known to assessment through catalog's course.created event. */
  async course(instructorId: string, over: { is_published?: boolean; title?: string } = {}): Promise<string> {
    const courseId = randomUUID();
    await this.publish(catalogEvents.courseCreated, {
      v: 1,
      course_id: courseId,
      title: over.title ?? `Course ${courseId.slice(0, 6)}`,
      instructor_id: instructorId,
      institution_id: null,
      price: 0,
      category: 'programming',
      level: 'beginner',
      is_published: over.is_published ?? true,
      created_at: new Date().toISOString(),
    });
    await this.waitFor(async () => (await this.ds.query('SELECT 1 FROM courses WHERE id = $1', [courseId])).length > 0);
    return courseId;
  }

  /**
   * The learner enrolled (catalog's enrollment.created), with their completion of the course as
   * catalog would report it: 100 unless told, since most tests take the course's assessments,
   * which open only at 100% (a test of the lock passes less).
   */
  async enroll(courseId: string, userId: string, instructorId: string, { completion = 100 }: { completion?: number } = {}): Promise<void> {
    this.setCompletion(courseId, userId, completion);
    await this.publish(catalogEvents.enrollmentCreated, {
      v: 1,
      enrollment_id: randomUUID(),
      course_id: courseId,
      course_title: 'Course',
      user_id: userId,
      instructor_id: instructorId,
      institution_id: null,
      amount_paid: 0,
      payment_id: null,
      enrollment_count: 1,
      enrolled_at: new Date().toISOString(),
    });
    await this.waitFor(
      async () => (await this.ds.query('SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [courseId, userId])).length > 0,
    );
  }

  /** Calls a route's subject as the gateway does, the caller signed; the service enforces the route's guard itself. */
  call<R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>> = {}, caller: Caller | null = null): Promise<RouteOutput<R>> {
    return callRoute(this.client, route, req, caller);
  }

  /** A signed-in caller of a role (assessment knows users only by id). */
  caller(role: Role = 'learner', institutionId: string | null = null): Caller {
    return { userId: randomUUID(), role, sessionId: randomUUID(), institutionId };
  }

  /** Outbox rows of an event, oldest first, optionally filtered on payload fields. */
  async outbox(name: string, filter: Record<string, unknown> = {}): Promise<{ name: string; payload: Record<string, unknown> }[]> {
    const rows: { name: string; payload: Record<string, unknown> }[] = await this.ds.query(
      'SELECT name, payload FROM outbox WHERE name = $1 ORDER BY seq',
      [name],
    );
    return rows.filter((r) => Object.entries(filter).every(([k, v]) => r.payload[k] === v));
  }

  /** Moves a test session's clock back (started and deadline alike) instead of waiting. */
  /** A bus-only subject, called as the seed or a service would. */
  internal<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    payload: z.input<Req>,
  ): Promise<z.infer<Res>> {
    return callInternal(this.client, def, payload);
  }

  async ageSession(sessionId: string, minutes: number): Promise<void> {
    await this.ds.query(
      `UPDATE test_sessions SET started_at = started_at - make_interval(secs => $2), deadline_at = deadline_at - make_interval(secs => $2) WHERE id = $1`,
      [sessionId, minutes * 60],
    );
  }

  async waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
