import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assessmentRoutes, fillPath, type AnyRoute, type Assignment, type Course, type Submission, type User } from '@lp/contracts';
import { TokenService } from '@lp/auth';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

const PASSWORD = 'secret-pass-1';
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ASSIGNMENT_ROUTES = [
  'courseAssignments',
  'createAssignment',
  'getAssignment',
  'updateAssignment',
  'deleteAssignment',
  'listSubmissions',
  'gradeSubmission',
  'submitAssignment',
] as const;

describe('assignments through the gateway', () => {
  let stack: Stack;
  let tokens: TokenService;
  let ivan: Auth; // owns the course
  let olga: Auth; // another instructor
  let lena: Auth; // enrolled learner
  let nina: Auth; // learner, not enrolled
  let adminToken: string;
  let course: Course;

  const register = async (role: string, name = `Test ${role}`): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', { body: { name, email: uniqueEmail(role), password: PASSWORD, role } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth | string | null, body?: unknown) =>
    stack.api<T>(method, path, {
      ...(who ? { token: typeof who === 'string' ? who : who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  const expectError = (res: ApiResponse, status: number, code: string) => {
    expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([status, code]);
    expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
  };
  const errorPaths = (res: ApiResponse) => (res.body as unknown as ErrorBody).errors.map((e) => e.path).sort();
  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Assessment learns of courses and enrollments through catalog's events. */
  const knownToAssessment = (sql: string, params: unknown[]) =>
    waitFor(async () => (await stack.assessment.ds.query(sql, params)).length > 0);
  const enroll = async (who: Auth, courseId: string) => {
    expect((await call('POST', `/courses/${courseId}/enroll`, who)).status).toBe(201);
    await knownToAssessment('SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [courseId, who.user.id]);
  };
  const fields = (over: Record<string, unknown> = {}) => ({
    course_id: course.id,
    title: 'Essay on sorting',
    description: 'Compare two sorting algorithms',
    assignment_type: 'essay',
    instructions: 'At most two pages',
    due_date: new Date(Date.now() + 7 * DAY).toISOString(),
    is_published: true,
    ...over,
  });
  const createAssignment = async (over: Record<string, unknown> = {}, who: Auth | string = ivan): Promise<Assignment> => {
    const res = await call<Assignment>('POST', '/assignments', who, fields(over));
    expect(res.status).toBe(201);
    return res.body;
  };
  const submit = async (id: string, who: Auth = lena, text = 'My essay'): Promise<Submission> => {
    const res = await call<Submission>('POST', `/assignments/${id}/submit`, who, { assignment_id: id, submission_text: text });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    stack = await startStack();
    tokens = new TokenService(stack.env.JWT_SECRET!);
    [ivan, olga, lena, nina] = await Promise.all([
      register('instructor', 'Ivan Instructor'),
      register('instructor', 'Olga Other'),
      register('learner', 'Lena Learner'),
      register('learner', 'Nina Outsider'),
    ]);
    adminToken = tokens.sign({ userId: randomUUID(), role: 'admin', sessionId: randomUUID(), institutionId: null });
    const created = await call<Course>('POST', '/courses', ivan, {
      title: 'Algorithms',
      description: 'About it',
      price: 0,
      is_published: true,
    });
    expect(created.status).toBe(201);
    course = created.body;
    await knownToAssessment('SELECT 1 FROM courses WHERE id = $1', [course.id]);
    await enroll(lena, course.id);
    // names on submissions come from identity's events
    await knownToAssessment('SELECT 1 FROM users WHERE id = $1', [lena.user.id]);
  }, 90_000);
  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  describe('guards', () => {
    const routes = ASSIGNMENT_ROUTES.map((k) => assessmentRoutes[k] as AnyRoute);
    const pathOf = (r: AnyRoute) => fillPath(r.path, Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, SAMPLE_ID])));

    it('answers 401 on every assignment route without a token', async () => {
      for (const r of routes) expect([r.subject, (await stack.api(r.method, pathOf(r))).status]).toEqual([r.subject, 401]);
    });

    it('answers 403 on role-guarded assignment routes for other roles', async () => {
      const mentor = await register('mentor');
      for (const r of routes.filter((x) => Array.isArray(x.guard))) {
        const who = (r.guard as readonly string[]).includes('learner') ? ivan : mentor;
        const res = await stack.api(r.method, pathOf(r), { token: who.token });
        expect([r.subject, res.status]).toEqual([r.subject, 403]);
      }
    });

    it('answers 400 on malformed ids and 404 on unknown ones', async () => {
      expectError(await call('GET', '/assignments/nope', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/assignments/course/nope', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', `/assignments/${SAMPLE_ID}`, lena), 404, 'ASSIGNMENT_NOT_FOUND');
      expectError(await call('GET', `/assignments/course/${SAMPLE_ID}`, lena), 404, 'COURSE_NOT_FOUND');
      expectError(await call('PUT', `/assignments/${SAMPLE_ID}`, ivan, { title: 'x' }), 404, 'ASSIGNMENT_NOT_FOUND');
      expectError(await call('DELETE', `/assignments/${SAMPLE_ID}`, ivan), 404, 'ASSIGNMENT_NOT_FOUND');
      expectError(await call('GET', `/assignments/${SAMPLE_ID}/submissions`, ivan), 404, 'ASSIGNMENT_NOT_FOUND');
      expectError(await call('POST', `/assignments/submissions/${SAMPLE_ID}/grade`, ivan, { grade: 1 }), 404, 'SUBMISSION_NOT_FOUND');
      expectError(await call('POST', `/assignments/${SAMPLE_ID}/submit`, lena, { submission_text: 'x' }), 404, 'ASSIGNMENT_NOT_FOUND');
    });
  });

  describe('managing assignments', () => {
    it('creates a draft (201) with the spec defaults, and refuses bad fields (400), other instructors (403) and unknown courses (404)', async () => {
      const res = await call<Assignment>('POST', '/assignments', ivan, fields({ is_published: undefined }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        course_id: course.id,
        course_title: 'Algorithms',
        max_points: 100,
        allow_late_submission: true,
        late_penalty_percent: 10,
        is_published: false,
        submission_count: 0,
      });
      const bad = await call('POST', '/assignments', ivan, {
        course_id: course.id,
        title: '',
        assignment_type: 'poem',
        max_points: 0,
        late_penalty_percent: 101,
        due_date: 'tomorrow',
      });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(errorPaths(bad)).toEqual([
        'assignment_type',
        'description',
        'due_date',
        'instructions',
        'late_penalty_percent',
        'max_points',
        'title',
      ]);
      expectError(await call('POST', '/assignments', olga, fields()), 403, 'NOT_COURSE_OWNER');
      expectError(await call('POST', '/assignments', ivan, fields({ course_id: SAMPLE_ID })), 404, 'COURSE_NOT_FOUND');
      expect((await createAssignment({ title: 'By admin' }, adminToken)).title).toBe('By admin');
    });

    it('edits and publishes for the owner only', async () => {
      const draft = await createAssignment({ is_published: false });
      expectError(await call('GET', `/assignments/${draft.id}`, lena), 404, 'ASSIGNMENT_NOT_FOUND');
      expectError(await call('PUT', `/assignments/${draft.id}`, olga, { is_published: true }), 404, 'ASSIGNMENT_NOT_FOUND');
      const published = await call<Assignment>('PUT', `/assignments/${draft.id}`, ivan, { is_published: true, max_points: 50 });
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ is_published: true, max_points: 50 });
      expect((await call<Assignment>('GET', `/assignments/${draft.id}`, lena)).body.is_published).toBe(true);
      expectError(await call('PUT', `/assignments/${draft.id}`, olga, { title: 'Mine' }), 403, 'NOT_COURSE_OWNER');
      expectError(await call('PUT', `/assignments/${draft.id}`, ivan, {}), 400, 'VALIDATION_FAILED');
      expectError(await call('PUT', `/assignments/${draft.id}`, ivan, { late_penalty_percent: -1 }), 400, 'VALIDATION_FAILED');
      expectError(await call('PUT', `/assignments/${draft.id}`, lena, { title: 'x' }), 403, 'FORBIDDEN');
    });

    it('deletes for the owner only, with its submissions', async () => {
      const a = await createAssignment();
      await submit(a.id);
      expectError(await call('DELETE', `/assignments/${a.id}`, olga), 403, 'NOT_COURSE_OWNER');
      expectError(await call('DELETE', `/assignments/${a.id}`, lena), 403, 'FORBIDDEN');
      const res = await call('DELETE', `/assignments/${a.id}`, ivan);
      expect([res.status, res.body]).toEqual([200, { message: 'Assignment deleted' }]);
      expectError(await call('GET', `/assignments/${a.id}`, ivan), 404, 'ASSIGNMENT_NOT_FOUND');
    });
  });

  describe('learners', () => {
    it('list the published assignments of an enrolled course with their own submission; the owner lists all with counts', async () => {
      const other = await call<Course>('POST', '/courses', ivan, {
        title: 'Graphs',
        description: 'About it',
        price: 0,
        is_published: true,
      });
      await knownToAssessment('SELECT 1 FROM courses WHERE id = $1', [other.body.id]);
      await enroll(lena, other.body.id);
      await createAssignment({ course_id: other.body.id, title: 'Hidden', is_published: false });
      const live = await createAssignment({ course_id: other.body.id, title: 'Live' });
      await submit(live.id);

      const forLena = await call<Assignment[]>('GET', `/assignments/course/${other.body.id}`, lena);
      expect(forLena.status).toBe(200);
      expect(forLena.body.map((a) => [a.title, a.submission_status, a.has_submitted])).toEqual([['Live', 'submitted', true]]);
      const forIvan = await call<Assignment[]>('GET', `/assignments/course/${other.body.id}`, ivan);
      expect(forIvan.body.map((a) => [a.title, a.submission_count]).sort()).toEqual([
        ['Hidden', 0],
        ['Live', 1],
      ]);
      expectError(await call('GET', `/assignments/course/${other.body.id}`, nina), 403, 'NOT_ENROLLED');
      expectError(await call('GET', `/assignments/${live.id}`, nina), 403, 'NOT_ENROLLED');
    });

    it('submit (201), resubmit until graded, then are refused (422)', async () => {
      const a = await createAssignment();
      const first = await submit(a.id, lena, 'First draft');
      expect(first).toMatchObject({ status: 'submitted', is_late: false, student_name: 'Lena Learner', student_email: lena.user.email });
      expect((await submit(a.id, lena, 'Second draft')).id).toBe(first.id);
      expectError(await call('POST', `/assignments/${a.id}/submit`, nina, { submission_text: 'x' }), 403, 'NOT_ENROLLED');
      expectError(await call('POST', `/assignments/${a.id}/submit`, ivan, { submission_text: 'x' }), 403, 'FORBIDDEN');
      const empty = await call('POST', `/assignments/${a.id}/submit`, lena, { submission_text: '' });
      expectError(empty, 400, 'VALIDATION_FAILED');
      expect(errorPaths(empty)).toEqual(['submission_text']);
      const other = await createAssignment();
      const mismatch = await call('POST', `/assignments/${a.id}/submit`, lena, { assignment_id: other.id, submission_text: 'x' });
      expectError(mismatch, 400, 'VALIDATION_FAILED');
      expect(errorPaths(mismatch)).toEqual(['assignment_id']);

      expect((await call('POST', `/assignments/submissions/${first.id}/grade`, ivan, { grade: 90 })).status).toBe(200);
      expectError(await call('POST', `/assignments/${a.id}/submit`, lena, { submission_text: 'Third draft' }), 422, 'SUBMISSION_GRADED');
      const mine = await call<Assignment>('GET', `/assignments/${a.id}`, lena);
      expect(mine.body).toMatchObject({ submission_status: 'graded', grade: 90 });
      expect(mine.body.submission?.submission_text).toBe('Second draft');
    });

    it('are marked late past the due date, or refused when late submissions are not allowed (422)', async () => {
      const late = await createAssignment({ due_date: new Date(Date.now() - 2 * DAY + HOUR).toISOString() });
      expect(await submit(late.id)).toMatchObject({ status: 'late', is_late: true, days_late: 2 });
      const strict = await createAssignment({ due_date: new Date(Date.now() - HOUR).toISOString(), allow_late_submission: false });
      expectError(
        await call('POST', `/assignments/${strict.id}/submit`, lena, { submission_text: 'x' }),
        422,
        'LATE_SUBMISSION_NOT_ALLOWED',
      );
    });
  });

  describe('grading', () => {
    it('applies the late penalty: due 2 days ago, 10 %/day, raw 80 -> 64; the learner sees grade and feedback', async () => {
      const a = await createAssignment({ due_date: new Date(Date.now() - 2 * DAY + HOUR).toISOString(), late_penalty_percent: 10 });
      const s = await submit(a.id);
      const res = await call<Submission>('POST', `/assignments/submissions/${s.id}/grade`, ivan, {
        submission_id: s.id,
        grade: 80,
        feedback: 'Solid, but late',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'graded',
        raw_grade: 80,
        grade: 64,
        late_penalty_applied: 16,
        percentage: 64,
        days_late: 2,
      });
      const mine = await call<Assignment>('GET', `/assignments/${a.id}`, lena);
      expect(mine.body).toMatchObject({ grade: 64, submission_status: 'graded' });
      expect(mine.body.submission?.feedback).toBe('Solid, but late');
      const listed = (await call<Assignment[]>('GET', `/assignments/course/${course.id}`, lena)).body.find((x) => x.id === a.id);
      expect(listed).toMatchObject({ grade: 64, has_submitted: true });
    });

    it('checks the grade (400 on grade), re-grades, and lets only the owner or an admin grade', async () => {
      const a = await createAssignment({ max_points: 10 });
      const s = await submit(a.id);
      const grade = (body: Record<string, unknown>, who: Auth | string = ivan) =>
        call<Submission>('POST', `/assignments/submissions/${s.id}/grade`, who, body);
      for (const bad of [{ grade: 10.5 }, { grade: -1 }, { grade: 7.25 }, {}, { grade: '8' }]) {
        const res = await grade(bad);
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(errorPaths(res)).toEqual(['grade']);
      }
      const mismatch = await grade({ submission_id: SAMPLE_ID, grade: 5 });
      expectError(mismatch, 400, 'VALIDATION_FAILED');
      expect(errorPaths(mismatch)).toEqual(['submission_id']);
      expectError(await grade({ grade: 5 }, olga), 403, 'NOT_COURSE_OWNER');
      expectError(await grade({ grade: 5 }, lena), 403, 'FORBIDDEN');
      expect((await grade({ grade: 7.5, feedback: 'ok' })).body).toMatchObject({ grade: 7.5, percentage: 75, feedback: 'ok' });
      expect((await grade({ grade: 10, feedback: 'Re-read' }, adminToken)).body).toMatchObject({
        grade: 10,
        percentage: 100,
        feedback: 'Re-read',
      });
      const events = (await stack.assessment.ds.query(
        `SELECT payload FROM outbox WHERE name = 'assessment.submission.graded' AND payload->>'submission_id' = $1 ORDER BY seq`,
        [s.id],
      )) as Array<{ payload: { grade: number; regraded: boolean } }>;
      expect(events.map((e) => [e.payload.grade, e.payload.regraded])).toEqual([
        [7.5, false],
        [10, true],
      ]);
    });

    it('lists submissions for the owner only', async () => {
      const a = await createAssignment();
      await submit(a.id, lena, 'from Lena');
      const res = await call<Submission[]>('GET', `/assignments/${a.id}/submissions`, ivan);
      expect(res.status).toBe(200);
      expect(res.body.map((s) => [s.student_name, s.submission_text, s.status])).toEqual([['Lena Learner', 'from Lena', 'submitted']]);
      expectError(await call('GET', `/assignments/${a.id}/submissions`, olga), 403, 'NOT_COURSE_OWNER');
      expectError(await call('GET', `/assignments/${a.id}/submissions`, lena), 403, 'FORBIDDEN');
    });
  });
});
