import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { createAssessmentViaApi } from '../support/assessment.js';
import { toast } from '../support/ui.js';

const essayItem = (page: Page) => page.getByTestId('review-item').filter({ has: page.getByText('Explain why 7 is prime') });

// Spec 2 "Taking quizzes" with an essay: the simple quiz runs on the server's clock and keeps its
// progress across a reload; the essay waits for review; the author grades it on the attempt's
// review page; the learner then reads the points, the feedback and the new score.
test.describe('essay review', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a learner submits an essay, the instructor grades it, the learner sees the new score and feedback', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'essay-instr');
    const learner = await registerViaApi(request, 'learner', 'essay-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const title = `E2E Essay ${stamp}`;
    const quizId = await createAssessmentViaApi(request, instructor.token, 'quiz', {
      title,
      test_mode: 'practice',
      time_limit: 10,
      passing_score: 50,
      questions: [
        { question_text: 'What is 3 + 4?', options: ['6', '7'], correct_answer: '7', subject: 'mathematics', points: 2 },
        { question_text: 'Explain why 7 is prime', question_type: 'essay', correct_answer: 'Only 1 and 7 divide it.', points: 4 },
      ],
    });

    // the browser's clock is two hours behind: the countdown still reads the server's ten minutes
    await page.clock.install({ time: Date.now() - 2 * 3_600_000 });
    await signInWithToken(page, learner.token, `/quiz/${quizId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('quiz-timer')).toHaveText(/^(10:00|09:[45]\d)$/);
    const question = page.getByTestId('quiz-question');
    await question.getByRole('radio', { name: '7', exact: true }).check();
    await page.getByTestId('quiz-next').click();
    const essay = 'Seven has no divisors but 1 and itself.';
    const saved = page.waitForResponse((r) => r.url().includes('/save-progress') && r.request().method() === 'POST');
    await question.getByTestId('answer-text').fill(essay);
    expect((await saved).status()).toBe(200);

    // a reload resumes the same session: the answers and the question it was on
    await page.reload();
    await expect(page.getByTestId('quiz-question')).toContainText('Explain why 7 is prime');
    await expect(question.getByTestId('answer-text')).toHaveValue(essay);
    await expect(page.getByTestId('quiz-answered')).toHaveText('2 of 2 answered');
    await page.getByTestId('quiz-to-review').click();
    const submitted = page.waitForResponse((r) => r.url().includes(`/api/quizzes/${quizId}/submit`));
    await page.getByTestId('quiz-submit').click();
    const attemptId = ((await (await submitted).json()) as { attempt_id: string }).attempt_id;
    const result = page.getByTestId('quiz-result');
    await expect(result.getByTestId('result-score-value')).toHaveText('33.3%');
    await expect(essayItem(page).getByTestId('review-pending')).toHaveText('Waiting for review');

    // the quiz's card (GET /quizzes/{id}/info) lists the attempt as waiting
    await page.goto(`/quiz/${quizId}/info`);
    await expect(page.getByTestId('quiz-info-attempt-pending')).toHaveText('Waiting for review');
    await expect(page.getByTestId('quiz-info-attempts-value')).toHaveText('1 (unlimited)');

    // the learner's review page says the same
    await page.goto(`/quiz/${quizId}/review/${attemptId}`);
    await expect(page.getByTestId('quiz-review')).toHaveAttribute('data-viewer', 'taker');
    await expect(essayItem(page).getByTestId('review-pending')).toHaveText('Waiting for review');
    await expect(page.getByTestId('essay-review-form')).toHaveCount(0);

    // the instructor grades the essay on the attempt's review page
    await signInWithToken(page, instructor.token, `/quiz/${quizId}/review/${attemptId}`);
    await expect(page.getByTestId('quiz-review')).toHaveAttribute('data-viewer', 'author');
    const grading = essayItem(page).getByTestId('essay-grading');
    const points = grading.getByRole('spinbutton', { name: 'Points (0–4)' });
    await points.fill('5');
    await page.getByTestId('review-save').click();
    await expect(grading.getByRole('alert')).toHaveText('At most 4 points');
    await expect(points).toHaveAttribute('aria-invalid', 'true');
    await points.fill('3.5');
    await grading.getByRole('textbox', { name: 'Feedback on this answer' }).fill('Clear reasoning; name the divisors you checked.');
    await page.getByRole('textbox', { name: 'Feedback on the whole attempt' }).fill('Good work overall.');
    // a field error from the server lands at the essay it names (grades.0 is the one essay sent)
    await page.route(
      '**/api/learner/quiz-attempts/*/review',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            detail: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: [{ path: 'grades.0.feedback', message: 'Feedback is refused by the server' }],
          }),
        }),
      { times: 1 },
    );
    await page.getByTestId('review-save').click();
    await expect(toast(page, 'Feedback is refused by the server')).toBeVisible();
    await expect(grading.getByRole('alert')).toHaveText('Feedback is refused by the server');
    // the toast sits over the bottom-right corner: the user closes it, then saves again
    await toast(page, 'Feedback is refused by the server').getByRole('button').click();
    await page.getByTestId('review-save').click();
    await expect(toast(page, 'Review saved')).toBeVisible();
    await expect(page.getByTestId('result-score-value')).toHaveText('91.7%');
    await expect(page.getByTestId('result-passed')).toHaveText('Passed');
    await expect(points).toHaveValue('3.5');

    // the learner reads the points, the feedback and the new score
    await signInWithToken(page, learner.token, `/quiz/${quizId}/review/${attemptId}`);
    await expect(page.getByTestId('quiz-review')).toHaveAttribute('data-viewer', 'taker');
    await expect(page.getByTestId('result-score-value')).toHaveText('91.7%');
    await expect(page.getByTestId('result-passed')).toHaveText('Passed');
    await expect(essayItem(page).getByTestId('review-pending')).toHaveCount(0);
    await expect(essayItem(page).getByTestId('review-essay-points')).toHaveText('3.5 / 4 points');
    await expect(essayItem(page).getByTestId('review-feedback')).toContainText('Clear reasoning; name the divisors you checked.');
    await expect(page.getByTestId('review-overall-feedback')).toContainText('Good work overall.');
    await page.goto(`/quiz/${quizId}/info`);
    await expect(page.getByTestId('quiz-info-attempt-list')).toContainText('91.7%');
    await expect(page.getByTestId('quiz-info-attempt-pending')).toHaveCount(0);
  });
});
