import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Texts of the catalog screens (apps/web/src/i18n/en.json; spec 1 sections 2.6-2.12 and 8). */
export const CATALOG_TEXT = {
  courseCreated: 'Course created successfully!',
  lessonCreated: 'Lesson created successfully!',
  lessonUpdated: 'Lesson updated successfully!',
  lessonDeleted: 'Lesson deleted successfully!',
  deleteLessonConfirm: 'Are you sure you want to delete this lesson?',
  coursePublished: 'Course published!',
  contentAdded: 'Content added successfully!',
  enrolledFree: 'Successfully enrolled in free course!',
  lessonMarked: 'Lesson marked as complete!',
  itemMarked: 'Marked as complete!',
  lockMessage: 'Enroll in this course to unlock all lessons. Free preview lessons are open to everyone.',
  reviewThanks: 'Thank you for your review!',
  certificateLoginAgain: 'Please login again to download certificate.',
} as const;

export interface LessonInput {
  title: string;
  content: string;
  freePreview?: boolean;
}

/** On the course's management page: opens the Add lesson form unless open, fills it and saves; waits for the lesson in the list. */
export async function addLessonThroughForm(page: Page, lesson: LessonInput): Promise<void> {
  const form = page.getByTestId('lesson-form');
  if (!(await form.isVisible())) await page.getByTestId('add-lesson').click();
  await expect(form).toHaveAttribute('data-mode', 'create');
  await form.getByTestId('lesson-title').fill(lesson.title);
  await form.getByTestId('lesson-content').fill(lesson.content);
  const preview = form.getByTestId('lesson-free-preview');
  if ((await preview.getAttribute('aria-checked')) !== String(Boolean(lesson.freePreview))) await preview.click();
  await form.getByTestId('lesson-save').click();
  await expect(page.getByTestId('managed-lesson').filter({ hasText: lesson.title })).toBeVisible();
}

/** The course certificate is rendered by a background job: waits until the file route answers 200. */
export async function waitForCertificate(request: APIRequestContext, courseId: string, token: string): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/certificates/${courseId}`, { headers: { Authorization: `Bearer ${token}` } })).status(), {
      timeout: 30_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(200);
}

/** A lesson row of the course page's lesson list, by title. */
export function courseLesson(page: Page, title: string): Locator {
  return page.getByTestId('course-lesson').filter({ hasText: title });
}
