import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ASSIGNMENT_DUE_NOTICE_MS, assessmentEvents, assessmentRoutes as routes, type RouteRequest } from '@lp/contracts';
import { Clock } from '@lp/service-kit';
import { AssignmentDeadlines } from '../src/modules/assignments/assignment-deadlines.js';
import { AssessmentHarness } from './support/assessment-harness.js';
import { AssessmentCaller, type TestUser } from './support/users.js';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
type CreateBody = RouteRequest<typeof routes.createAssignment>['body'];

let h: AssessmentHarness;
let bus: AssessmentCaller;
let clock: Clock;
let deadlines: AssignmentDeadlines;
let ivan: TestUser;
let lena: TestUser; // enrolled, has not submitted
let petr: TestUser; // enrolled, submits
let nina: TestUser; // not enrolled
let courseId: string;

beforeAll(async () => {
  h = await AssessmentHarness.start();
  bus = await AssessmentCaller.open(h);
  clock = h.svc.app.get(Clock);
  deadlines = h.svc.app.get(AssignmentDeadlines);
  [ivan, lena, petr, nina] = await Promise.all([
    bus.user('instructor', 'Ivan Instructor'),
    bus.user('learner', 'Lena Learner'),
    bus.user('learner', 'Petr Learner'),
    bus.user('learner', 'Nina Outsider'),
  ]);
  courseId = await h.course(ivan.id, { title: 'Algorithms' });
  await h.enroll(courseId, lena.id, ivan.id);
  await h.enroll(courseId, petr.id, ivan.id);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await bus.close();
  await h.stop();
});

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const create = (over: Partial<CreateBody> = {}) =>
  bus.call(
    routes.createAssignment,
    {
      body: {
        course_id: courseId,
        title: 'Essay on sorting',
        description: 'Compare two sorting algorithms',
        assignment_type: 'essay',
        instructions: 'At most two pages',
        due_date: inHours(72),
        is_published: true,
        ...over,
      } as CreateBody,
    },
    ivan.caller,
  );
const told = async (assignmentId: string) =>
  (
    (await h.ds.query(`SELECT payload FROM outbox WHERE name = $1 ORDER BY seq`, [assessmentEvents.assignmentDueSoon.name])) as Array<{
      payload: { assignment_id: string; user_id: string; due_date: string };
    }>
  )
    .map((r) => r.payload)
    .filter((p) => p.assignment_id === assignmentId);
/** The sweep run as if it were `ms` from now. */
const sweepAt = async (ms: number) => {
  jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + ms));
  await deadlines.sweep();
  jest.restoreAllMocks();
};

describe('near due dates', () => {
  it('tells each enrolled learner who has not submitted, once, when the due date comes within a day; a moved due date is told again', async () => {
    const a = await create({ due_date: inHours(30) });
    await bus.call(routes.submitAssignment, { params: { id: a.id }, body: { submission_text: 'Done' } as never }, petr.caller);
    // 30 hours ahead: not yet
    await deadlines.sweep();
    expect(await told(a.id)).toEqual([]);

    // seven hours later it is due within the day
    await sweepAt(7 * HOUR);
    await sweepAt(7 * HOUR + 60_000);
    const first = await told(a.id);
    expect(first).toEqual([
      {
        v: 1,
        assignment_id: a.id,
        assignment_title: 'Essay on sorting',
        course_id: courseId,
        course_title: 'Algorithms',
        user_id: lena.id,
        due_date: new Date(a.due_date).toISOString(),
      },
    ]);
    expect(first.map((p) => p.user_id)).not.toContain(nina.id);

    // the instructor moves the due date: the learners are told of the new one when it is near
    const moved = inHours(50);
    await bus.call(routes.updateAssignment, { params: { id: a.id }, body: { due_date: moved } as never }, ivan.caller);
    await sweepAt(7 * HOUR + 120_000);
    expect(await told(a.id)).toHaveLength(1);
    await sweepAt(30 * HOUR);
    expect((await told(a.id)).map((p) => p.due_date)).toEqual([new Date(a.due_date).toISOString(), new Date(moved).toISOString()]);
  });

  it('tells nobody of a draft, or of a due date already past', async () => {
    const draft = await create({ due_date: inHours(5), is_published: false });
    const past = await create({ due_date: inHours(-2) });
    await deadlines.sweep();
    expect(await told(draft.id)).toEqual([]);
    expect(await told(past.id)).toEqual([]);
  });

  it('tells an assignment published inside the window at the next sweep', async () => {
    const a = await create({ due_date: inHours(4) });
    await deadlines.sweep();
    expect((await told(a.id)).map((p) => p.user_id).sort()).toEqual([lena.id, petr.id].sort());
    expect(ASSIGNMENT_DUE_NOTICE_MS).toBe(24 * HOUR);
  });
});
