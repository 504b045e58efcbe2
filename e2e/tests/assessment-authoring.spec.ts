import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { toast } from '../support/ui.js';

/** Texts of the authoring screens (apps/web/src/i18n/en-assessment-authoring.json; spec 2 sections 5 and 8). */
const TEXT = {
  titleRequired: 'Please enter a quiz title',
  addOneQuestion: 'Please add at least one question',
  correctRequired: 'Please enter the correct answer',
  optionsRequired: 'Please provide at least 2 options for multiple choice questions',
  created: 'Quiz created successfully!',
  updated: 'Assessment updated successfully!',
  deleteConfirm: 'Are you sure you want to delete this quiz/test? This action cannot be undone.',
  deleted: 'Quiz/Test deleted successfully!',
  removeQuestionConfirm: 'Are you sure you want to delete this question?',
  examTitleRequired: 'Please enter an exam title',
  createQuizFirst: 'Create quiz first!',
  finishNeedsQuestion: 'Add at least one question before finishing!',
  examFinished: 'Exam created successfully!',
  courseNotFound: 'Course not found',
} as const;

const bearer = (account: RegisteredAccount) => ({ Authorization: `Bearer ${account.token}` });

/** A free published course of `instructor`, once the assessment service knows it (its catalog read model). */
async function courseOf(request: APIRequestContext, instructor: RegisteredAccount, title: string): Promise<string> {
  const res = await request.post('/api/courses', {
    headers: bearer(instructor),
    data: { title, description: 'A course for the assessment authoring journey.', price: 0, is_published: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await request.get(`/api/courses/${id}/quizzes`, { headers: bearer(instructor) })).status(), {
      timeout: 20_000,
      intervals: [200, 500, 1000],
    })
    .toBe(200);
  return id;
}

const BLOCKING = new Set(['serious', 'critical']);

/** The accessibility suite's rule (e2e/tests/accessibility.spec.ts): no serious or critical axe violation. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')})`,
    )
    .join('\n');
  expect(blocking, `axe found serious/critical violations on ${what}:\n${report}`).toEqual([]);
}

// Issue 4 (Assessment), the authoring journey: an instructor builds a quiz with the 3-step
// builder, finds it in My Quizzes and on the course's Assessments tab, previews it, edits it
// and deletes it; a learner's attempt shows up in the figures.
test.describe('assessment authoring journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an instructor builds, previews, edits and deletes a quiz', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'auth-instr');
    const learner = await registerViaApi(request, 'learner', 'auth-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const courseTitle = `Authoring course ${stamp}`;
    const quizTitle = `Fractions check ${stamp}`;
    const courseId = await courseOf(request, instructor, courseTitle);
    let quizId = '';

    await test.step('My Quizzes starts empty; Basic Info needs a title', async () => {
      await signInWithToken(page, instructor.token, '/mock-test-manager');
      await expect(page.getByRole('heading', { level: 1, name: 'Quiz Builder' })).toBeVisible();
      await expect(page.getByText('No quizzes yet')).toBeVisible();
      await page.getByTestId('tab-build').click();
      const wizard = page.getByTestId('quiz-wizard');
      await expect(wizard).toHaveAttribute('data-step', 'basic');
      await wizard.getByTestId('wizard-next').click();
      await expect(wizard.getByText(TEXT.titleRequired)).toBeVisible();
      await expect(wizard).toHaveAttribute('data-step', 'basic');

      await wizard.getByTestId('quiz-title').fill(quizTitle);
      await wizard.getByTestId('quiz-description').fill('Adding and comparing fractions.');
      await wizard.getByTestId('quiz-subject').fill('mathematics');
      await wizard.getByTestId('quiz-course').selectOption({ label: courseTitle });
      await wizard.getByTestId('wizard-next').click();
      await expect(wizard).toHaveAttribute('data-step', 'questions');
    });

    await test.step('Questions: a bad question is refused with the spec message, two good ones are added', async () => {
      const wizard = page.getByTestId('quiz-wizard');
      // spec 5: Settings needs at least one question
      await wizard.getByTestId('wizard-next').click();
      await expect(wizard.getByText(TEXT.addOneQuestion)).toBeVisible();

      const editor = wizard.getByTestId('question-editor');
      // four options lettered from A by default
      await expect(editor.getByTestId('question-options').getByRole('textbox')).toHaveCount(4);
      await expect(editor.getByLabel('A', { exact: true })).toBeVisible();
      await editor.getByTestId('question-text').fill('Which is larger?');
      await editor.getByTestId('question-option-0').fill('1/2');
      await wizard.getByTestId('add-question').click();
      await expect(editor.getByText(TEXT.correctRequired)).toBeVisible();
      await editor.getByTestId('question-correct').selectOption('1/2');
      await wizard.getByTestId('add-question').click();
      await expect(editor.getByText(TEXT.optionsRequired)).toBeVisible();
      await expect(editor.getByText(TEXT.correctRequired)).toBeHidden();
      await editor.getByTestId('question-option-1').fill('1/3');
      await editor.getByTestId('question-points').fill('2');
      await editor.getByTestId('question-explanation').fill('Halves are bigger than thirds.');
      await wizard.getByTestId('add-question').click();
      await expect(wizard.getByTestId('listed-question')).toHaveCount(1);
      await expectNoSeriousViolations(page, 'the quiz builder, Questions step');

      await editor.getByTestId('question-text').fill('1/4 + 1/4 = 1/2');
      await editor.getByTestId('question-type').selectOption('true_false');
      await editor.getByTestId('question-correct').selectOption('True');
      await wizard.getByTestId('add-question').click();
      await expect(wizard.getByTestId('listed-question')).toHaveCount(2);
      await wizard.getByTestId('wizard-next').click();
      await expect(wizard).toHaveAttribute('data-step', 'settings');
    });

    await test.step('Settings: spec defaults, then save; the quiz is in My Quizzes', async () => {
      const wizard = page.getByTestId('quiz-wizard');
      await expect(wizard.getByTestId('quiz-time-limit')).toHaveValue('60');
      await expect(wizard.getByTestId('quiz-passing-score')).toHaveValue('70');
      await expect(wizard.getByTestId('quiz-max-attempts')).toHaveValue('3');
      await expect(wizard.getByTestId('quiz-published')).toHaveAttribute('aria-checked', 'true');
      await expect(wizard.getByTestId('quiz-multiple-attempts')).toHaveAttribute('aria-checked', 'true');
      await expect(wizard.getByTestId('quiz-randomize')).toHaveAttribute('aria-checked', 'false');
      await wizard.getByTestId('quiz-test-mode').selectOption('practice');
      await wizard.getByTestId('quiz-mock-test').click();
      await expect(wizard.getByTestId('quiz-mock-test')).toHaveAttribute('aria-checked', 'false');
      await wizard.getByTestId('quiz-time-limit').fill('30');
      await wizard.getByTestId('quiz-passing-score').fill('50');
      await wizard.getByTestId('wizard-save').click();
      await expect(toast(page, TEXT.created)).toBeVisible();

      const card = page.getByTestId('my-quiz').filter({ hasText: quizTitle });
      await expect(card).toBeVisible();
      quizId = (await card.getAttribute('data-quiz-id'))!;
      await expect(card.getByTestId('kind-badge')).toHaveText('Quiz');
      await expect(card.getByTestId('fact-questions')).toHaveText('2 questions');
      await expect(card.getByTestId('fact-time')).toHaveText('30 minutes');
      await expect(card).toContainText(`Course: ${courseTitle}`);
    });

    await test.step('a learner takes it: the Analytics tab shows real figures', async () => {
      const enroll = await request.post(`/api/courses/${courseId}/enroll`, { headers: bearer(learner) });
      expect(enroll.status(), await enroll.text()).toBe(201);
      // a course's quizzes open at 100% completion (spec 2, enforced by assessment): the course gets a lesson, which
      // the learner finishes first (a course with nothing to complete stays at 0%)
      const added = await request.post(`/api/courses/${courseId}/lessons`, {
        headers: bearer(instructor),
        data: { title: 'Fractions, read first', content: 'Halves and quarters.' },
      });
      expect(added.status(), await added.text()).toBe(201);
      const lessons = (await (await request.get(`/api/courses/${courseId}/lessons`, { headers: bearer(learner) })).json()) as Array<{
        id: string;
      }>;
      for (const lesson of lessons) {
        const done = await request.post(`/api/lessons/${lesson.id}/complete`, {
          headers: bearer(learner),
          data: { time_spent_minutes: 5 },
        });
        expect(done.status(), await done.text()).toBe(200);
      }
      // the enrolment reaches the assessment service as an event
      await expect
        .poll(async () => (await request.get(`/api/quizzes/${quizId}`, { headers: bearer(learner) })).status(), {
          timeout: 20_000,
          intervals: [200, 500, 1000],
        })
        .toBe(200);
      const taker = await request.get(`/api/quizzes/${quizId}`, { headers: bearer(learner) });
      expect(taker.status(), await taker.text()).toBe(200);
      const quiz = (await taker.json()) as { questions: { id: string; question_type: string }[]; session_id: string | null };
      // one right (the true/false), one wrong: 1 point of 3 = 33.3 %, below the pass mark of 50
      const answers = Object.fromEntries(quiz.questions.map((q) => [q.id, q.question_type === 'true_false' ? 'True' : '1/3']));
      const submit = await request.post(`/api/quizzes/${quizId}/submit`, {
        headers: bearer(learner),
        data: { answers, ...(quiz.session_id ? { session_id: quiz.session_id } : {}) },
      });
      expect(submit.status(), await submit.text()).toBe(200);

      await page.getByTestId('tab-analytics').click();
      const row = page.getByTestId('analytics-row').filter({ hasText: quizTitle });
      await expect(row.getByTestId('analytics-attempts')).toHaveText('1');
      await expect(row.getByTestId('analytics-average')).toHaveText('33.3%');
      await expect(row.getByTestId('analytics-pass-rate')).toHaveText('0%');
      // My Quizzes shows the same figures on the quiz's card
      await page.getByTestId('tab-my-quizzes').click();
      const mine = page.getByTestId('my-quiz').filter({ hasText: quizTitle });
      await expect(mine.getByTestId('figure-attempts')).toHaveText('1');
      await expect(mine.getByTestId('figure-average')).toHaveText('33.3%');
      await expect(mine.getByTestId('figure-pass-rate')).toHaveText('0%');
    });

    await test.step('Edit from My Quizzes reopens the wizard with the saved quiz and saves through PUT', async () => {
      await page.getByTestId('tab-my-quizzes').click();
      await page.getByTestId('my-quiz').filter({ hasText: quizTitle }).getByTestId('my-quiz-edit').click();
      const wizard = page.getByTestId('quiz-wizard');
      await expect(wizard).toHaveAttribute('data-mode', 'edit');
      await expect(page.getByTestId('tab-build')).toHaveText('Edit Quiz');
      await expect(wizard.getByTestId('quiz-title')).toHaveValue(quizTitle);
      await wizard.getByTestId('quiz-description').fill('Adding and comparing fractions.\nTwo questions.');
      await wizard.getByTestId('wizard-step-settings').click();
      await expect(wizard).toHaveAttribute('data-step', 'settings');
      await expect(wizard.getByTestId('quiz-time-limit')).toHaveValue('30');
      await expect(wizard.getByTestId('quiz-passing-score')).toHaveValue('50');
      await wizard.getByTestId('quiz-max-attempts').fill('5');
      await wizard.getByTestId('wizard-save').click();
      await expect(toast(page, 'Quiz updated successfully!')).toBeVisible();
      await expect(page.getByTestId('tab-build')).toHaveText('Create Quiz');
      await expect(page.getByTestId('my-quiz').filter({ hasText: quizTitle }).getByTestId('my-quiz-description')).toHaveText(
        'Adding and comparing fractions.\nTwo questions.',
      );
    });

    await test.step('the author preview: one question at a time, answers on demand', async () => {
      await page.getByTestId('my-quiz').filter({ hasText: quizTitle }).getByTestId('my-quiz-preview').click();
      await expect(page).toHaveURL(new RegExp(`/mock-tests/${quizId}/preview$`));
      const preview = page.getByTestId('assessment-preview');
      await expect(preview.getByTestId('preview-counter')).toHaveText('Question 1 of 2');
      await expect(preview.getByTestId('preview-question')).toContainText('Which is larger?');
      await expect(preview.locator('[data-correct]')).toHaveCount(0);
      await preview.getByTestId('preview-toggle-answers').click();
      await expect(preview.locator('[data-correct]')).toHaveText(/1\/2/);
      await expect(preview.getByTestId('preview-answer')).toContainText('Halves are bigger than thirds.');
      await preview.getByTestId('preview-next').click();
      await expect(preview.getByTestId('preview-counter')).toHaveText('Question 2 of 2');
      await preview.getByTestId('preview-dot').first().click();
      await expect(preview.getByTestId('preview-counter')).toHaveText('Question 1 of 2');
      await expectNoSeriousViolations(page, 'the author preview');
    });

    await test.step("the course's Assessments tab counts it and shows its figures", async () => {
      await page.goto(`/instructor/course/${courseId}`);
      const manage = page.getByTestId('manage-course');
      await expect(manage.getByTestId('stat-assessments-value')).toHaveText('1');
      await manage.getByTestId('tab-assessments').click();
      await expect(manage.getByTestId('tab-assessments')).toHaveText('Assessments (1)');
      await expect(manage.getByTestId('assessment-filter-all')).toHaveText('All (1)');
      await expect(manage.getByTestId('assessment-filter-quiz')).toHaveText('Quizzes (1)');
      await expect(manage.getByTestId('assessment-filter-exam')).toHaveText('Tests/Exams (0)');
      await manage.getByTestId('assessment-filter-mock_test').click();
      await expect(manage.getByTestId('assessment-card')).toHaveCount(0);
      await manage.getByTestId('assessment-filter-quiz').click();
      const card = manage.getByTestId('assessment-card').filter({ hasText: quizTitle });
      await expect(card.getByTestId('kind-badge')).toHaveText('Quiz');
      await expect(card.getByTestId('assessment-questions')).toHaveText('2 questions');
      await expect(card.getByTestId('assessment-time')).toHaveText('30 minutes');
      await expect(card.getByTestId('assessment-description')).toHaveText('Adding and comparing fractions.\nTwo questions.');
      await expect(card.getByTestId('figure-attempts')).toHaveText('1');
      await expect(card.getByTestId('figure-average')).toHaveText('33.3%');
      await expect(card.getByTestId('figure-pass-rate')).toHaveText('0%');
      await expectNoSeriousViolations(page, 'the Assessments tab of the manage course page');

      // Results: the attempt, with a link to its review
      await card.getByTestId('assessment-results').click();
      const results = page.getByTestId('results-dialog');
      await expect(results.getByTestId('result-row')).toHaveCount(1);
      await expect(results.getByTestId('result-row')).toContainText('33.3%');
      await expect(results.getByTestId('result-row')).toContainText('Failed');
      await expect(results.getByTestId('result-taker')).toHaveText(learner.name);
      await expect(results).toContainText('1 attempt by takers, average 33.3%, pass rate 0%');
      await expect(results.getByTestId('result-review')).toHaveAttribute('href', new RegExp(`^/quiz/${quizId}/review/[0-9a-f-]{36}$`));
      await page.keyboard.press('Escape');
      await expect(results).toHaveCount(0);

      // Preview opens a Preview tab on the page
      await card.getByTestId('assessment-open-preview').click();
      await expect(manage.getByTestId('tab-preview')).toHaveAttribute('data-state', 'active');
      await expect(manage.getByTestId('preview-counter')).toHaveText('Question 1 of 2');
    });

    await test.step('the Edit view: save disabled without a title; a question is deleted after a confirmation', async () => {
      const manage = page.getByTestId('manage-course');
      await manage.getByTestId('tab-assessments').click();
      await manage.getByTestId('assessment-card').filter({ hasText: quizTitle }).getByTestId('assessment-open-edit').click();
      const edit = manage.getByTestId('assessment-edit');
      await expect(edit.getByTestId('edit-time-limit')).toHaveValue('30');
      await edit.getByTestId('edit-title').fill('');
      await expect(edit.getByTestId('edit-save')).toBeDisabled();
      await edit.getByTestId('edit-title').fill(`${quizTitle} v2`);
      await expect(edit.getByTestId('edit-save')).toBeEnabled();
      await edit.getByTestId('listed-question').nth(1).getByTestId('remove-question').click();
      const dialog = page.getByTestId('remove-question-dialog');
      await expect(dialog).toContainText(TEXT.removeQuestionConfirm);
      await dialog.getByTestId('remove-question-dialog-confirm').click();
      await expect(edit.getByTestId('listed-question')).toHaveCount(1);
      await edit.getByTestId('edit-passing-score').fill('60');
      await edit.getByTestId('edit-save').click();
      await expect(toast(page, TEXT.updated)).toBeVisible();

      await manage.getByTestId('tab-assessments').click();
      const card = manage.getByTestId('assessment-card').filter({ hasText: `${quizTitle} v2` });
      await expect(card.getByTestId('assessment-questions')).toHaveText('1 question');
    });

    await test.step('delete with the confirmation: the tab is empty again and offers the builders', async () => {
      const manage = page.getByTestId('manage-course');
      await manage
        .getByTestId('assessment-card')
        .filter({ hasText: `${quizTitle} v2` })
        .getByTestId('assessment-delete')
        .click();
      const dialog = page.getByTestId('delete-assessment-dialog');
      await expect(dialog).toContainText(TEXT.deleteConfirm);
      await dialog.getByTestId('delete-assessment-dialog-confirm').click();
      await expect(toast(page, TEXT.deleted)).toBeVisible();
      await expect(manage.getByTestId('assessments-empty')).toBeVisible();
      await expect(manage.getByTestId('stat-assessments-value')).toHaveText('0');
      await expect(manage.getByTestId('tab-edit')).toHaveCount(0);
      await expect(manage.getByRole('link', { name: 'Open the Mock Test Manager' }).last()).toHaveAttribute('href', '/mock-test-manager');

      await page.goto('/mock-test-manager');
      await expect(page.getByText('No quizzes yet')).toBeVisible();
    });
  });

  test('the course pages: simple quiz, exam and the institution quiz page', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'auth-pages');
    const stamp = Math.random().toString(36).slice(2, 8);
    const courseId = await courseOf(request, instructor, `Pages course ${stamp}`);
    const manage = page.getByTestId('manage-course');

    await test.step('simple create-quiz page: step 1 creates the quiz, step 2 adds a question, then back to the course', async () => {
      await signInWithToken(page, instructor.token, `/instructor/course/${courseId}`);
      await manage.getByRole('link', { name: 'Create Quiz' }).click();
      await expect(page).toHaveURL(new RegExp(`/instructor/course/${courseId}/quiz/create$`));
      const step1 = page.getByTestId('simple-step-1');
      await step1.getByTestId('simple-create').click();
      await expect(step1.getByRole('alert')).toHaveText(TEXT.titleRequired);
      await step1.getByTestId('quiz-title').fill(`Simple quiz ${stamp}`);
      await step1.getByTestId('simple-create').click();
      const step2 = page.getByTestId('simple-step-2');
      await expect(step2).toBeVisible();
      await step2.getByTestId('simple-finish').click();
      await expect(step2.getByRole('alert')).toHaveText(TEXT.addOneQuestion);
      await step2.getByTestId('question-text').fill('Capital of France?');
      await step2.getByTestId('question-type').selectOption('short_answer');
      await step2.getByTestId('question-correct').fill('Paris');
      await step2.getByTestId('add-question').click();
      await expect(step2.getByTestId('listed-question')).toHaveCount(1);
      await step2.getByTestId('simple-finish').click();
      await expect(page).toHaveURL(new RegExp(`/instructor/course/${courseId}$`));
      await expect(manage.getByTestId('stat-assessments-value')).toHaveText('1');
    });

    await test.step('exam page: defaults 120 minutes and 75 %, questions need the exam first, finish returns after 1.5 s', async () => {
      await manage.getByRole('link', { name: 'Create Test/Exam' }).click();
      const exam = page.getByTestId('exam-create-page');
      await expect(exam.getByTestId('quiz-time-limit')).toHaveValue('120');
      await expect(exam.getByTestId('quiz-passing-score')).toHaveValue('75');
      await exam.getByTestId('add-question').click();
      await expect(exam.getByTestId('exam-problem')).toHaveText(TEXT.createQuizFirst);
      await exam.getByTestId('exam-finish').click();
      await expect(exam.getByTestId('exam-problem')).toHaveText(TEXT.finishNeedsQuestion);
      await exam.getByTestId('exam-create').click();
      await expect(exam.getByText(TEXT.examTitleRequired)).toBeVisible();
      await exam.getByTestId('quiz-title').fill(`Final exam ${stamp}`);
      await exam.getByTestId('exam-create').click();
      await expect(exam.getByTestId('exam-created')).toBeVisible();
      await exam.getByTestId('question-text').fill('Explain recursion.');
      await exam.getByTestId('question-type').selectOption('essay');
      await exam.getByTestId('add-question').click();
      await expect(exam.getByTestId('listed-question')).toHaveCount(1);
      await exam.getByTestId('exam-finish').click();
      await expect(toast(page, TEXT.examFinished)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/instructor/course/${courseId}$`));
      await manage.getByTestId('tab-assessments').click();
      await expect(manage.getByTestId('assessment-filter-exam')).toHaveText('Tests/Exams (1)');
      await expect(
        manage
          .getByTestId('assessment-card')
          .filter({ hasText: `Final exam ${stamp}` })
          .getByTestId('kind-badge'),
      ).toHaveText('Exam');
    });

    await test.step('institution quiz page: two steps, the whole quiz through the mock-tests endpoint, back to the institution manage page', async () => {
      await page.goto(`/institution/course/${courseId}/quiz/create`);
      const step1 = page.getByTestId('simple-step-1');
      await step1.getByTestId('quiz-title').fill(`Institution quiz ${stamp}`);
      await step1.getByTestId('simple-next').click();
      const step2 = page.getByTestId('simple-step-2');
      await expect(step2.getByTestId('question-type').locator('option')).toHaveCount(2);
      await step2.getByTestId('question-text').fill('2 + 2 = 4');
      await step2.getByTestId('question-type').selectOption('true_false');
      await step2.getByTestId('add-question').click();
      await expect(step2.getByText(TEXT.correctRequired)).toBeVisible();
      await step2.getByTestId('question-correct').selectOption('True');
      await step2.getByTestId('add-question').click();
      await step2.getByTestId('simple-submit').click();
      await expect(page).toHaveURL(new RegExp(`/institution/course/${courseId}/manage$`));
      await manage.getByTestId('tab-assessments').click();
      // the institution variant names the exam filter "Tests"
      await expect(manage.getByTestId('assessment-filter-exam')).toHaveText('Tests (1)');
      await expect(manage.getByTestId('assessment-filter-quiz')).toHaveText('Quizzes (2)');
      await expect(manage.getByTestId('stat-assessments-value')).toHaveText('3');
      // Results opens the attempts of the assessment
      await manage
        .getByTestId('assessment-card')
        .filter({ hasText: `Institution quiz ${stamp}` })
        .getByTestId('assessment-results')
        .click();
      await expect(page.getByTestId('results-dialog')).toContainText('No one has taken it yet.');
    });

    await test.step("a course that does not exist: 'Course not found' and back to the dashboard", async () => {
      await page.goto('/instructor/course/00000000-0000-4000-8000-000000000000/quiz/create');
      await expect(toast(page, TEXT.courseNotFound)).toBeVisible();
      await expect(page).toHaveURL(/\/instructor\/dashboard$/);
    });
  });

  test('the authoring screens fit a 360 px phone', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'auth-phone');
    const stamp = Math.random().toString(36).slice(2, 8);
    const courseId = await courseOf(request, instructor, `Phone course ${stamp}`);
    const created = await request.post('/api/mock-tests', {
      headers: bearer(instructor),
      data: {
        title: `Phone quiz ${stamp}`,
        course_id: courseId,
        questions: [{ question_text: 'Pick B', options: ['A long first option', 'B'], correct_answer: 'B' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = async (what: string) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} scrolls sideways at 360 px`).toBeLessThanOrEqual(
        360,
      );

    await signInWithToken(page, instructor.token, '/mock-test-manager');
    await expect(page.getByTestId('my-quiz')).toHaveCount(1);
    await fits('My Quizzes');
    await page.getByTestId('tab-build').click();
    await page.getByTestId('quiz-title').fill('Draft on a phone');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('question-editor')).toBeVisible();
    await fits('the Questions step');
    // the half-built quiz survives a look at another tab
    await page.getByTestId('tab-my-quizzes').click();
    await page.getByTestId('tab-build').click();
    await expect(page.getByTestId('quiz-wizard')).toHaveAttribute('data-step', 'questions');

    await page.goto(`/instructor/course/${courseId}`);
    await page.getByTestId('tab-assessments').click();
    await page.getByTestId('assessment-open-edit').click();
    await expect(page.getByTestId('assessment-edit')).toBeVisible();
    await fits('the manage page with its Edit tab');
    await expectNoSeriousViolations(page, 'the Edit view of the manage course page');
    await page.getByTestId('tab-preview').click();
    await expect(page.getByTestId('preview-counter')).toHaveText('Question 1 of 1');
    await fits('the Preview tab');

    // deleting from My Quizzes asks first
    await page.goto('/mock-test-manager');
    await page.getByTestId('my-quiz').getByTestId('my-quiz-delete').click();
    const dialog = page.getByTestId('delete-quiz-dialog');
    await expect(dialog).toContainText(TEXT.deleteConfirm);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('my-quiz')).toHaveCount(1);
    await page.getByTestId('my-quiz').getByTestId('my-quiz-delete').click();
    await dialog.getByTestId('delete-quiz-dialog-confirm').click();
    await expect(toast(page, TEXT.deleted)).toBeVisible();
    await expect(page.getByText('No quizzes yet')).toBeVisible();
  });
});
