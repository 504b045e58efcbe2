import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, type RouteRequest } from '@lp/contracts';
import { Clock } from '@lp/service-kit';
import { AssessmentHarness } from './support/assessment-harness.js';
import { AssessmentCaller, expectAppError, stranger, type TestUser } from './support/users.js';

jest.setTimeout(60_000);

const DAY = 86_400_000;
type CreateBody = RouteRequest<typeof routes.createAssignment>['body'];

let h: AssessmentHarness;
let bus: AssessmentCaller;
let clock: Clock;
let ivan: TestUser; // owns the course
let olga: TestUser; // another instructor
let admin: TestUser;
let lena: TestUser; // enrolled learner
let petr: TestUser; // enrolled learner
let nina: TestUser; // learner, not enrolled
let courseId: string;

beforeAll(async () => {
  h = await AssessmentHarness.start();
  bus = await AssessmentCaller.open(h);
  clock = h.svc.app.get(Clock);
  [ivan, olga, admin, lena, petr, nina] = await Promise.all([
    bus.user('instructor', 'Ivan Instructor'),
    bus.user('instructor', 'Olga Other'),
    bus.user('admin', 'Ada Admin'),
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

const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();
const create = (over: Partial<CreateBody> = {}, who: TestUser = ivan) =>
  bus.call(
    routes.createAssignment,
    {
      body: {
        course_id: courseId,
        title: 'Essay on sorting',
        description: 'Compare two sorting algorithms',
        assignment_type: 'essay',
        instructions: 'At most two pages',
        due_date: inDays(7),
        is_published: true,
        ...over,
      } as CreateBody,
    },
    who.caller,
  );
const submit = (id: string, who: TestUser, text = 'My essay', extra: Record<string, unknown> = {}) =>
  bus.call(routes.submitAssignment, { params: { id }, body: { submission_text: text, ...extra } as never }, who.caller);
const grade = (submissionId: string, value: number, who: TestUser = ivan, feedback = 'Good work') =>
  bus.call(routes.gradeSubmission, { params: { id: submissionId }, body: { grade: value, feedback } as never }, who.caller);
const get = (id: string, who: TestUser) => bus.call(routes.getAssignment, { params: { id } }, who.caller);
const byCourse = (who: TestUser, id = courseId) => bus.call(routes.courseAssignments, { params: { courseId: id } }, who.caller);
/** The server's clock at `due` plus some milliseconds. */
const clockAt = (due: string, plusMs: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(new Date(due).getTime() + plusMs));
const gradedEvents = async (submissionId: string) =>
  (await h.ds.query(`SELECT payload FROM outbox WHERE name = 'assessment.submission.graded' ORDER BY seq`)).filter(
    (r: { payload: { submission_id: string } }) => r.payload.submission_id === submissionId,
  ) as Array<{ payload: Record<string, unknown> }>;

describe('creating and editing assignments', () => {
  it("creates a draft with the spec defaults in the owner's course", async () => {
    const a = await create({ is_published: undefined, max_points: undefined } as Partial<CreateBody>);
    expect(a).toMatchObject({
      course_id: courseId,
      course_title: 'Algorithms',
      max_points: 100,
      allow_late_submission: true,
      late_penalty_percent: 10,
      is_published: false,
      created_by: ivan.id,
      submission_count: 0,
      submission_status: 'not_submitted',
      has_submitted: false,
      submission: null,
    });
    const row = await h.ds.query('SELECT title FROM assignments WHERE id = $1', [a.id]);
    expect(row).toEqual([{ title: 'Essay on sorting' }]);
  });

  it('refuses other instructors (403), unknown courses (404), and lets an admin create', async () => {
    await expectAppError(create({}, olga), 403, 'NOT_COURSE_OWNER');
    await expectAppError(create({ course_id: '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11' }), 404, 'COURSE_NOT_FOUND');
    const byAdmin = await create({ title: 'Admin made' }, admin);
    expect(byAdmin).toMatchObject({ title: 'Admin made', created_by: admin.id });
  });

  it('edits and publishes for the owner only; nothing to update is refused', async () => {
    const a = await create({ is_published: false });
    await expectAppError(
      bus.call(routes.updateAssignment, { params: { id: a.id }, body: { title: 'Mine now' } }, olga.caller),
      404,
      'ASSIGNMENT_NOT_FOUND',
    );
    const published = await bus.call(
      routes.updateAssignment,
      { params: { id: a.id }, body: { is_published: true, max_points: 50 } },
      ivan.caller,
    );
    expect(published).toMatchObject({ is_published: true, max_points: 50, title: 'Essay on sorting' });
    expect(new Date(published.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(a.updated_at).getTime());
    await expectAppError(
      bus.call(routes.updateAssignment, { params: { id: a.id }, body: { title: 'Mine now' } }, olga.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    await expectAppError(bus.call(routes.updateAssignment, { params: { id: a.id }, body: {} }, ivan.caller), 400, 'VALIDATION_FAILED');
    const byAdmin = await bus.call(routes.updateAssignment, { params: { id: a.id }, body: { title: 'Renamed by admin' } }, admin.caller);
    expect(byAdmin.title).toBe('Renamed by admin');
  });

  it('refuses lowering max points below a grade already given', async () => {
    const a = await create({ max_points: 20 });
    const s = await submit(a.id, lena);
    await grade(s.id, 15);
    const err = await expectAppError(
      bus.call(routes.updateAssignment, { params: { id: a.id }, body: { max_points: 10 } }, ivan.caller),
      422,
      'MAX_POINTS_BELOW_GRADES',
    );
    expect(err.detail).toMatch(/15 points/);
    expect((await bus.call(routes.updateAssignment, { params: { id: a.id }, body: { max_points: 15 } }, ivan.caller)).max_points).toBe(15);
  });

  it('deletes with its submissions, for the owner only', async () => {
    const a = await create();
    const s = await submit(a.id, lena);
    await expectAppError(bus.call(routes.deleteAssignment, { params: { id: a.id } }, olga.caller), 403, 'NOT_COURSE_OWNER');
    expect(await bus.call(routes.deleteAssignment, { params: { id: a.id } }, ivan.caller)).toEqual({ message: 'Assignment deleted' });
    await expectAppError(get(a.id, ivan), 404, 'ASSIGNMENT_NOT_FOUND');
    expect(await h.ds.query('SELECT 1 FROM submissions WHERE id = $1', [s.id])).toEqual([]);
    await expectAppError(bus.call(routes.deleteAssignment, { params: { id: a.id } }, ivan.caller), 404, 'ASSIGNMENT_NOT_FOUND');
  });
});

describe('who sees what', () => {
  it('hides drafts from learners and lists by role', async () => {
    const otherCourse = await h.course(ivan.id);
    await h.enroll(otherCourse, lena.id, ivan.id);
    const draft = await bus.call(
      routes.createAssignment,
      {
        body: {
          course_id: otherCourse,
          title: 'Draft',
          description: 'd',
          assignment_type: 'project',
          instructions: 'i',
          due_date: inDays(3),
        } as CreateBody,
      },
      ivan.caller,
    );
    const live = await bus.call(
      routes.createAssignment,
      {
        body: {
          course_id: otherCourse,
          title: 'Live',
          description: 'd',
          assignment_type: 'code',
          instructions: 'i',
          due_date: inDays(5),
          is_published: true,
        } as CreateBody,
      },
      ivan.caller,
    );
    await submit(live.id, lena);

    await expectAppError(get(draft.id, lena), 404, 'ASSIGNMENT_NOT_FOUND');
    await expectAppError(submit(draft.id, lena), 404, 'ASSIGNMENT_NOT_FOUND');
    expect((await get(draft.id, ivan)).is_published).toBe(false);

    const forOwner = await byCourse(ivan, otherCourse);
    expect(forOwner.map((a) => [a.title, a.submission_count])).toEqual([
      ['Draft', 0],
      ['Live', 1],
    ]);
    expect((await byCourse(admin, otherCourse)).length).toBe(2);
    const forLena = await byCourse(lena, otherCourse);
    expect(forLena.map((a) => [a.title, a.submission_status, a.has_submitted])).toEqual([['Live', 'submitted', true]]);
    expect(forLena[0]!.submission).toMatchObject({ student_id: lena.id, submission_text: 'My essay' });
  });

  it('refuses learners who are not enrolled, and answers 404 for unknown courses', async () => {
    const a = await create();
    await expectAppError(get(a.id, nina), 403, 'NOT_ENROLLED');
    await expectAppError(byCourse(nina), 403, 'NOT_ENROLLED');
    await expectAppError(submit(a.id, nina), 403, 'NOT_ENROLLED');
    await expectAppError(byCourse(lena, '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11'), 404, 'COURSE_NOT_FOUND');
    await expectAppError(get('3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11', lena), 404, 'ASSIGNMENT_NOT_FOUND');
  });

  it('shows the learner only their own submission', async () => {
    const a = await create();
    await submit(a.id, lena, 'Lena wrote this');
    await submit(a.id, petr, 'Petr wrote this');
    const forPetr = await get(a.id, petr);
    expect(forPetr).toMatchObject({ has_submitted: true, submission_count: 1 });
    expect(forPetr.submission?.submission_text).toBe('Petr wrote this');
    expect((await get(a.id, ivan)).submission_count).toBe(2);
  });
});

describe('submitting', () => {
  it('accepts a submission on time and replaces it until graded, then refuses', async () => {
    const a = await create();
    const first = await submit(a.id, lena, 'First draft', { submission_files: ['https://files.example/essay-v1.pdf'] });
    expect(first).toMatchObject({
      assignment_id: a.id,
      student_id: lena.id,
      student_name: 'Lena Learner',
      student_email: lena.email,
      status: 'submitted',
      is_late: false,
      days_late: 0,
      grade: null,
      raw_grade: null,
      percentage: null,
      submission_files: ['https://files.example/essay-v1.pdf'],
    });
    const second = await submit(a.id, lena, 'Second draft');
    expect(second).toMatchObject({ id: first.id, submission_text: 'Second draft', submission_files: [] });
    await grade(second.id, 90);
    const err = await expectAppError(submit(a.id, lena, 'Third draft'), 422, 'SUBMISSION_GRADED');
    expect(err.detail).toMatch(/graded/);
    expect((await get(a.id, lena)).submission).toMatchObject({ submission_text: 'Second draft', status: 'graded', grade: 90 });
  });

  it('marks late submissions on the server clock and keeps them late until graded', async () => {
    const due = inDays(1);
    const a = await create({ due_date: due });
    clockAt(due, 1.5 * DAY);
    const late = await submit(a.id, lena);
    expect(late).toMatchObject({ status: 'late', is_late: true, days_late: 2 });
    expect((await get(a.id, lena)).submission_status).toBe('late');
    expect((await grade(late.id, 50)).status).toBe('graded');
    expect((await get(a.id, lena)).submission_status).toBe('graded');
  });

  it('refuses late submissions when the assignment does not allow them', async () => {
    const due = inDays(1);
    const a = await create({ due_date: due, allow_late_submission: false });
    clockAt(due, -1000);
    expect((await submit(a.id, lena)).is_late).toBe(false);
    clockAt(due, 1000);
    await expectAppError(submit(a.id, lena, 'too late'), 422, 'LATE_SUBMISSION_NOT_ALLOWED');
    expect((await get(a.id, lena)).submission?.submission_text).toBe('My essay');
  });

  it('re-judges ungraded submissions when the due date moves', async () => {
    const due = inDays(1);
    const a = await create({ due_date: due });
    clockAt(due, 0.5 * DAY);
    expect((await submit(a.id, lena)).status).toBe('late');
    jest.restoreAllMocks();
    await bus.call(routes.updateAssignment, { params: { id: a.id }, body: { due_date: inDays(2) } }, ivan.caller);
    expect((await get(a.id, lena)).submission).toMatchObject({ status: 'submitted', is_late: false, days_late: 0 });
  });

  it('refuses a body whose assignment_id is another than the address', async () => {
    const a = await create();
    const b = await create();
    const err = await expectAppError(submit(a.id, lena, 'text', { assignment_id: b.id }), 400, 'VALIDATION_FAILED');
    expect(err.errors.map((e) => e.path)).toEqual(['assignment_id']);
    expect((await submit(a.id, lena, 'text', { assignment_id: a.id })).assignment_id).toBe(a.id);
  });

  it('requires a submission text', async () => {
    const a = await create();
    const err = await expectAppError(submit(a.id, lena, '   '), 400, 'VALIDATION_FAILED');
    expect(err.errors.map((e) => e.path)).toContain('submission_text');
  });
});

describe('grading', () => {
  it('applies the late penalty per day: due 2 days ago, 10 %/day, raw 80 -> 64', async () => {
    const due = inDays(1);
    const a = await create({ due_date: due, late_penalty_percent: 10 });
    clockAt(due, 2 * DAY - 60_000);
    const s = await submit(a.id, lena);
    expect(s.days_late).toBe(2);
    jest.restoreAllMocks();
    const graded = await grade(s.id, 80, ivan, 'Solid, but late');
    expect(graded).toMatchObject({
      status: 'graded',
      raw_grade: 80,
      grade: 64,
      late_penalty_applied: 16,
      percentage: 64,
      feedback: 'Solid, but late',
      is_late: true,
    });
    expect(graded.graded_at).not.toBeNull();
    const forLena = await get(a.id, lena);
    expect(forLena).toMatchObject({ submission_status: 'graded', grade: 64 });
    expect(forLena.submission?.feedback).toBe('Solid, but late');
    const listed = (await byCourse(lena)).find((x) => x.id === a.id)!;
    expect(listed).toMatchObject({ grade: 64, submission_status: 'graded', has_submitted: true });
  });

  it('computes the percentage of max points', async () => {
    const a = await create({ max_points: 40 });
    const s = await submit(a.id, lena);
    expect(await grade(s.id, 30)).toMatchObject({ grade: 30, raw_grade: 30, late_penalty_applied: 0, percentage: 75 });
  });

  it('checks the grade: 0..max_points in steps of 0.5', async () => {
    const a = await create({ max_points: 10 });
    const s = await submit(a.id, lena);
    for (const bad of [10.5, -0.5, 7.25]) {
      const err = await expectAppError(grade(s.id, bad), 400, 'VALIDATION_FAILED');
      expect(err.errors.map((e) => e.path)).toEqual(['grade']);
    }
    expect((await expectAppError(grade(s.id, 11), 400, 'VALIDATION_FAILED')).detail).toBe('Grade cannot exceed 10 points');
    expect((await grade(s.id, 9.5)).grade).toBe(9.5);
    expect((await grade(s.id, 0)).grade).toBe(0);
    expect((await grade(s.id, 10)).grade).toBe(10);
  });

  it('lets only the course owner or an admin grade', async () => {
    const a = await create();
    const s = await submit(a.id, lena);
    await expectAppError(grade(s.id, 50, olga), 403, 'NOT_COURSE_OWNER');
    await expectAppError(grade('3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11', 50), 404, 'SUBMISSION_NOT_FOUND');
    expect((await grade(s.id, 55, admin)).grade).toBe(55);
    expect(await gradedEvents(s.id)).toHaveLength(1);
  });

  it('re-grades, and announces every grade through the outbox', async () => {
    const a = await create({ title: 'Graph search' });
    const s = await submit(a.id, lena);
    await grade(s.id, 70);
    const regraded = await grade(s.id, 85, ivan, 'Re-read: better than I thought');
    expect(regraded).toMatchObject({ grade: 85, feedback: 'Re-read: better than I thought' });
    const events = await gradedEvents(s.id);
    expect(events.map((e) => [e.payload.grade, e.payload.regraded])).toEqual([
      [70, false],
      [85, true],
    ]);
    expect(events[0]!.payload).toMatchObject({
      assignment_id: a.id,
      assignment_title: 'Graph search',
      course_id: courseId,
      user_id: lena.id,
      raw_grade: 70,
      max_points: 100,
      percentage: 70,
      is_late: false,
      graded_by: ivan.id,
    });
  });

  it('refuses a body whose submission_id is another than the address, and grades nothing', async () => {
    const a = await create();
    const s = await submit(a.id, lena);
    const t = await submit(a.id, petr);
    const err = await expectAppError(
      bus.call(routes.gradeSubmission, { params: { id: s.id }, body: { submission_id: t.id, grade: 5 } as never }, ivan.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors.map((e) => e.path)).toEqual(['submission_id']);
    expect(await gradedEvents(s.id)).toEqual([]);
    expect(await gradedEvents(t.id)).toEqual([]);
  });
});

describe('the submissions list', () => {
  it("shows the owner every submission with the student's name, and a fallback for unknown students", async () => {
    const a = await create();
    await submit(a.id, lena, 'from Lena');
    const ghost = stranger('learner');
    await h.enroll(courseId, ghost.userId, ivan.id);
    await bus.call(routes.submitAssignment, { params: { id: a.id }, body: { submission_text: 'from a stranger' } as never }, ghost);
    const list = await bus.call(routes.listSubmissions, { params: { id: a.id } }, ivan.caller);
    expect(list.map((s) => [s.student_name, s.student_email, s.submission_text])).toEqual([
      ['Lena Learner', lena.email, 'from Lena'],
      ['Unknown user', null, 'from a stranger'],
    ]);
    await expectAppError(bus.call(routes.listSubmissions, { params: { id: a.id } }, olga.caller), 403, 'NOT_COURSE_OWNER');
    expect(await bus.call(routes.listSubmissions, { params: { id: a.id } }, admin.caller)).toHaveLength(2);
  });
});
