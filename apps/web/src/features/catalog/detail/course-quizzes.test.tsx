import { beforeEach, afterEach, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes, identityRoutes, type User } from '@lp/contracts';
import { screen, within } from '@testing-library/react';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../../testing/app-harness';
import { aUser } from '../../../testing/users';
import { aQuizCard, FIXTURE_AT, FIXTURE_COURSE, FIXTURE_QUIZ } from '../../../testing/quiz-cards';
import { CourseQuizzes } from './course-quizzes';

jest.setTimeout(30_000);

const COURSE = FIXTURE_COURSE;
const QUIZ = FIXTURE_QUIZ;
const at = FIXTURE_AT;
const learner: User = aUser({ created_at: at });

const quiz = aQuizCard();

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
