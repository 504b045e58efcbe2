import { assessmentKind, type AuthorQuestion, type QuizAuthor, type QuizFigures, type QuizSummary, type TakerQuestion } from '@lp/contracts';
import { iso } from '@lp/service-kit';
import type { GradableQuestion } from '../grading/grading.util.js';
import type { QuestionRow, QuizRow } from './quizzes.repository.js';

const round1 = (v: number): number => Math.round(v * 10) / 10;

/** The takers' figures; averages and rates are nulls, not zeros, before anyone took it. */
export function toFigures(r: Pick<QuizRow, 'taken_count' | 'taken_average' | 'taken_passed'>): QuizFigures {
  const attempts = r.taken_count;
  if (!attempts) return { attempts: 0, average_score: null, pass_rate: null };
  return { attempts, average_score: round1(r.taken_average ?? 0), pass_rate: round1((r.taken_passed / attempts) * 100) };
}

export function toSummary(r: QuizRow): QuizSummary {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    kind: assessmentKind(r),
    is_mock_test: r.is_mock_test,
    test_mode: r.test_mode,
    time_limit: r.time_limit,
    passing_score: r.passing_score,
    subject: r.subject,
    difficulty: r.difficulty,
    course_id: r.course_id,
    course_title: r.course_title,
    max_attempts: r.max_attempts,
    allow_multiple_attempts: r.allow_multiple_attempts,
    is_published: r.is_published,
    randomize_questions: r.randomize_questions,
    show_results_immediately: r.show_results_immediately,
    instructions: r.instructions,
    question_count: r.question_count,
    total_points: r.total_points,
    figures: toFigures(r),
    created_by: r.created_by,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** What a taker sees; built field by field so an answer can never ride along. `order` is the 0-based served position. */
export function toTakerQuestion(q: QuestionRow, order: number): TakerQuestion {
  return {
    id: q.id,
    question_text: q.question_text,
    question_type: q.question_type,
    options: q.options,
    subject: q.subject,
    difficulty: q.difficulty,
    points: q.points,
    order,
  };
}

export function toAuthorQuestion(q: QuestionRow): AuthorQuestion {
  return { ...toTakerQuestion(q, q.sort_order), correct_answer: q.correct_answer, explanation: q.explanation };
}

export function toAuthorView(r: QuizRow, questions: readonly QuestionRow[]): QuizAuthor {
  return { ...toSummary(r), questions: questions.map(toAuthorQuestion) };
}

export function toGradable(q: QuestionRow): GradableQuestion {
  return {
    id: q.id,
    question_text: q.question_text,
    question_type: q.question_type,
    options: q.options,
    correct_answer: q.correct_answer,
    explanation: q.explanation,
    subject: q.subject,
    points: q.points,
  };
}
