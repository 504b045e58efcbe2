import { expect, type APIRequestContext } from '@playwright/test';

/** Texts of the taking screens (apps/web/src/i18n/en-assessment-taking.json; spec 2 sections 4, 5 and 8). */
export const TAKING_TEXT = {
  startQuiz: 'Start Quiz',
  retakeQuiz: 'Retake Quiz',
  finish: 'Finish Quiz',
  changeAnswer: 'Change Answer',
  answerAllOne: 'Please answer every question before reviewing: 1 is unanswered.',
} as const;

export interface QuestionInput {
  question_text: string;
  question_type?: 'multiple_choice' | 'true_false' | 'short_answer' | 'essay';
  options?: string[];
  correct_answer: string;
  subject?: string;
  explanation?: string;
  points?: number;
}

export interface AssessmentInput {
  title: string;
  description?: string;
  subject?: string;
  time_limit?: number;
  passing_score?: number;
  test_mode?: 'exam' | 'practice' | 'quiz';
  instructions?: string;
  course_id?: string;
  questions: QuestionInput[];
}

/** POST /api/mock-tests (a mock test) or POST /api/quizzes (a quiz) as the author; returns the new id. */
export async function createAssessmentViaApi(
  request: APIRequestContext,
  token: string,
  kind: 'mock-test' | 'quiz',
  input: AssessmentInput,
): Promise<string> {
  const post = () =>
    request.post(kind === 'mock-test' ? '/api/mock-tests' : '/api/quizzes', {
      headers: { Authorization: `Bearer ${token}` },
      data: kind === 'quiz' ? { is_mock_test: false, ...input } : input,
    });
  let res = await post();
  // a course quiz needs assessment's read model to know the course (catalog's event): it may lag a moment
  if (input.course_id) {
    await expect
      .poll(async () => (res.status() === 201 ? 201 : (res = await post()).status()), { timeout: 15_000, intervals: [250, 500, 1000] })
      .toBe(201);
  }
  expect(res.status(), `create ${kind}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A published free course with one text lesson, made through the API; returns the course id. */
export async function createCourseViaApi(request: APIRequestContext, token: string, title: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const course = await request.post('/api/courses', {
    headers,
    data: { title, description: `${title}: a course made by the end-to-end suite.`, price: 0, is_published: true },
  });
  expect(course.status(), `create course: ${await course.text()}`).toBe(201);
  const id = ((await course.json()) as { id: string }).id;
  const lesson = await request.post(`/api/courses/${id}/lessons`, {
    headers,
    data: { title: `${title} lesson`, content: 'Read this, then take the quiz.' },
  });
  expect(lesson.status(), `create lesson: ${await lesson.text()}`).toBe(201);
  return id;
}
