import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, registerViaApi, signInWithToken } from '../support/accounts.js';
import { createAssessmentViaApi, createCourseViaApi, TAKING_TEXT } from '../support/assessment.js';

async function expectNoSeriousAxe(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    )
    .join('\n');
  expect(blocking, `axe on ${what}:\n${report}`).toEqual([]);
}

const timerSeconds = async (page: Page): Promise<number> => Number(await page.getByTestId('session-timer').getAttribute('data-seconds'));

// Spec 2 "Taking quizzes": a learner takes a timed mock test on the server's clock, reloads in
// the middle and finds everything where it was, submits through the confirmation and reads the
// results; and the simple take-quiz page with its review step and retake.
test.describe('taking assessments', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a learner takes a timed mock test, reloads mid-test, submits and reviews the result', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'mt-instr');
    const learner = await registerViaApi(request, 'learner', 'mt-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const title = `E2E Mock ${stamp}`;
    const limitMinutes = 20;
    const testId = await createAssessmentViaApi(request, instructor.token, 'mock-test', {
      title,
      description: `A timed mock test made by the end-to-end suite (${stamp}). `.padEnd(160, 'More words to cut. '),
      subject: 'mathematics',
      time_limit: limitMinutes,
      passing_score: 60,
      test_mode: 'exam',
      instructions: 'Answer every question; flag the ones to revisit.',
      questions: [
        {
          question_text: 'What is 2 + 2?',
          options: ['3', '4', '5', '6'],
          correct_answer: '4',
          subject: 'mathematics',
          explanation: 'Two and two make four.',
        },
        {
          question_text: 'Which is the formula of water?',
          options: ['H2O', 'CO2'],
          correct_answer: 'H2O',
          subject: 'science',
          explanation: 'Two hydrogen atoms and one oxygen atom.',
        },
        {
          question_text: 'The Sun is a star.',
          question_type: 'true_false',
          correct_answer: 'True',
          subject: 'science',
          explanation: 'It is a G-type main-sequence star.',
        },
        {
          question_text: 'What is 10 divided by 2?',
          question_type: 'short_answer',
          correct_answer: '5',
          subject: 'mathematics',
          explanation: 'Ten halves are five.',
        },
      ],
    });

    await test.step('the quiz centre lists the test with a cut description and Start Quiz', async () => {
      await signInWithToken(page, learner.token, '/mock-tests');
      await expect(page.getByRole('heading', { level: 1, name: 'Quiz Centre' })).toBeVisible();
      await page.getByTestId('discover-search').fill(stamp);
      const card = page.getByTestId('quiz-card').filter({ hasText: title });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('quiz-card-status')).toHaveText('Not started');
      // spec 9: the description is cut at 120 characters (plus the ellipsis)
      const description = (await card.getByTestId('quiz-card-description').textContent()) ?? '';
      expect(description.length).toBeLessThanOrEqual(121);
      expect(description.endsWith('…')).toBe(true);
      await expect(card.getByTestId('quiz-card-start')).toHaveText(TAKING_TEXT.startQuiz);
      await card.getByTestId('quiz-card-start').click();
      await expect(page).toHaveURL(new RegExp(`/mock-test/${testId}$`));
    });

    await test.step('the instructions come first; Start opens the session with a running countdown', async () => {
      const instructions = page.getByTestId('session-instructions');
      await expect(instructions.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(instructions.getByText('Answer every question; flag the ones to revisit.')).toBeVisible();
      await instructions.getByTestId('session-start').click();
      await expect(page.getByTestId('test-session')).toBeVisible();
      await expect(page.getByTestId('session-counter')).toHaveText('Question 1 of 4');
      await expect(page.getByTestId('session-answered')).toHaveText('0 of 4 answered');
      const timer = page.getByTestId('session-timer');
      await expect(timer).toHaveAttribute('data-tone', 'normal');
      const first = await timerSeconds(page);
      expect(first).toBeGreaterThan(limitMinutes * 60 - 30);
      expect(first).toBeLessThanOrEqual(limitMinutes * 60);
      // the timer is re-read every second
      await expect.poll(() => timerSeconds(page), { timeout: 5_000 }).toBeLessThan(first);
      await expectNoSeriousAxe(page, 'the test session');
    });

    let beforeReload = 0;
    await test.step('the learner answers three questions and flags the second; the answers are saved', async () => {
      const question = page.getByTestId('session-question');
      await question.getByRole('radio', { name: '4', exact: true }).check();
      await page.getByTestId('session-next').click();
      await expect(page.getByTestId('session-counter')).toHaveText('Question 2 of 4');
      await question.getByRole('radio', { name: 'CO2', exact: true }).check();
      await page.getByTestId('session-flag').click();
      await expect(page.getByTestId('session-flag')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('session-next').click();
      // autosave runs 5 seconds after the last change: wait for that save before reloading
      const saved = page.waitForResponse(
        (r) => r.url().includes(`/api/mock-tests/${testId}/save-progress`) && r.request().method() === 'POST',
        {
          timeout: 15_000,
        },
      );
      await question.getByRole('radio', { name: 'True', exact: true }).check();
      const response = await saved;
      expect(response.status()).toBe(200);
      await expect(page.getByTestId('session-answered')).toHaveText('3 of 4 answered');
      beforeReload = await timerSeconds(page);
    });

    await test.step('after a reload the answers, the flag, the current question and the clock are restored', async () => {
      await page.reload();
      await expect(page.getByTestId('test-session')).toBeVisible();
      await expect(page.getByTestId('session-instructions')).toHaveCount(0);
      await expect(page.getByTestId('session-counter')).toHaveText('Question 3 of 4');
      await expect(page.getByTestId('session-answered')).toHaveText('3 of 4 answered');
      await expect(page.getByTestId('session-question').getByRole('radio', { name: 'True', exact: true })).toBeChecked();
      const grid = page.getByTestId('session-grid-item');
      await expect(grid.nth(0)).toHaveAttribute('data-answered', 'true');
      await expect(grid.nth(1)).toHaveAttribute('data-flagged', 'true');
      await expect(grid.nth(2)).toHaveAttribute('data-current', 'true');
      await expect(grid.nth(3)).toHaveAttribute('data-answered', 'false');
      // the countdown goes on from where it was, not from the full limit
      const afterReload = await timerSeconds(page);
      expect(afterReload).toBeLessThanOrEqual(beforeReload);
      expect(afterReload).toBeGreaterThan(beforeReload - 30);
      await expect.poll(() => timerSeconds(page), { timeout: 5_000 }).toBeLessThan(afterReload);

      await page.getByTestId('session-next-flagged').click();
      await expect(page.getByTestId('session-counter')).toHaveText('Question 2 of 4');
      await expect(page.getByTestId('session-question').getByRole('radio', { name: 'CO2', exact: true })).toBeChecked();
    });

    await test.step('the session fits a 360 px wide phone without sideways scrolling', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByTestId('session-timer')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath('session-360.png') });
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step('Finish Quiz asks for confirmation, counting the unanswered question', async () => {
      await page.getByTestId('session-finish').click();
      const dialog = page.getByTestId('session-confirm');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('You answered 3 of 4 questions. 1 question is unanswered and will count as incorrect.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await page.getByTestId('session-finish').click();
      await page.getByTestId('session-confirm-confirm').click();
    });

    await test.step('the results show score, pass result, subjects and the detailed review', async () => {
      const results = page.getByTestId('session-results');
      await expect(results).toBeVisible();
      // 2 of 4 correct (2 + 2 and the Sun; water wrong; 10 / 2 unanswered), one point each
      await expect(results.getByTestId('result-score-value')).toHaveText('50%');
      await expect(results.getByTestId('result-correct-value')).toHaveText('2 of 4');
      await expect(results.getByTestId('result-passed')).toHaveText('Not passed');
      const subjects = results.getByTestId('subject-performance');
      // a chart: its figures are also a table, subjects by their labels
      await expect(subjects.getByRole('img', { name: /Performance by subject/ })).toBeVisible();
      await expect(subjects.getByRole('row').filter({ hasText: 'Mathematics' })).toContainText('50% (1/2)');
      await expect(subjects.getByRole('row').filter({ hasText: 'Science' })).toContainText('50% (1/2)');
      const items = results.getByTestId('review-item');
      await expect(items).toHaveCount(4);
      const water = items.filter({ hasText: 'Which is the formula of water?' });
      await expect(water.getByTestId('review-badge')).toHaveText('Incorrect');
      await expect(water.getByTestId('review-user-answer')).toContainText('CO2');
      await expect(water.getByTestId('review-correct-answer')).toContainText('H2O');
      await expect(water.getByTestId('review-explanation')).toContainText('Two hydrogen atoms and one oxygen atom.');
      const sum = items.filter({ hasText: 'What is 2 + 2?' });
      await expect(sum.getByTestId('review-badge')).toHaveText('Correct');
      await expect(sum.getByTestId('review-correct-answer')).toHaveCount(0);
      await expect(items.filter({ hasText: 'What is 10 divided by 2?' }).getByTestId('review-user-answer')).toContainText('Not answered');
      await expectNoSeriousAxe(page, 'the test results');
    });

    await test.step('My Attempts lists the attempt and opens its review', async () => {
      await page.getByTestId('session-back').click();
      await expect(page).toHaveURL(/\/mock-tests$/);
      await page.getByTestId('centre-tab-attempts').click();
      const attempt = page.getByTestId('attempt-item').filter({ hasText: title });
      await expect(attempt.getByTestId('attempt-score')).toHaveText('50%');
      await attempt.getByTestId('attempt-review-link').click();
      await expect(page).toHaveURL(new RegExp(`/quiz/${testId}/review/[0-9a-f-]{36}$`));
      const review = page.getByTestId('quiz-review');
      await expect(review.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(review.getByTestId('review-item')).toHaveCount(4);
    });

    await test.step('the details page shows the learner status and names the button Continue', async () => {
      await page.goto(`/quiz/${testId}/info`);
      const info = page.getByTestId('quiz-info');
      // 50 % under a passing score of 60, attempts left: in progress (spec 4)
      await expect(info).toHaveAttribute('data-status', 'in-progress');
      await expect(info.getByTestId('quiz-info-status')).toHaveText('In progress');
      await expect(info.getByTestId('quiz-info-start')).toHaveText('Continue');
      await expect(info.getByTestId('quiz-info-attempt-list').getByRole('listitem')).toHaveCount(1);
    });
  });

  test('a learner takes a quiz: review step, Change Answer, submit and retake', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'quiz-instr');
    const learner = await registerViaApi(request, 'learner', 'quiz-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const title = `E2E Quiz ${stamp}`;
    const quizId = await createAssessmentViaApi(request, instructor.token, 'quiz', {
      title,
      test_mode: 'practice',
      time_limit: 0,
      passing_score: 50,
      questions: [
        { question_text: 'Pick the even number', options: ['7', '8', '9'], correct_answer: '8', subject: 'mathematics' },
        { question_text: 'Pick the vowel', options: ['b', 'e', 'k'], correct_answer: 'e', subject: 'english' },
      ],
    });

    await signInWithToken(page, learner.token, `/quiz/${quizId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const question = page.getByTestId('quiz-question');
    await question.getByRole('radio', { name: '7', exact: true }).check();
    await page.getByTestId('quiz-next').click();
    // spec 5: every question must be answered before the review
    await page.getByTestId('quiz-to-review').click();
    await expect(page.getByTestId('quiz-answer-all')).toHaveText(TAKING_TEXT.answerAllOne);
    await question.getByRole('radio', { name: 'e', exact: true }).check();
    await page.getByTestId('quiz-to-review').click();

    const review = page.getByTestId('quiz-review-step');
    await expect(review.getByTestId('quiz-review-item')).toHaveCount(2);
    await expect(review.getByTestId('quiz-review-answer').first()).toContainText('7');
    await review.getByTestId('quiz-change-answer').first().click();
    await expect(question).toContainText('Pick the even number');
    await question.getByRole('radio', { name: '8', exact: true }).check();
    await page.getByTestId('quiz-dot').nth(1).click();
    await page.getByTestId('quiz-to-review').click();
    await expect(review.getByTestId('quiz-review-answer').first()).toContainText('8');
    await review.getByTestId('quiz-submit').click();

    const result = page.getByTestId('quiz-result');
    await expect(result.getByTestId('result-score-value')).toHaveText('100%');
    await expect(result.getByTestId('result-passed')).toHaveText('Passed');
    await expect(result.getByTestId('review-item')).toHaveCount(2);

    await result.getByTestId('quiz-retake').click();
    await expect(page.getByTestId('quiz-question-step')).toBeVisible();
    await expect(page.getByTestId('quiz-answered')).toHaveText('0 of 2 answered');
    await expect(page.getByTestId('quiz-dot').first()).toHaveAttribute('data-answered', 'false');
    await expect(question.getByRole('radio', { name: '8', exact: true })).not.toBeChecked();
  });

  test('course assessments unlock at 100 %, a passed quiz shows in the grades and on the progress dashboard', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cq-instr');
    const learner = await registerViaApi(request, 'learner', 'cq-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const courseTitle = `E2E Graded Course ${stamp}`;
    const quizTitle = `E2E Course Quiz ${stamp}`;
    const courseId = await createCourseViaApi(request, instructor.token, courseTitle);
    const quizId = await createAssessmentViaApi(request, instructor.token, 'quiz', {
      title: quizTitle,
      course_id: courseId,
      test_mode: 'practice',
      time_limit: 0,
      questions: [
        { question_text: 'Did you read the lesson?', question_type: 'true_false', correct_answer: 'True', subject: 'programming' },
      ],
    });
    const enroll = await request.post(`/api/courses/${courseId}/enroll`, { headers: { Authorization: `Bearer ${learner.token}` } });
    expect(enroll.status(), await enroll.text()).toBe(201);

    await test.step('the course page lists the quiz for the enrolled learner', async () => {
      await signInWithToken(page, learner.token, `/course/${courseId}`);
      const quiz = page.getByTestId('course-quiz').filter({ hasText: quizTitle });
      await expect(quiz).toContainText('Not started');
    });

    await test.step('in the player the assessments are locked until the course is complete', async () => {
      await page.goto(`/course/${courseId}/learn`);
      const assessments = page.getByTestId('player-assessments');
      await expect(assessments).toHaveAttribute('data-locked', 'true');
      await expect(assessments.getByTestId('player-assessments-locked')).toHaveText('Assessments unlock when you reach 100% completion.');
      await expect(assessments.getByTestId('player-assessment-start')).toHaveCount(0);
      await page.getByTestId('player-mark-complete').click();
      await expect(page.getByTestId('player-progress-value')).toHaveText('100%');
      await expect(assessments).toHaveAttribute('data-locked', 'false');
      await expect(assessments.getByTestId('player-assessment-start')).toHaveText(TAKING_TEXT.startQuiz);
      await assessments.getByTestId('player-assessment-start').click();
      await expect(page).toHaveURL(new RegExp(`/quiz/${quizId}$`));
    });

    await test.step('the learner passes the quiz and goes back to the course', async () => {
      await page.getByTestId('quiz-question').getByRole('radio', { name: 'True', exact: true }).check();
      await page.getByTestId('quiz-to-review').click();
      await page.getByTestId('quiz-submit').click();
      await expect(page.getByTestId('result-score-value')).toHaveText('100%');
      await page.getByTestId('quiz-back-to-course').click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
      await expect(page.getByTestId('course-quiz').filter({ hasText: quizTitle })).toContainText('Passed');
    });

    await test.step('the player shows the grades and Retake Quiz', async () => {
      await page.goto(`/course/${courseId}/learn`);
      const grades = page.getByTestId('player-grades');
      await expect(grades.getByTestId('grades-letter-value')).toHaveText('A');
      await expect(grades.getByTestId('grades-overall-value')).toHaveText('100%');
      await expect(grades.getByTestId('grades-points-value')).toHaveText('1 / 1');
      await expect(grades.getByTestId('grades-completed-value')).toHaveText('1 / 1');
      await expect(grades.getByTestId('grades-item')).toHaveCount(1);
      await expect(page.getByTestId('player-assessment-start')).toHaveText(TAKING_TEXT.retakeQuiz);
    });

    await test.step('the learning progress dashboard counts the course and the pass', async () => {
      await page.goto('/learner/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${learner.name}` })).toBeVisible();
      await expect(page.getByTestId('progress-enrolled-value')).toHaveText('1');
      await expect(page.getByTestId('progress-completed-value')).toHaveText('1');
      await expect(page.getByTestId('progress-pass-rate-value')).toHaveText('100%');
      await page.getByTestId('progress-tab-achievements').click();
      await expect(page.getByTestId('achievement').filter({ hasText: 'First Pass' })).toBeVisible();
      await page.getByTestId('progress-tab-courses').click();
      await page.getByTestId('progress-course').filter({ hasText: courseTitle }).getByTestId('progress-course-details').click();
      const detail = page.getByTestId('progress-detail');
      await expect(detail.getByRole('heading', { name: courseTitle })).toBeVisible();
      await expectNoSeriousAxe(page, 'the progress course detail');
    });

    await test.step('when the dashboard cannot load, no figure is made up', async () => {
      await page.route('**/api/learner/quiz-analytics', (route) => route.abort());
      await page.goto('/learner/dashboard');
      await expect(page.getByTestId('load-error')).toContainText('Failed to load your progress.');
      await expect(page.getByTestId('progress-enrolled-value')).toHaveText('—');
      await expect(page.getByTestId('progress-completed-value')).toHaveText('—');
      await expect(page.getByTestId('progress-pass-rate-value')).toHaveText('—');
      await page.unroute('**/api/learner/quiz-analytics');
      await page.getByTestId('load-error').getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('progress-enrolled-value')).toHaveText('1');
      await expect(page.getByTestId('load-error')).toHaveCount(0);
    });
  });

  test('the countdown warns at 25 %, turns critical at 10 % and hands the test in at zero', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'auto-instr');
    const learner = await registerViaApi(request, 'learner', 'auto-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const testId = await createAssessmentViaApi(request, instructor.token, 'mock-test', {
      title: `E2E One Minute ${stamp}`,
      test_mode: 'practice',
      time_limit: 1,
      questions: [
        { question_text: 'Quick: 1 + 1?', options: ['1', '2'], correct_answer: '2', subject: 'mathematics' },
        { question_text: 'Quick: 3 - 1?', options: ['2', '4'], correct_answer: '2', subject: 'mathematics' },
      ],
    });
    // the page's clock is driven by the test: a minute passes in an instant (the server still sees seconds)
    await page.clock.install({ time: Date.now() });
    await signInWithToken(page, learner.token, `/mock-test/${testId}`);
    // spec 8: a start that cannot reach the server says so, and Start can be pressed again
    await page.route('**/api/mock-tests/*/start', (route) => route.abort());
    await page.getByTestId('session-start').click();
    await expect(page.getByTestId('session-start-error')).toContainText(
      'Failed to start test. Please check your connection and try again.',
    );
    await page.unroute('**/api/mock-tests/*/start');
    await page.getByTestId('session-start').click();
    await page.getByTestId('session-question').getByRole('radio', { name: '2', exact: true }).check();
    const timer = page.getByTestId('session-timer');
    await expect(timer).toHaveAttribute('data-tone', 'normal');
    await page.clock.fastForward(46_000);
    await expect(timer).toHaveAttribute('data-tone', 'warning');
    await expect(page.getByTestId('session-time-warning')).toHaveText('Less than a quarter of the time is left.');
    await page.clock.fastForward(9_000);
    await expect(timer).toHaveAttribute('data-tone', 'critical');
    await page.clock.fastForward(10_000);
    const results = page.getByTestId('session-results');
    await expect(results).toBeVisible();
    // the answered question counts, the unanswered one is incorrect
    await expect(results.getByTestId('result-correct-value')).toHaveText('1 of 2');
    await expect(results.getByTestId('result-score-value')).toHaveText('50%');
  });

  test('the demo learner sees filtered discovery and progress analytics in the quiz centre', async ({ page, request }) => {
    const login = await loginViaApi(request, 'learner@learnhub.local', 'Password123!');
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    await signInWithToken(page, token, '/mock-tests');
    await page.getByTestId('discover-subject').selectOption('mathematics');
    const cards = page.getByTestId('quiz-card');
    await expect(cards.filter({ hasText: 'Mathematics & Science Mock Test' })).toBeVisible();
    await expect(cards.filter({ hasText: 'English & History Mock Test' })).toHaveCount(0);
    await page.getByTestId('discover-subject').selectOption('all');
    await page.getByTestId('discover-difficulty').selectOption('easy');
    // the difficulty filter alone: the enrolled course's easy quiz, and only easy ones
    await expect(cards.filter({ hasText: 'Python Basics Check' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Mathematics & Science Mock Test' })).toHaveCount(0);
    const difficulties = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-difficulty')));
    expect(difficulties.every((d) => d === 'easy')).toBe(true);

    await page.getByTestId('centre-tab-attempts').click();
    await expect(page.getByTestId('attempt-item').first()).toBeVisible();
    expect(await page.getByTestId('attempt-item').count()).toBeLessThanOrEqual(10);

    await page.getByTestId('centre-tab-analytics').click();
    const analytics = page.getByTestId('quiz-analytics');
    // spec 9: pass rate and averages to one decimal, a whole number without ".0"
    await expect(analytics.getByTestId('analytics-pass-rate-value')).toHaveText(/^\d+(\.\d)?%$/);
    await expect(analytics.getByTestId('analytics-average-value')).toHaveText(/^\d+(\.\d)?%$/);
    await expect(analytics.getByTestId('analytics-subjects').getByTestId('analytics-trend').first()).toHaveText(
      /Improving|Declining|Stable/,
    );
    await expect(analytics.getByTestId('achievement').filter({ hasText: 'First Steps' })).toBeVisible();
    await expectNoSeriousAxe(page, 'the quiz centre analytics');
  });
});
