import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes, catalogRoutes, identityRoutes, type RouteOutput, type User } from '@lp/contracts';
import { screen, within } from '@testing-library/react';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../../testing/app-harness';
import { aUser } from '../../../testing/users';
import { QuizCardView, type QuizCard } from './quiz-card';
import { aQuizCard, FIXTURE_AT, FIXTURE_COURSE, FIXTURE_TEACHER } from '../../../testing/quiz-cards';

jest.setTimeout(30_000);

const COURSE = FIXTURE_COURSE;
const TEACHER = FIXTURE_TEACHER;
const at = FIXTURE_AT;
const learner: User = aUser({ created_at: at });

const card = (over: Partial<QuizCard> = {}): QuizCard => aQuizCard(over);

const enrolledAt = (progress: number): RouteOutput<typeof catalogRoutes.learnerEnrolledCourses>[number] => ({
  id: COURSE,
  course_id: COURSE,
  enrollment_id: 'e0000000-0000-4000-8000-000000000001',
  title: 'JavaScript from scratch',
  description: '',
  thumbnail: null,
  cover_url: null,
  category: 'programming',
  level: 'beginner',
  instructor_id: TEACHER,
  instructor_name: 'Tom Teacher',
  progress,
  progress_percentage: progress,
  enrolled_at: at,
  completed_at: null,
  last_activity_at: at,
});

let api: ApiStub;
let progress: number;
beforeEach(() => {
  progress = 20;
  api = stubApi()
    .on(catalogRoutes.learnerEnrolledCourses, () => [enrolledAt(progress)])
    .on(assessmentRoutes.listMockTests, () => []);
  signIn(api, identityRoutes.me, learner);
});
afterEach(restoreFetch);

describe('QuizCardView (the quiz centre) follows the one unlocking rule', () => {
  it("shows the reason instead of a start button for a course's quiz below 100%", async () => {
    renderScreen(<QuizCardView quiz={card()} />, { path: '/mock-tests' });
    const c = await screen.findByTestId('quiz-card');
    expect((await within(c).findByTestId('quiz-card-locked')).textContent).toBe('Complete the course to unlock this quiz');
    expect(within(c).queryByTestId('quiz-card-start')).toBeNull();
  });

  it('offers the start at 100%, and always for a standalone assessment', async () => {
    progress = 100;
    renderScreen(
      <>
        <QuizCardView quiz={card()} />
        <QuizCardView quiz={card({ id: '33333333-3333-4444-8555-666666666666', course_id: null, course_title: null })} />
      </>,
      { path: '/mock-tests' },
    );
    expect(await screen.findAllByTestId('quiz-card-start')).toHaveLength(2);
    expect(screen.queryByTestId('quiz-card-locked')).toBeNull();
  });
});
