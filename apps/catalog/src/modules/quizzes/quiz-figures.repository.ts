import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@lp/service-kit';

export interface QuizTotalsRow {
  attempts: number;
  avg_score: number;
}

export interface QuizPerformanceRow {
  quiz_id: string;
  quiz_title: string;
  attempts: number;
  avg_score: number;
  pass_rate: number;
}

export interface QuizTemplateRow {
  id: string;
  title: string;
  question_count: number;
}

export interface CourseQuizRow {
  quiz_id: string;
  title: string;
  attempted: boolean;
}

/**
 * Quiz figures over the read model. Every query joins live quizzes (no tombstone), so an
 * attempt counts only once its quiz is known and stops counting when the quiz is deleted.
 * The course owner's own attempts (trying their quiz out) are not learners' figures.
 * Raw SQL: aggregates (count, avg, FILTER) over the read model, typed by the interfaces above.
 */
@Injectable()
export class QuizFiguresRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Attempts by learners on the quizzes of the instructor's courses, and their average score (one decimal). */
  async instructorTotals(instructorId: string): Promise<QuizTotalsRow> {
    const [row] = await queryRows<QuizTotalsRow>(
      this.ds,
      `SELECT count(a.attempt_id) AS attempts, COALESCE(round(avg(a.score), 1), 0) AS avg_score
         FROM courses c
         JOIN quizzes z ON z.course_id = c.id AND z.deleted_at IS NULL
         JOIN quiz_attempts a ON a.quiz_id = z.quiz_id AND a.user_id <> c.instructor_id
        WHERE c.instructor_id = $1`,
      [instructorId],
    );
    return row!;
  }

  /** Every live quiz of the course, in the order they were made, with learners' attempts, average and pass rate (%). */
  coursePerformance(courseId: string): Promise<QuizPerformanceRow[]> {
    return queryRows<QuizPerformanceRow>(
      this.ds,
      `SELECT z.quiz_id, z.title AS quiz_title, count(a.attempt_id) AS attempts,
              COALESCE(round(avg(a.score), 1), 0) AS avg_score,
              CASE WHEN count(a.attempt_id) = 0 THEN 0
                   ELSE round(100.0 * count(a.attempt_id) FILTER (WHERE a.passed) / count(a.attempt_id), 1) END AS pass_rate
         FROM quizzes z JOIN courses c ON c.id = z.course_id
         LEFT JOIN quiz_attempts a ON a.quiz_id = z.quiz_id AND a.user_id <> c.instructor_id
        WHERE z.course_id = $1 AND z.deleted_at IS NULL
        GROUP BY z.quiz_id ORDER BY z.first_saved_at, z.quiz_id`,
      [courseId],
    );
  }

  /** The instructor's own live quizzes, with or without a course, last edited first. */
  templates(instructorId: string, limit: number): Promise<QuizTemplateRow[]> {
    return queryRows<QuizTemplateRow>(
      this.ds,
      `SELECT quiz_id AS id, title, question_count FROM quizzes
        WHERE created_by = $1 AND deleted_at IS NULL
        ORDER BY updated_at DESC, quiz_id LIMIT $2`,
      [instructorId, limit],
    );
  }

  /** The course's published quizzes in course order, and whether the learner has submitted an attempt of each. */
  learnerQuizzes(courseId: string, userId: string): Promise<CourseQuizRow[]> {
    return queryRows<CourseQuizRow>(
      this.ds,
      `SELECT z.quiz_id, z.title,
              EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.quiz_id = z.quiz_id AND a.user_id = $2) AS attempted
         FROM quizzes z
        WHERE z.course_id = $1 AND z.deleted_at IS NULL AND z.is_published
        ORDER BY z.first_saved_at, z.quiz_id`,
      [courseId, userId],
    );
  }
}
