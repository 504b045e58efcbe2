import type { assessmentRoutes, RouteOutput } from '@lp/contracts';

/** A quiz card as the API answers it (QuizCardSchema), for the component tests of the screens that list quizzes. */
export type QuizCardFixture = RouteOutput<typeof assessmentRoutes.courseQuizzes>[number];

export const FIXTURE_COURSE = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
export const FIXTURE_TEACHER = '11111111-2222-4333-8444-555555555555';
export const FIXTURE_QUIZ = '22222222-3333-4444-8555-666666666666';
export const FIXTURE_AT = '2026-11-20T09:00:00.000Z';

/** A published practice quiz of a course, nothing taken yet; `over` changes what a test is about. */
export const aQuizCard = (over: Partial<QuizCardFixture> = {}): QuizCardFixture => ({
  id: FIXTURE_QUIZ,
  title: 'Loops check',
  description: '',
  kind: 'quiz',
  is_mock_test: false,
  test_mode: 'practice',
  time_limit: 10,
  passing_score: 70,
  subject: 'programming',
  difficulty: 'medium',
  course_id: FIXTURE_COURSE,
  course_title: 'JavaScript from scratch',
  max_attempts: 3,
  allow_multiple_attempts: true,
  is_published: true,
  randomize_questions: false,
  show_results_immediately: true,
  instructions: '',
  question_count: 5,
  total_points: 5,
  figures: { attempts: 0, average_score: null, pass_rate: null },
  created_by: FIXTURE_TEACHER,
  created_at: FIXTURE_AT,
  updated_at: FIXTURE_AT,
  my: { status: 'new', attempts_used: 0, attempts_left: null, best_score: null, can_start: true },
  ...over,
});
