import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  assessmentRoutes,
  catalogRoutes,
  identityRoutes,
  type ContentItem,
  type Course,
  type Lesson,
  type RouteOutput,
  type User,
} from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../../testing/app-harness';
import { CoursePlayerPage } from './course-player-page';
import { aUser } from '../../../testing/users';

// whole screens on a shared two-core machine
jest.setTimeout(30_000);

const COURSE = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const TEACHER = '11111111-2222-4333-8444-555555555555';
const at = '2026-11-20T09:00:00.000Z';

const learner: User = aUser({ created_at: at });

const lesson = (n: number, title: string, extra: Partial<Lesson> = {}): Lesson => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  course_id: COURSE,
  title,
  description: '',
  content_type: 'text',
  content: `${title}: read me.`,
  duration_minutes: 10,
  order: n,
  is_published: true,
  is_free_preview: false,
  is_locked: false,
  created_at: at,
  updated_at: at,
  ...extra,
});
const intro = lesson(1, 'Introduction');
const variables = lesson(2, 'Variables');
const draft = lesson(3, 'Unfinished draft', { is_published: false });

const cheatSheet: ContentItem = {
  id: '00000000-0000-4000-8000-0000000000c1',
  course_id: COURSE,
  type: 'text',
  title: 'Cheat sheet',
  url: null,
  content: 'let x = 1;',
  duration: null,
  file_name: null,
  file_size: null,
  mime_type: null,
  order: 1,
  lesson_id: variables.id,
  created_at: at,
};

const course: Course = {
  id: COURSE,
  title: 'JavaScript from scratch',
  description: 'Learn the language step by step.',
  price: 0,
  category: 'programming',
  level: 'beginner',
  instructor_id: TEACHER,
  instructor_name: 'Tom Teacher',
  institution_id: null,
  thumbnail: null,
  cover_url: null,
  is_published: true,
  enrollment_count: 12,
  rating_avg: 4.5,
  rating_count: 4,
  lesson_count: 2,
  content_items: [],
  created_at: at,
  updated_at: at,
};

let api: ApiStub;
let user: UserEvent;
let completed: string[];

const progress = (): RouteOutput<typeof catalogRoutes.progress> => ({
  course_id: COURSE,
  enrollment_id: 'e0000000-0000-4000-8000-000000000001',
  completion_percentage: Math.round((completed.length / 3) * 100),
  lessons_completed_ids: completed.filter((id) => id !== cheatSheet.id),
  completed_items: completed.filter((id) => id === cheatSheet.id),
  total_lessons: 2,
  total_items: 1,
  is_completed: false,
  completed_at: null,
  can_get_certificate: false,
  last_activity_at: at,
});

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  completed = [intro.id];
  api = stubApi()
    .on(catalogRoutes.getCourse, () => course)
    .on(catalogRoutes.checkEnrollment, () => ({ enrolled: true, enrollment_id: 'e0000000-0000-4000-8000-000000000001', enrolled_at: at }))
    .on(catalogRoutes.listLessons, () => [intro, variables, draft])
    .on(catalogRoutes.listContent, () => ({ content_items: [cheatSheet] }))
    .on(catalogRoutes.progress, progress)
    .on(assessmentRoutes.courseQuizzes, () => [])
    .on(assessmentRoutes.courseGrades, () => ({
      letter_grade: null,
      overall_percentage: 0,
      earned_points: 0,
      total_points: 0,
      completed_assessments: 0,
      available_assessments: 0,
      quiz_grades: [],
    }));
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

const openPlayer = (path = `/course/${COURSE}/learn`) => renderScreen(<CoursePlayerPage />, { path, pattern: '/course/:courseId/learn' });

describe('CoursePlayerPage', () => {
  it("opens on the learner's first unit not done, with the progress and the published outline", async () => {
    openPlayer();
    expect(await screen.findByRole('heading', { level: 1, name: 'JavaScript from scratch' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('player-progress-value').textContent).toBe('33%'));
    expect(screen.getByRole('heading', { level: 2, name: 'Variables' })).toBeTruthy();
    expect(within(screen.getByTestId('player-viewer')).getByText('Variables: read me.')).toBeTruthy();

    const outline = screen.getByRole('navigation');
    expect(within(outline).getByRole('heading', { name: 'Lessons (2)' })).toBeTruthy();
    const units = within(outline).getAllByTestId('player-unit');
    expect(units.map((u) => u.getAttribute('data-unit-id'))).toEqual([intro.id, variables.id, cheatSheet.id]);
    expect(units[0]!.textContent).toContain('(completed)');
    expect(units[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(outline).queryByText('Unfinished draft')).toBeNull();
  });

  it('marks the unit complete, says so, and goes on to the next unit not done', async () => {
    api.on(catalogRoutes.markComplete, (call) => {
      completed = [...completed, call.params.itemId!];
      return { message: 'ok', already_completed: false, completion_percentage: 67, course_completed: false };
    });
    openPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Variables' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));

    expect(await screen.findByText('Lesson marked as complete!')).toBeTruthy();
    expect(api.callsTo(catalogRoutes.markComplete)[0]?.params).toEqual({ courseId: COURSE, itemId: variables.id });
    await waitFor(() => expect(screen.getByTestId('player-progress-value').textContent).toBe('67%'));
    expect(screen.getByRole('heading', { level: 2, name: 'Cheat sheet' })).toBeTruthy();
    const variablesLink = screen.getAllByTestId('player-unit').find((u) => u.getAttribute('data-unit-id') === variables.id);
    expect(variablesLink?.getAttribute('data-done')).toBe('true');
  });

  it('goes to the following unit with Next, and shows a unit done as completed', async () => {
    openPlayer(`/course/${COURSE}/learn?item=${intro.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Introduction' })).toBeTruthy();
    const mark = await screen.findByRole('button', { name: 'Completed' });
    expect((mark as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Variables' })).toBeTruthy();
  });

  it('says why when marking fails', async () => {
    api.on(catalogRoutes.markComplete, () => new Reply(403, { detail: 'Not enrolled in this course', code: 'NOT_ENROLLED', errors: [] }));
    openPlayer();
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Enroll in this course to continue')).toBeTruthy();
    expect(api.callsTo(catalogRoutes.markComplete)).toHaveLength(1);
    expect(screen.getByTestId('player-progress-value').textContent).toBe('33%');
  });

  it('opens the unit named in the address', async () => {
    openPlayer(`/course/${COURSE}/learn?item=${cheatSheet.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Cheat sheet' })).toBeTruthy();
  });

  it('sends a learner who is not enrolled to the course page', async () => {
    api.on(catalogRoutes.checkEnrollment, () => ({ enrolled: false, enrollment_id: null, enrolled_at: null }));
    openPlayer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enroll to start learning' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the course page' }).getAttribute('href')).toBe(`/course/${COURSE}`);
    expect(api.callsTo(catalogRoutes.listContent)).toHaveLength(0);
  });

  it('says the course is not found when the catalog does not know it', async () => {
    api.on(catalogRoutes.getCourse, () => new Reply(404, { detail: 'Course not found', code: 'NOT_FOUND', errors: [] }));
    openPlayer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeTruthy();
  });
});
