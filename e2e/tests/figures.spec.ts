import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { createAssessmentViaApi, createCourseViaApi } from '../support/assessment.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';

// Issue 14, items 2 and 3: figures that mean something and real charts. A figure with nothing
// behind it reads "—" with a sentence (never "0.0" or "0%" as if measured); a trend is a chart
// that is one image with a summary, its figures also a table.

const NO_DATA = '\u2014';
const bearer = (a: RegisteredAccount) => ({ Authorization: `Bearer ${a.token}` });

/** The main region shows no made-up zero: no "0.0" and no "0%" (a count of 0 is a count). */
async function expectNoZeroFigures(page: Page, what: string): Promise<void> {
  const text = await page.getByRole('main').innerText();
  expect(text, `${what} shows a zero decimal`).not.toMatch(/(^|[^\d.])0\.0(?!\d*[1-9])/);
  expect(text, `${what} shows a zero percentage`).not.toMatch(/(^|[^\d.])0%/);
}

/** The learner takes a course quiz through the API: `right` of its questions answered correctly. */
async function takeQuiz(request: APIRequestContext, learner: RegisteredAccount, quizId: string, right: number): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/quizzes/${quizId}`, { headers: bearer(learner) })).status(), {
      timeout: 20_000,
      intervals: [200, 500, 1000],
    })
    .toBe(200);
  const quiz = (await (await request.get(`/api/quizzes/${quizId}`, { headers: bearer(learner) })).json()) as {
    questions: { id: string; question_text: string }[];
    session_id: string | null;
  };
  const answers = Object.fromEntries(quiz.questions.map((q, i) => [q.id, i < right ? 'True' : 'False']));
  const submit = await request.post(`/api/quizzes/${quizId}/submit`, {
    headers: bearer(learner),
    data: { answers, ...(quiz.session_id ? { session_id: quiz.session_id } : {}) },
  });
  expect(submit.status(), await submit.text()).toBe(200);
}

test.describe('figures that mean something, charts that say what they show', () => {
  test('a new learner sees "—" and a sentence, never a zero presented as data', async ({ page, request }) => {
    const learner = await registerViaApi(request, 'learner', 'fig-new-learner');
    await signInWithToken(page, learner.token, '/learner/dashboard');
    await expect(page.getByTestId('learning-progress')).toBeVisible();

    await expect(page.getByTestId('progress-average-value')).toHaveText(NO_DATA);
    await expect(page.getByTestId('progress-average')).toContainText('Enroll in a course to see your progress.');
    await expect(page.getByTestId('progress-pass-rate-value')).toHaveText(NO_DATA);
    await expect(page.getByTestId('progress-pass-rate')).toContainText('Take a quiz to see your pass rate.');
    await expectNoZeroFigures(page, "the new learner's dashboard");
    await expectNoSeriousA11yViolations(page, "the new learner's dashboard");

    await page.getByTestId('progress-tab-quizzes').click();
    const analytics = page.getByTestId('quiz-analytics');
    await expect(analytics.getByTestId('analytics-average-value')).toHaveText(NO_DATA);
    await expect(analytics.getByTestId('analytics-pass-rate-value')).toHaveText(NO_DATA);
    await expect(analytics.getByTestId('analytics-time-value')).toHaveText(NO_DATA);
    await expect(analytics.getByTestId('analytics-time')).toContainText('Take a quiz to see how long a question takes you.');
    await expect(analytics.getByTestId('analytics-recent-value')).toHaveText(NO_DATA);
    await expect(analytics.getByTestId('score-history-empty')).toBeVisible();
    await expectNoZeroFigures(page, "the new learner's quiz performance");
    await expectNoSeriousA11yViolations(page, "the new learner's quiz performance");

    await page.goto('/mock-tests?tab=analytics');
    await page.getByTestId('centre-tab-analytics').click();
    await expect(page.getByText('No analytics yet')).toBeVisible();
    await expectNoZeroFigures(page, "the quiz centre's analytics of a new learner");
    await expectNoSeriousA11yViolations(page, "the quiz centre's analytics of a new learner");
  });

  test('a new instructor sees "—" and sentences on the dashboard, course analytics and quiz analytics', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'fig-new-instructor');
    await signInWithToken(page, instructor.token, '/instructor/dashboard');
    await expect(page.getByTestId('overview-tab')).toBeVisible();
    await expect(page.getByTestId('stat-completion-rate-value')).toHaveText(NO_DATA);
    await expect(page.getByTestId('stat-completion-rate')).toContainText('No learner has enrolled yet.');
    await expect(page.getByTestId('stat-total-revenue-value')).toHaveText(NO_DATA);
    await expect(page.getByTestId('stat-total-revenue')).toContainText('No sales yet.');
    await expect(page.getByTestId('overview-weekly-chart-empty')).toHaveText('No enrollment or completion in the last 12 weeks.');
    await expectNoZeroFigures(page, "the new instructor's dashboard");
    await expectNoSeriousA11yViolations(page, "the new instructor's dashboard");

    // a course without learners: its analytics say so rather than show 0% bars
    await createCourseViaApi(request, instructor.token, `Figures course ${Date.now()}`);
    await page.goto('/instructor/dashboard?tab=analytics');
    const course = page.getByTestId('course-analytics');
    await expect(course.getByTestId('analytics-avg-progress-value')).toHaveText(NO_DATA);
    await expect(course.getByTestId('analytics-revenue-value')).toHaveText(NO_DATA);
    await expect(course).toContainText('Completion rates appear once learners enroll.');
    await expectNoZeroFigures(page, 'the analytics of a course without learners');
    await expectNoSeriousA11yViolations(page, 'the analytics of a course without learners');

    await page.goto('/mock-test-manager');
    await page.getByTestId('tab-analytics').click();
    await expect(page.getByText('No analytics yet')).toBeVisible();
    await expectNoZeroFigures(page, "the quiz builder's analytics");
    await expectNoSeriousA11yViolations(page, "the quiz builder's analytics");
  });

  test('with attempts, the learner and the instructor see charts with a summary and a table', async ({ page, request }) => {
    test.setTimeout(90_000);
    const instructor = await registerViaApi(request, 'instructor', 'fig-author');
    const learner = await registerViaApi(request, 'learner', 'fig-taker');
    const title = `Charted course ${Date.now()}`;
    const courseId = await createCourseViaApi(request, instructor.token, title);
    const enroll = await request.post(`/api/courses/${courseId}/enroll`, { headers: bearer(learner) });
    expect(enroll.status(), await enroll.text()).toBe(201);
    const fourStatements = (subject: string) =>
      ['One', 'Two', 'Three', 'Four'].map((n) => ({
        question_text: `${subject} statement ${n}`,
        question_type: 'true_false' as const,
        correct_answer: 'True',
        subject,
      }));
    const maths = await createAssessmentViaApi(request, instructor.token, 'quiz', {
      title: 'Fractions check',
      course_id: courseId,
      subject: 'mathematics',
      time_limit: 0,
      passing_score: 50,
      test_mode: 'practice',
      questions: fourStatements('mathematics'),
    });
    const science = await createAssessmentViaApi(request, instructor.token, 'quiz', {
      title: 'Planets check',
      course_id: courseId,
      subject: 'science',
      time_limit: 0,
      passing_score: 50,
      test_mode: 'practice',
      questions: fourStatements('science'),
    });
    // a course's quizzes open at 100% completion (spec 2, enforced by assessment): the learner reads the one lesson first
    const lessons = (await (await request.get(`/api/courses/${courseId}/lessons`, { headers: bearer(learner) })).json()) as Array<{
      id: string;
    }>;
    for (const lesson of lessons) {
      const done = await request.post(`/api/lessons/${lesson.id}/complete`, { headers: bearer(learner), data: { time_spent_minutes: 5 } });
      expect(done.status(), await done.text()).toBe(200);
    }
    await takeQuiz(request, learner, maths, 1); // 25%
    await takeQuiz(request, learner, science, 3); // 75%

    await signInWithToken(page, learner.token, '/learner/dashboard');
    await expect(page.getByTestId('progress-pass-rate-value')).toHaveText('50%');
    const history = page.getByRole('img', { name: /Your scores in your last 2 attempts/ });
    await expect(history).toBeVisible();
    await expect(history.locator('svg').first()).toBeVisible();
    await expect(history).toHaveAttribute('aria-label', /from 25% to 75%/);
    await expect(page.getByTestId('score-history-chart').getByRole('row').filter({ hasText: 'Planets check' })).toContainText('75%');
    await expectNoSeriousA11yViolations(page, "the learner's dashboard with a score chart");

    await page.getByTestId('progress-tab-quizzes').click();
    const analytics = page.getByTestId('quiz-analytics');
    // subjects by their labels, compared as bars
    const subjects = analytics.getByRole('img', { name: /Performance by subject/ });
    await expect(subjects).toHaveAttribute('aria-label', /Mathematics 25%.*Science 75%|Science 75%.*Mathematics 25%/);
    await expect(analytics.getByTestId('analytics-strongest-value')).toHaveText('Science');
    await expect(analytics.getByTestId('analytics-time-value')).toHaveText(/^\d+ sec$|min/);
    // a signed change, coloured and explained
    await expect(analytics.getByTestId('analytics-recent-value')).toHaveText('+50 points');
    await expect(analytics.getByTestId('analytics-recent-value').locator('[data-tone]')).toHaveAttribute('data-tone', 'up');
    await expect(analytics.getByTestId('analytics-recent')).toContainText('against the attempts before them');
    await expectNoSeriousA11yViolations(page, "the learner's quiz performance charts");

    // the course detail: a course without assessments taken has no made-up grade; progress over time waits for a second week
    await page.getByTestId('progress-tab-courses').click();
    await page.getByTestId('progress-course').filter({ hasText: title }).getByTestId('progress-course-details').click();
    const detail = page.getByTestId('progress-detail');
    await expect(detail.getByTestId('progress-detail-quizzes-value')).toHaveText('2 / 2');
    await expect(detail.getByTestId('progress-over-time-empty')).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the learner's course detail");

    // the instructor: enrollments per week and the spread of the course's quiz scores (the attempts reach catalog as events)
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/instructor/analytics/course/${courseId}`, { headers: bearer(instructor) });
          const body = (await res.json()) as { score_distribution?: { count: number }[] };
          return (body.score_distribution ?? []).reduce((n, b) => n + b.count, 0);
        },
        { timeout: 20_000, intervals: [250, 500, 1000] },
      )
      .toBe(2);
    await signInWithToken(page, instructor.token, `/instructor/dashboard?tab=analytics&course=${courseId}`);
    const course = page.getByTestId('course-analytics');
    await expect(course.getByTestId('analytics-total-enrollments-value')).toHaveText('1');
    await expect(course.getByRole('img', { name: /Enrollments and completions per week/ })).toBeVisible();
    await expect(course.getByTestId('analytics-enrollment-chart-graphic').locator('svg').first()).toBeVisible();
    await expect(course.getByRole('img', { name: /Spread of learners' scores/ })).toBeVisible();
    await expect(course.getByTestId('analytics-score-distribution').getByRole('row').filter({ hasText: '20–29' })).toContainText('1');
    await expect(course.getByTestId('analytics-score-distribution').getByRole('row').filter({ hasText: '70–79' })).toContainText('1');
    await expectNoSeriousA11yViolations(page, "the instructor's course analytics charts");

    // the learners compared by how far they got
    await page.getByTestId('instructor-tab-students').click();
    // she finished the course (its quizzes open at 100%)
    await expect(page.getByRole('img', { name: /Learners by average progress:.*Finished 1/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the instructor's students tab");
  });
});
