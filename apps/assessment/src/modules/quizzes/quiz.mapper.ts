import {
  assessmentKind,
  type AssessmentKind,
  type AuthorQuestion,
  type QuestionInput,
  type QuizAuthor,
  type QuizCreateInput,
  type QuizFigures,
  type QuizSummary,
  type TakerQuestion,
} from '@lp/contracts';
import { iso, round1 } from '@lp/service-kit';
import type { QuestionEntity } from '../../entities/question.entity.js';
import type { QuizEntity } from '../../entities/quiz.entity.js';
import type { GradableQuestion } from '../grading/grading.util.js';
import type { QuestionColumns, QuizColumns, QuizView } from './quizzes.repository.js';

/** The quiz's own fields that a create or an update writes: the contract's fields without the questions. */
export type QuizFields = Omit<QuizCreateInput, 'questions'>;

/** The columns of the fields given (undefined ones are left out, so an update keeps them). */
export function quizChanges(f: Partial<QuizFields>): Partial<QuizColumns> {
  const columns: { [K in keyof QuizColumns]: QuizColumns[K] | undefined } = {
    title: f.title,
    description: f.description,
    courseId: f.course_id,
    isMockTest: f.is_mock_test,
    testMode: f.test_mode,
    timeLimit: f.time_limit,
    passingScore: f.passing_score,
    subject: f.subject,
    difficulty: f.difficulty,
    maxAttempts: f.max_attempts,
    allowMultipleAttempts: f.allow_multiple_attempts,
    isPublished: f.is_published,
    randomizeQuestions: f.randomize_questions,
    showResultsImmediately: f.show_results_immediately,
    instructions: f.instructions,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export const quizColumns = (f: QuizFields): QuizColumns => quizChanges(f) as QuizColumns;

export const questionColumns = (q: QuestionInput): QuestionColumns => ({
  questionText: q.question_text,
  questionType: q.question_type,
  options: q.options,
  correctAnswer: q.correct_answer,
  explanation: q.explanation,
  subject: q.subject,
  difficulty: q.difficulty,
  points: q.points,
});

export const kindOf = (q: Pick<QuizEntity, 'isMockTest' | 'testMode'>): AssessmentKind =>
  assessmentKind({ is_mock_test: q.isMockTest, test_mode: q.testMode });

/** The takers' figures; averages and rates are nulls, not zeros, before anyone took it. */
export function toFigures(r: Pick<QuizView, 'takenCount' | 'takenAverage' | 'takenPassed'>): QuizFigures {
  const attempts = r.takenCount;
  if (!attempts) return { attempts: 0, average_score: null, pass_rate: null };
  return { attempts, average_score: round1(r.takenAverage ?? 0), pass_rate: round1((r.takenPassed / attempts) * 100) };
}

export function toSummary(r: QuizView): QuizSummary {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    kind: kindOf(r),
    is_mock_test: r.isMockTest,
    test_mode: r.testMode,
    time_limit: r.timeLimit,
    passing_score: r.passingScore,
    subject: r.subject,
    difficulty: r.difficulty,
    course_id: r.courseId,
    course_title: r.courseTitle,
    max_attempts: r.maxAttempts,
    allow_multiple_attempts: r.allowMultipleAttempts,
    is_published: r.isPublished,
    randomize_questions: r.randomizeQuestions,
    show_results_immediately: r.showResultsImmediately,
    instructions: r.instructions,
    question_count: r.questionCount,
    total_points: r.totalPoints,
    figures: toFigures(r),
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/** What a taker sees; built field by field so an answer can never ride along. `order` is the 0-based served position. */
export function toTakerQuestion(q: QuestionEntity, order: number): TakerQuestion {
  return {
    id: q.id,
    question_text: q.questionText,
    question_type: q.questionType,
    options: q.options,
    subject: q.subject,
    difficulty: q.difficulty,
    points: q.points,
    order,
  };
}

export function toAuthorQuestion(q: QuestionEntity): AuthorQuestion {
  return { ...toTakerQuestion(q, q.sortOrder), correct_answer: q.correctAnswer, explanation: q.explanation };
}

export function toAuthorView(r: QuizView, questions: readonly QuestionEntity[]): QuizAuthor {
  return { ...toSummary(r), questions: questions.map(toAuthorQuestion) };
}

export function toGradable(q: QuestionEntity): GradableQuestion {
  return {
    id: q.id,
    question_text: q.questionText,
    question_type: q.questionType,
    options: q.options,
    correct_answer: q.correctAnswer,
    explanation: q.explanation,
    subject: q.subject,
    points: q.points,
  };
}
