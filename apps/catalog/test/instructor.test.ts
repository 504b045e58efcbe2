import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes, type Lesson } from '@lp/contracts';
import { CatalogHarness, expectAppError } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;

beforeAll(async () => {
  h = await CatalogHarness.start();
});
afterAll(async () => {
  await h.stop();
});

/**
 * One instructor with two courses:
 * - "Go" (free, 4 lessons): ann finished it, ben did 1 of 4 and was last active 10 days ago,
 *   cat did nothing and enrolled 20 days ago (inactive since), dan enrolled 40 days ago and is active.
 * - "Rust" ($30, 2 lessons): ann paid and did 1 of 2 today.
 * Another instructor's course with a learner must never show up.
 */
async function world() {
  const ivan = await h.user('instructor', 'Ivan Instructor');
  const [ann, ben, cat, dan] = await Promise.all([
    h.user('learner', 'Ann'),
    h.user('learner', 'Ben'),
    h.user('learner', 'Cat'),
    h.user('learner', 'Dan'),
  ]);
  const go = await h.course(ivan, { title: 'Go' });
  const goLessons: Lesson[] = [];
  for (let i = 0; i < 4; i++) goLessons.push(await h.lesson(ivan, go.id, { title: `Go ${i + 1}`, order: i }));
  const rust = await h.course(ivan, { title: 'Rust', price: 30, category: 'data-science' });
  const rustLessons = [
    await h.lesson(ivan, rust.id, { title: 'Rust 1', order: 0 }),
    await h.lesson(ivan, rust.id, { title: 'Rust 2', order: 1 }),
  ];
  for (const u of [ann, ben, cat, dan]) await h.enroll(u, go.id);
  await h.paid(ann, rust.id, 30);
  await h.enroll(ann, rust.id);
  for (const l of goLessons) await h.complete(ann, l.id);
  await h.complete(ben, goLessons[0]!.id);
  await h.complete(ann, rustLessons[0]!.id);
  await h.age(ben.id, go.id, { enrolled: 25, active: 10 });
  await h.age(cat.id, go.id, { enrolled: 20, active: 20 });
  await h.age(dan.id, go.id, { enrolled: 40, active: 0 });
  const other = await h.user('instructor');
  const foreign = await h.course(other);
  const eve = await h.user('learner', 'Eve');
  await h.enroll(eve, foreign.id);
  await h.age(eve.id, foreign.id, { active: 30 });
  return { ivan, ann, ben, cat, dan, go, rust, goLessons, other, eve, foreign };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

/** The Monday (UTC, YYYY-MM-DD) of the week `days` days ago. */
function mondayOf(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
/** The 12 weeks up to this one with the enrollments and completions that happened `days` ago. */
function weeksWith(enrolledDaysAgo: number[], completedDaysAgo: number[]) {
  return Array.from({ length: 12 }, (_, i) => {
    const week = mondayOf((11 - i) * 7);
    return {
      week_start: week,
      enrollments: enrolledDaysAgo.filter((d) => mondayOf(d) === week).length,
      completions: completedDaysAgo.filter((d) => mondayOf(d) === week).length,
    };
  });
}

describe('instructor overview', () => {
  it("computes the totals over the instructor's own courses only", async () => {
    const { weekly_activity, ...o } = await h.call(catalogRoutes.instructorOverview, {}, w.ivan.caller);
    // Go: ann today (and completed), ben 25 days ago, cat 20, dan 40; Rust: ann today
    expect(weekly_activity).toEqual(weeksWith([0, 25, 20, 40, 0], [0]));
    // progress: Go ann 100, ben 25, cat 0, dan 0; Rust ann 50 -> average 35
    expect(o).toEqual({
      total_courses: 2,
      total_students: 4,
      completion_rate: 35,
      total_revenue: 30,
      recent_enrollments: 4, // in 30 days: ann Go, ann Rust, ben (25 days ago), cat (20); not dan (40)
      active_students: 2, // ann, dan
      total_quiz_attempts: 0,
      avg_quiz_score: 0,
      monthly_trends: { revenue: 30, active_rate: 50 },
    });
  });
});

describe('course analytics', () => {
  it('answers enrollment stats and lesson completion rates to the owner', async () => {
    const a = await h.call(catalogRoutes.instructorCourseAnalytics, { params: { id: w.go.id } }, w.ivan.caller);
    expect(a.course_info).toMatchObject({ id: w.go.id, title: 'Go', enrollment_count: 4, lesson_count: 4, content_item_count: 0 });
    expect(a.enrollment_stats).toEqual({
      total_enrollments: 4,
      completed: 1,
      in_progress: 1,
      not_started: 2,
      avg_progress: 31.3,
      revenue: 0,
      recent_enrollments: 3,
    });
    expect(a.lesson_analytics.map((l) => [l.lesson_title, l.completions, l.completion_rate])).toEqual([
      ['Go 1', 2, 50],
      ['Go 2', 1, 25],
      ['Go 3', 1, 25],
      ['Go 4', 1, 25],
    ]);
    expect(a.quiz_analytics).toEqual([]);
    expect(a.weekly_activity).toEqual(weeksWith([0, 25, 20, 40], [0]));
    expect(a.score_distribution.map((b) => [b.from, b.to, b.count])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 10, 0]),
    );
    expect(await h.call(catalogRoutes.courseAnalytics, { params: { id: w.go.id } }, w.ivan.caller)).toEqual(a);
  });

  it('refuses anyone else', async () => {
    await expectAppError(h.call(catalogRoutes.courseAnalytics, { params: { id: w.go.id } }, w.other.caller), 403, 'NOT_COURSE_OWNER');
    await expectAppError(
      h.call(catalogRoutes.instructorCourseAnalytics, { params: { id: w.go.id } }, w.other.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    // a learner is refused by the route's guard, in the service as in the gateway
    await expectAppError(h.call(catalogRoutes.instructorCourseAnalytics, { params: { id: w.go.id } }, w.ann.caller), 403, 'FORBIDDEN');
    await expectAppError(h.call(catalogRoutes.courseAnalytics, { params: { id: randomUUID() } }, w.ivan.caller), 404, 'COURSE_NOT_FOUND');
  });
});

describe('students', () => {
  it('lists each learner once with their courses, progress and status', async () => {
    const list = await h.call(catalogRoutes.instructorStudents, {}, w.ivan.caller);
    const byName = Object.fromEntries(list.map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(byName.Ann).toMatchObject({
      id: w.ann.id,
      email: w.ann.email,
      enrolled_courses: 2,
      completed_courses: 1,
      avg_progress: 75,
      status: 'active',
    });
    expect(byName.Ben).toMatchObject({ enrolled_courses: 1, completed_courses: 0, avg_progress: 25, status: 'inactive' });
    expect(byName.Ann!.courses.map((c) => [c.course_title, c.progress]).sort()).toEqual([
      ['Go', 100],
      ['Rust', 50],
    ]);
    expect(await h.call(catalogRoutes.instructorStudents, {}, w.other.caller)).toHaveLength(1);
  });

  it('finds the at-risk learners by the rule, with level and reasons, highest risk first', async () => {
    const list = await h.call(catalogRoutes.instructorAtRisk, {}, w.ivan.caller);
    expect(list.map((s) => [s.student_name, s.course_title, s.risk_level, s.current_progress, s.days_inactive])).toEqual([
      ['Cat', 'Go', 'high', 0, 20],
      ['Ben', 'Go', 'medium', 25, 10],
    ]);
    expect(list[0]!.risk_factors).toEqual([
      'Low progress: 0% complete',
      'No activity for 20 days',
      'Nothing completed since enrolling 20 days ago',
    ]);
    expect(list[1]!.risk_factors).toEqual(['Low progress: 25% complete', 'No activity for 10 days']);
  });
});

describe('messages and interventions', () => {
  it('sends a support message to an at-risk learner and lists it as sent', async () => {
    const r = await h.call(
      catalogRoutes.intervention,
      { params: { id: w.cat.id }, query: { course_id: w.go.id, intervention_type: 'support' } },
      w.ivan.caller,
    );
    expect(r.message).toBe('Intervention message sent successfully!');
    const list = await h.call(catalogRoutes.instructorMessages, {}, w.ivan.caller);
    const sent = list.find((m) => m.id === r.message_id)!;
    expect(sent).toMatchObject({
      sender_name: 'Ivan Instructor',
      recipient_name: 'Cat',
      course_title: 'Go',
      is_sent: true,
      is_read: false,
    });
    expect(sent.subject).toBe('Need a hand with Go?');
    expect(sent.message).toContain('Hi Cat');
    const [row] = await h.ds.query('SELECT intervention_type, message_id FROM interventions WHERE id = $1', [r.intervention_id]);
    expect(row).toEqual({ intervention_type: 'support', message_id: r.message_id });
  });

  it("refuses interventions for someone else's course or a learner not in the course", async () => {
    await expectAppError(
      h.call(
        catalogRoutes.intervention,
        { params: { id: w.eve.id }, query: { course_id: w.foreign.id, intervention_type: 'encouragement' } },
        w.ivan.caller,
      ),
      403,
      'NOT_COURSE_OWNER',
    );
    await expectAppError(
      h.call(
        catalogRoutes.intervention,
        { params: { id: w.eve.id }, query: { course_id: w.go.id, intervention_type: 'resources' } },
        w.ivan.caller,
      ),
      404,
      'STUDENT_NOT_FOUND',
    );
  });

  it("sends messages only to learners of the caller's courses; the recipient alone marks one read", async () => {
    const m = await h.call(
      catalogRoutes.sendMessage,
      { body: { recipient_id: w.ben.id, course_id: null, subject: 'Hello', message: 'How is it going?' } },
      w.ivan.caller,
    );
    expect(m).toMatchObject({
      recipient_id: w.ben.id,
      recipient_name: 'Ben',
      course_id: null,
      course_title: null,
      is_sent: true,
      is_read: false,
    });
    await expectAppError(
      h.call(catalogRoutes.sendMessage, { body: { recipient_id: w.eve.id, subject: 'Hi', message: 'Spam' } }, w.ivan.caller),
      404,
      'STUDENT_NOT_FOUND',
    );
    await expectAppError(
      h.call(
        catalogRoutes.sendMessage,
        { body: { recipient_id: w.ben.id, course_id: w.foreign.id, subject: 'Hi', message: 'x' } },
        w.ivan.caller,
      ),
      403,
      'NOT_COURSE_OWNER',
    );
    await expectAppError(h.call(catalogRoutes.markMessageRead, { params: { id: m.id } }, w.ivan.caller), 403, 'NOT_MESSAGE_RECIPIENT');
    await expectAppError(h.call(catalogRoutes.markMessageRead, { params: { id: m.id } }, w.other.caller), 404, 'MESSAGE_NOT_FOUND');
    // the messages routes are the instructor portal's: Ben reads his message there (same account, instructor portal)
    await expectAppError(h.call(catalogRoutes.markMessageRead, { params: { id: m.id } }, w.ben.caller), 403, 'FORBIDDEN');
    const benInstructor = { ...w.ben.caller, role: 'instructor' as const };
    const read = await h.call(catalogRoutes.markMessageRead, { params: { id: m.id } }, benInstructor);
    expect(read).toMatchObject({ is_read: true, is_sent: false, sender_name: 'Ivan Instructor' });
    const benSees = await h.call(catalogRoutes.instructorMessages, {}, benInstructor);
    expect(benSees.map((x) => [x.subject, x.is_sent, x.is_read])).toEqual([['Hello', false, true]]);
  });
});

describe('content library', () => {
  it("offers the instructor's lessons as templates with the course's items as materials", async () => {
    await h.call(
      catalogRoutes.addContent,
      { params: { id: w.rust.id }, body: { content_type: 'text', title: 'Cheat sheet', text_content: 'fn main() {}' } },
      w.ivan.caller,
    );
    const lib = await h.call(catalogRoutes.contentLibrary, {}, w.ivan.caller);
    expect(lib.quiz_templates).toEqual([]);
    expect(lib.lesson_templates).toHaveLength(6);
    const rust2 = lib.lesson_templates.find((t) => t.title === 'Rust 2')!;
    expect(rust2).toMatchObject({ course_title: 'Rust', content: 'Lesson text', video_chapters: [] });
    expect(rust2.materials).toEqual([{ id: expect.any(String), type: 'text', title: 'Cheat sheet', url: null }]);
    expect((await h.call(catalogRoutes.contentLibrary, {}, w.other.caller)).lesson_templates).toHaveLength(0);
  });
});

describe('institution course figures', () => {
  it("sums the current institution's courses only", async () => {
    const inst = randomUUID();
    const admin = await h.user('institution', 'Inst Admin', inst);
    const c1 = await h.course(admin, { title: 'Inst A', price: 0 });
    const c2 = await h.course(admin, { title: 'Inst B', price: 12 });
    await h.lesson(admin, c1.id);
    const [x, y] = await Promise.all([h.user('learner'), h.user('learner')]);
    await h.enroll(x, c1.id);
    await h.enroll(y, c1.id);
    await h.paid(x, c2.id, 12);
    await h.enroll(x, c2.id);
    const lesson = (await h.call(catalogRoutes.listLessons, { params: { id: c1.id } }, x.caller))[0]!;
    await h.complete(x, lesson.id);
    const a = await h.call(catalogRoutes.institutionCourseAnalytics, {}, admin.caller);
    expect(a.overview).toEqual({ total_courses: 2, total_enrollments: 3, completion_rate: 33.3, total_revenue: 12 });
    expect(a.course_performance.map((r) => [r.title, r.enrollments, r.completion_rate, r.revenue, r.category])).toEqual([
      ['Inst A', 2, 50, 0, 'programming'],
      ['Inst B', 1, 0, 12, 'programming'],
    ]);
    const stranger = await h.user('institution', 'Stranger', randomUUID());
    expect((await h.call(catalogRoutes.institutionCourseAnalytics, {}, stranger.caller)).overview.total_courses).toBe(0);
  });
});
