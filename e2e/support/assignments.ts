import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { RegisteredAccount } from './accounts.js';

/** Texts of the assignment screens (apps/web/src/i18n/en-assignments.json; spec 2 sections 5 and 8). */
export const ASSIGNMENT_TEXT = {
  created: 'Assignment created successfully',
  deleted: 'Assignment deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this assignment?',
  graded: 'Submission graded successfully',
  submitted: 'Assignment submitted successfully!',
  titleRequired: 'Title is required',
  submissionTextRequired: 'Submission text is required',
} as const;

const bearer = (account: RegisteredAccount) => ({ Authorization: `Bearer ${account.token}` });

/**
 * A published free course of `instructor` that `learner` is enrolled in, once the assessment
 * service has heard of both (its catalog read model follows catalog's events, so it lags a moment).
 */
export async function courseWithLearner(
  request: APIRequestContext,
  instructor: RegisteredAccount,
  learner: RegisteredAccount,
  title: string,
): Promise<string> {
  const course = await request.post('/api/courses', {
    headers: bearer(instructor),
    data: { title, description: 'A course for the assignment journey of the end-to-end suite.', price: 0, is_published: true },
  });
  expect(course.status(), await course.text()).toBe(201);
  const { id } = (await course.json()) as { id: string };
  const enroll = await request.post(`/api/courses/${id}/enroll`, { headers: bearer(learner) });
  expect(enroll.status(), await enroll.text()).toBe(201);
  await expect
    .poll(async () => (await request.get(`/api/assignments/course/${id}`, { headers: bearer(learner) })).status(), {
      timeout: 20_000,
      intervals: [200, 500, 1000],
    })
    .toBe(200);
  return id;
}

/** The browser's local date and time `hoursAgo` hours back, as the date and time inputs take them. */
export async function localInputsHoursAgo(page: Page, hoursAgo: number): Promise<{ day: string; time: string }> {
  return page.evaluate((hours) => {
    const d = new Date(Date.now() - hours * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  }, hoursAgo);
}

/** A switch (Radix, role switch) set to `on`. */
export async function setSwitch(control: Locator, on: boolean): Promise<void> {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}
