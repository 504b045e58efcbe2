import { beforeEach, afterEach, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes, identityRoutes, type RouteOutput, type User } from '@lp/contracts';
import { screen, within } from '@testing-library/react';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../../testing/app-harness';
import { aUser } from '../../../testing/users';
import { CourseQuizzes } from './course-quizzes';

jest.setTimeout(30_000);

const COURSE = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const TEACHER = '11111111-2222-4333-8444-555555555555';
const QUIZ = '22222222-3333-4444-8555-666666666666';
const at = '2026-11-20T09:00:00.000Z';
const learner: User = aUser({ created_at: at });

const quiz: RouteOutput<typeof assessmentRoutes.courseQuizzes>[number] = {
  id: QUIZ,
  title: 'Loops check',
  description: '',
  kind: 'quiz',
  is_mock_test: false,
  test_mode: 'practice',
  time_limit: 10,
  passing_score: 70,
  subject: 'programming',
  difficulty: 'medium',
  course_id: COURSE,
  course_title: 'JavaScript from scratch',
  max_attempts: 3,
  allow_multiple_attempts: true,
  is_published: true,
  randomize_questions: false,
  show_results_immediately: true,
  instructions: '',
  question_count: 5,
  total_points: 5,
  figures: { attempts: 0, average_score: null, pass_rate: null },
  created_by: TEACHER,
  created_at: at,
  updated_at: at,
  my: { status: 'new', attempts_used: 0, attempts_left: null, best_score: null, can_start: true },
};

let api: ApiStub;
beforeEach(() => {
  api = stubApi().on(assessmentRoutes.courseQuizzes, () => [quiz]);
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

const open = (completion: number, isOwner = false) =>
  renderScreen(<CourseQuizzes courseId={COURSE} isOwner={isOwner} completion={completion} />, { path: `/course/${COURSE}` });

describe("CourseQuizzes (the course page's quiz links)", () => {
  it('shows a learner below 100% why the quiz is locked, with no link to start it', async () => {
    open(20);
    const row = await screen.findByTestId('course-quiz');
    expect(row.getAttribute('data-locked')).toBe('true');
    expect(within(row).getByText('Loops check')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByTestId('course-quiz-locked').textContent).toBe('Complete the course to unlock this quiz');
  });

  it('links a learner at 100% to the quiz', async () => {
    open(100);
    const row = await screen.findByTestId('course-quiz');
    expect(row.getAttribute('data-locked')).toBe('false');
    expect(within(row).getByRole('link', { name: 'Loops check' }).getAttribute('href')).toBe(`/quiz/${QUIZ}/info`);
    expect(within(row).queryByTestId('course-quiz-locked')).toBeNull();
  });

  it("never locks the course's owner out (they preview; no start link for them here either)", async () => {
    open(0, true);
    const row = await screen.findByTestId('course-quiz');
    expect(row.getAttribute('data-locked')).toBe('false');
    expect(within(row).queryByTestId('course-quiz-locked')).toBeNull();
  });
});
