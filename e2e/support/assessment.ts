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
  questions: QuestionInput[];
}

/** POST /api/mock-tests (a mock test) or POST /api/quizzes (a quiz) as the author; returns the new id. */
export async function createAssessmentViaApi(
  request: APIRequestContext,
  token: string,
  kind: 'mock-test' | 'quiz',
  input: AssessmentInput,
): Promise<string> {
  const res = await request.post(kind === 'mock-test' ? '/api/mock-tests' : '/api/quizzes', {
    headers: { Authorization: `Bearer ${token}` },
    data: kind === 'quiz' ? { is_mock_test: false, ...input } : input,
  });
  expect(res.status(), `create ${kind}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
