import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { ASSIGNMENT_TEXT, courseWithLearner, localInputsHoursAgo, setSwitch } from '../support/assignments.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { toast } from '../support/ui.js';

// The assignment journey (spec 2 "Assignments"): an instructor publishes an assignment that is
// already past due, with late work allowed at 10% per day; an enrolled learner submits it late;
// the instructor grades 80 of 100 and the learner sees 64 (two days late) with the feedback.
test.describe('assignments journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a late submission is graded with the late penalty and the learner sees the result', async ({ page, browser, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'asg-instr');
    const learner = await registerViaApi(request, 'learner', 'asg-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const courseTitle = `Assignments course ${stamp}`;
    const title = `Essay ${stamp}`;
    const courseId = await courseWithLearner(request, instructor, learner, courseTitle);
    const learnerContext = await browser.newContext();
    const learnerPage = await learnerContext.newPage();
    let assignmentId = '';

    await test.step('the instructor creates a published assignment due 36 hours ago', async () => {
      await signInWithToken(page, instructor.token, '/assignments');
      await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
      // every course at first; the picker narrows the list to one
      await expect(page.getByTestId('assignments-course')).toHaveValue('');
      await expect(page.getByText('No assignments yet', { exact: true })).toBeVisible();
      await page.getByTestId('assignments-course').selectOption(courseId);
      await expect(page).toHaveURL(new RegExp(`/assignments\\?course=${courseId}$`));
      await expect(page.getByText('No assignments in this course yet')).toBeVisible();

      await page.getByTestId('create-assignment').click();
      const form = page.getByTestId('create-assignment-form');
      // spec 9: max points 100, late penalty 10% per day, late submissions allowed, a draft by default
      await expect(form.getByTestId('assignment-max-points')).toHaveValue('100');
      await expect(form.getByTestId('assignment-late-penalty')).toHaveValue('10');
      await expect(form.getByTestId('assignment-allow-late')).toHaveAttribute('aria-checked', 'true');
      await expect(form.getByTestId('assignment-published-switch')).toHaveAttribute('aria-checked', 'false');
      // spec 5: title, description and instructions are required
      await form.getByTestId('assignment-save').click();
      await expect(form.getByText(ASSIGNMENT_TEXT.titleRequired)).toBeVisible();
      await expect(form.getByText('Description is required')).toBeVisible();
      await expect(form.getByText('Instructions are required')).toBeVisible();

      const due = await localInputsHoursAgo(page, 36);
      await form.getByTestId('assignment-title').fill(title);
      await form.getByTestId('assignment-description').fill('Write about what you learned.');
      await form.getByTestId('assignment-type').selectOption('essay');
      await form.getByTestId('assignment-instructions').fill('At least three paragraphs.');
      await form.getByTestId('assignment-due-date').fill(due.day);
      await form.getByTestId('assignment-due-time').fill(due.time);
      await setSwitch(form.getByTestId('assignment-published-switch'), true);
      await form.getByTestId('assignment-save').click();
      await expect(toast(page, ASSIGNMENT_TEXT.created)).toBeVisible();
      await expect(page.getByTestId('create-assignment-dialog')).toBeHidden();

      const card = page.getByTestId('managed-assignment').filter({ hasText: title });
      await expect(card.getByTestId('assignment-published')).toHaveText('Published');
      await expect(card.getByTestId('submission-count')).toHaveText('0 submissions');
      assignmentId = (await card.getAttribute('data-assignment-id'))!;
    });

    await test.step('the learner sees it overdue and submits it late', async () => {
      await signInWithToken(learnerPage, learner.token, '/my-assignments');
      const item = learnerPage.getByTestId('my-assignment').filter({ hasText: title });
      await expect(item.getByTestId('submission-status')).toHaveText('Not submitted');
      await expect(item.getByTestId('overdue-marker')).toHaveText('Overdue');
      await expectNoSeriousA11yViolations(learnerPage, '/my-assignments');
      await item.getByTestId('my-assignment-open').click();
      await expect(learnerPage).toHaveURL(new RegExp(`/assignments/${assignmentId}$`));
      await expect(learnerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(learnerPage.getByTestId('late-warning')).toBeVisible();
      await expectNoSeriousA11yViolations(learnerPage, 'the assignment with its submission form');

      // spec 5: the submission text is required
      const form = learnerPage.getByTestId('submission-form');
      await form.getByTestId('submission-submit').click();
      await expect(form.getByText(ASSIGNMENT_TEXT.submissionTextRequired)).toBeVisible();

      await form.getByTestId('submission-text-input').fill('My essay, handed in late.');
      await form.getByTestId('submission-files-input').fill('https://example.com/essay.pdf');
      await form.getByTestId('submission-submit').click();
      await expect(toast(learnerPage, ASSIGNMENT_TEXT.submitted)).toBeVisible();
      const mine = learnerPage.getByTestId('my-submission');
      await expect(mine.getByTestId('submission-status')).toHaveText('Late');
      await expect(mine.getByTestId('late-marker')).toHaveText('Late by 2 days');
      // not graded yet: still open for a resubmission
      await expect(form.getByTestId('submission-submit')).toHaveText('Resubmit');
    });

    await test.step('the instructor grades it 80 of 100 and the penalty makes it 64', async () => {
      await page.goto(`/assignments/${assignmentId}/submissions`);
      const submission = page.getByTestId('submission').filter({ hasText: learner.name });
      await expect(submission).toContainText(learner.email);
      await expect(submission.getByTestId('submission-status')).toHaveText('Late');
      await expect(submission.getByTestId('late-marker')).toHaveText('Late by 2 days');
      await expect(submission.getByTestId('submission-text')).toHaveText('My essay, handed in late.');
      await expect(submission.getByRole('link', { name: 'https://example.com/essay.pdf' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the submissions page');

      await submission.getByTestId('grade-submission').click();
      const dialog = page.getByTestId('grade-dialog');
      await expect(dialog.getByTestId('penalty-preview')).toContainText('Submitted 2 days late: 10% per day');
      // spec 5: the grade is 0 to max points in steps of 0.5
      await expectNoSeriousA11yViolations(page, 'the grading dialog');
      await dialog.getByTestId('grade-input').fill('120');
      await dialog.getByTestId('grade-save').click();
      await expect(dialog.getByText('Grade cannot exceed 100 points')).toBeVisible();
      await dialog.getByTestId('grade-input').fill('80.25');
      await dialog.getByTestId('grade-save').click();
      await expect(dialog.getByText('Grade must be a multiple of 0.5')).toBeVisible();

      await dialog.getByTestId('grade-input').fill('80');
      // the dialog previews the server's rule before saving
      await expect(dialog.getByTestId('penalty-result')).toHaveText('80 becomes 64 / 100 after the penalty.');
      await dialog.getByTestId('feedback-input').fill('Well argued; mind the deadline.');
      await dialog.getByTestId('grade-save').click();
      await expect(toast(page, ASSIGNMENT_TEXT.graded)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(submission.getByTestId('submission-status')).toHaveText('Graded');
      await expect(submission.getByTestId('grade-value')).toHaveText('64 / 100');
      await expect(submission.getByTestId('grade-percentage')).toHaveText('64%');
      await expect(submission.getByTestId('grade-penalty')).toHaveText('Grade given 80; 16 points off for 2 days late');
      await expect(submission.getByTestId('submission-feedback')).toHaveText('Well argued; mind the deadline.');
    });

    await test.step('a resubmission from the page opened before grading is refused', async () => {
      const form = learnerPage.getByTestId('submission-form');
      // the success toast sits over the form's button while the pointer rests on it
      await learnerPage.mouse.move(0, 0);
      await expect(toast(learnerPage, ASSIGNMENT_TEXT.submitted)).toBeHidden();
      await form.getByTestId('submission-text-input').fill('A better essay, too late.');
      await form.getByTestId('submission-submit').click();
      await expect(toast(learnerPage, 'Failed to submit: This submission is graded and can no longer be changed')).toBeVisible();
      // the page shows the graded submission at once, without the form
      await expect(learnerPage.getByTestId('graded-submission')).toBeVisible();
      await expect(form).toHaveCount(0);
    });

    await test.step('the learner sees the penalised grade, why, and the feedback, read-only', async () => {
      await learnerPage.reload();
      await expectNoSeriousA11yViolations(learnerPage, 'the graded assignment (learner)');
      const mine = learnerPage.getByTestId('my-submission');
      await expect(mine.getByTestId('submission-status')).toHaveText('Graded');
      await expect(mine.getByTestId('grade-value')).toHaveText('64 / 100');
      await expect(mine.getByTestId('penalty-explanation')).toHaveText(
        'Submitted 2 days late: the late penalty of 10% per day took 16 points off the grade of 80.',
      );
      await expect(mine.getByTestId('my-feedback')).toHaveText('Well argued; mind the deadline.');
      await expect(mine.getByTestId('submitted-text')).toHaveText('My essay, handed in late.');
      await expect(learnerPage.getByTestId('submission-form')).toHaveCount(0);

      await learnerPage.goto('/my-assignments');
      const item = learnerPage.getByTestId('my-assignment').filter({ hasText: title });
      await expect(item.getByTestId('submission-status')).toHaveText('Graded');
      await expect(item.getByTestId('my-assignment-grade')).toHaveText('Grade: 64 / 100');
      await expect(item.getByTestId('overdue-marker')).toHaveCount(0);
    });

    await test.step('a re-grade replaces the grade, the penalty applied again', async () => {
      const submission = page.getByTestId('submission').filter({ hasText: learner.name });
      await submission.getByTestId('grade-submission').click();
      const dialog = page.getByTestId('grade-dialog');
      // a re-grade starts from the grade given before the penalty
      await expect(dialog.getByTestId('grade-input')).toHaveValue('80');
      await dialog.getByTestId('grade-input').fill('90');
      await dialog.getByTestId('grade-save').click();
      await expect(toast(page, ASSIGNMENT_TEXT.graded)).toBeVisible();
      await expect(submission.getByTestId('grade-value')).toHaveText('72 / 100');

      await learnerPage.goto(`/assignments/${assignmentId}`);
      await expect(learnerPage.getByTestId('my-submission').getByTestId('grade-value')).toHaveText('72 / 100');
    });

    await learnerContext.close();
  });

  test('an instructor edits a draft, publishes it, then deletes it after confirming', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'asg-del-instr');
    const learner = await registerViaApi(request, 'learner', 'asg-del-learner');
    const courseId = await courseWithLearner(request, instructor, learner, `Delete course ${Date.now()}`);
    let title = `Draft ${Math.random().toString(36).slice(2, 8)}`;
    const created = await request.post('/api/assignments', {
      headers: { Authorization: `Bearer ${instructor.token}` },
      data: {
        course_id: courseId,
        title,
        description: 'To be deleted.',
        assignment_type: 'project',
        instructions: 'None.',
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInWithToken(page, instructor.token, `/assignments?course=${courseId}`);
    let card = page.getByTestId('managed-assignment').filter({ hasText: title });
    await expect(card.getByTestId('assignment-published')).toHaveText('Draft');

    // edit: every field but the course; the form starts from the saved values
    await card.getByTestId('assignment-edit-link').click();
    await expect(page).toHaveURL(/\/assignments\/[0-9a-f-]{36}\/edit$/);
    const form = page.getByTestId('edit-assignment-form');
    await expect(form.getByTestId('assignment-title')).toHaveValue(title);
    await expect(form.getByTestId('assignment-type')).toHaveValue('project');
    await form.getByTestId('assignment-max-points').fill('0');
    await form.getByTestId('assignment-save').click();
    await expect(form.getByText('Max points must be at least 1')).toBeVisible();
    await form.getByTestId('assignment-max-points').fill('40');
    title = `${title} (edited)`;
    await form.getByTestId('assignment-title').fill(title);
    await form.getByTestId('assignment-save').click();
    await expect(toast(page, 'Assignment updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/assignments\\?course=${courseId}$`));
    card = page.getByTestId('managed-assignment').filter({ hasText: title });
    await expect(card).toContainText('40 points');
    await expectNoSeriousA11yViolations(page, '/assignments');

    await card.getByTestId('assignment-publish').click();
    await expect(card.getByTestId('assignment-published')).toHaveText('Published');
    await expect(card.getByTestId('assignment-publish')).toHaveCount(0);

    await card.getByTestId('assignment-delete').click();
    const dialog = page.getByTestId('delete-assignment-dialog');
    await expect(dialog).toContainText(ASSIGNMENT_TEXT.deleteConfirm);
    // Cancel keeps it
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByTestId('assignment-delete').click();
    await page.getByTestId('delete-assignment-dialog-confirm').click();
    await expect(toast(page, ASSIGNMENT_TEXT.deleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No assignments in this course yet')).toBeVisible();
  });
});
