import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';

/**
 * Course announcements against the whole stack: the instructor posts one from the course's
 * management page; an enrolled learner's bell counts it live (no reload), the learner opens it
 * from the panel and lands on the course player, which lists it.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function publishedCourse(request: APIRequestContext, instructor: RegisteredAccount, title: string): Promise<string> {
  const course = await request.post('/api/courses', {
    headers: bearer(instructor.token),
    data: { title, description: `${title}: a course of the announcements journey.`, price: 0, is_published: true },
  });
  expect(course.status(), await course.text()).toBe(201);
  const id = ((await course.json()) as { id: string }).id;
  const lesson = await request.post(`/api/courses/${id}/lessons`, {
    headers: bearer(instructor.token),
    data: { title: `${title} lesson 1`, content: 'Read this first.' },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  return id;
}

test('an instructor posts an announcement; an enrolled learner is told live, opens it and reads it on the course', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const instructor = await registerViaApi(request, 'instructor', 'announce-instructor');
  const learner = await registerViaApi(request, 'learner', 'announce-learner');
  const courseId = await publishedCourse(request, instructor, `Announced course ${tag}`);
  const enroll = await request.post(`/api/courses/${courseId}/enroll`, { headers: bearer(learner.token) });
  expect(enroll.status(), await enroll.text()).toBe(201);

  // the learner waits on the dashboard: the enrollment's own notification may be counted already
  await signInWithToken(page, learner.token, '/learner/dashboard');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  await expect.poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
  // let the enrollment's notification land before counting
  await page.waitForTimeout(2000);
  const before = Number(await bell.getAttribute('data-unread'));

  const title = `Lab moved ${tag}`;
  const message = 'The lab is on Friday this week, room 204.';
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await test.step('the instructor posts it from the course management page', async () => {
    await signInWithToken(teacher, instructor.token, `/instructor/course/${courseId}`);
    const card = teacher.getByTestId('announcements-card');
    await expect(card).toBeVisible();
    // a blank form is refused on its fields
    await card.getByRole('button', { name: 'Post announcement' }).click();
    await expect(card.getByText('Title is required')).toBeVisible();
    await card.getByLabel('Title').fill(title);
    await card.getByLabel('Message').fill(message);
    await card.getByRole('button', { name: 'Post announcement' }).click();
    await expect(teacher.getByText('Announcement posted').first()).toBeVisible();
    await expect(card.getByTestId('announcement').filter({ hasText: title })).toBeVisible();
  });
  await teacherContext.close();

  await test.step("the learner's bell counts it without a reload; the panel opens it on the course player", async () => {
    await expect(bell).toHaveAttribute('data-unread', String(before + 1), { timeout: 30_000 });
    await bell.click();
    const panel = page.getByTestId('notification-panel');
    const item = panel.getByTestId('notification-item').filter({ hasText: `New announcement in Announced course ${tag}` });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/learn`));
    const list = page.getByTestId('course-announcements');
    await expect(list.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(list.getByText(message)).toBeVisible();
    await expect(bell).toHaveAttribute('data-unread', String(before));
  });
});
