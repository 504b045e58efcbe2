import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CourseCategory, CourseLevel, LessonContentType, ContentItemType } from '@lp/contracts';
import { progressCte } from './progress.sql.js';
import { queryRows } from '@lp/service-kit';

/** Which courses a figure is about. */
export type CourseScope = { instructorId: string } | { institutionId: string } | { courseId: string };

function scopeSql(scope: CourseScope): { sql: string; value: string } {
  if ('instructorId' in scope) return { sql: 'SELECT id FROM courses WHERE instructor_id = $1', value: scope.instructorId };
  if ('institutionId' in scope) return { sql: 'SELECT id FROM courses WHERE institution_id = $1', value: scope.institutionId };
  return { sql: 'SELECT id FROM courses WHERE id = $1', value: scope.courseId };
}

export interface EnrollmentFigures {
  enrollment_id: string;
  course_id: string;
  course_title: string;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  profile_image: string | null;
  enrolled_at: Date;
  last_activity_at: Date;
  completed_at: Date | null;
  amount_paid: number;
  total_units: number;
  done_units: number;
  progress: number;
  is_completed: boolean;
  /** the learner's attempts on the course's live quizzes, and their average score (one decimal) */
  quiz_attempts: number;
  avg_quiz_score: number;
}

export interface LearnerEnrollmentRow {
  enrollment_id: string;
  course_id: string;
  title: string;
  description: string;
  thumbnail: string | null;
  category: CourseCategory;
  level: CourseLevel;
  instructor_id: string;
  instructor_name: string;
  enrolled_at: Date;
  last_activity_at: Date;
  completed_at: Date | null;
  progress: number;
}

export interface Totals {
  total_courses: number;
  total_students: number;
  total_enrollments: number;
  completed_enrollments: number;
  avg_progress: number;
  total_revenue: number;
  recent_enrollments: number;
  recent_revenue: number;
  active_students: number;
}

export interface CoursePerformanceRow {
  id: string;
  title: string;
  category: CourseCategory;
  enrollments: number;
  completed: number;
  in_progress: number;
  not_started: number;
  avg_progress: number;
  revenue: number;
  recent_enrollments: number;
}

export interface LessonFiguresRow {
  lesson_id: string;
  lesson_title: string;
  sort_order: number;
  completions: number;
}

export interface TemplateRow {
  id: string;
  title: string;
  content: string;
  content_type: LessonContentType;
  course_id: string;
  course_title: string;
  materials: Array<{ id: string; type: ContentItemType; title: string; has_file: boolean }>;
}

/**
 * Dashboard figures, computed by queries over catalog's own tables.
 * Raw SQL: aggregates over CTEs (progressCte), one statement per figure, typed by the interfaces above.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Totals over a set of courses; `recentSince` and `activeSince` bound the 30- and 7-day windows. */
  async totals(scope: CourseScope, recentSince: Date, activeSince: Date): Promise<Totals> {
    const s = scopeSql(scope);
    const [row] = await queryRows<Totals>(
      this.ds,
      `WITH ${progressCte(s.sql)}
       SELECT (SELECT count(*) FROM scoped) AS total_courses,
              (SELECT count(DISTINCT user_id) FROM progress) AS total_students,
              (SELECT count(*) FROM progress) AS total_enrollments,
              (SELECT count(*) FROM progress WHERE is_completed) AS completed_enrollments,
              (SELECT COALESCE(round(avg(progress), 1), 0) FROM progress) AS avg_progress,
              (SELECT COALESCE(sum(amount_paid), 0) FROM progress) AS total_revenue,
              (SELECT count(*) FROM progress WHERE enrolled_at >= $2) AS recent_enrollments,
              (SELECT COALESCE(sum(amount_paid), 0) FROM progress WHERE enrolled_at >= $2) AS recent_revenue,
              (SELECT count(DISTINCT user_id) FROM progress WHERE last_activity_at >= $3) AS active_students`,
      [s.value, recentSince, activeSince],
    );
    return row!;
  }

  /** Every enrollment of the scope with its learner, progress and quiz figures, newest activity first. */
  enrollments(scope: CourseScope): Promise<EnrollmentFigures[]> {
    const s = scopeSql(scope);
    return queryRows<EnrollmentFigures>(
      this.ds,
      `WITH ${progressCte(s.sql)}
       SELECT p.*, c.title AS course_title, u.name AS user_name, u.email AS user_email, u.profile_image,
              qa.attempts AS quiz_attempts, qa.avg_score AS avg_quiz_score
         FROM progress p JOIN courses c ON c.id = p.course_id LEFT JOIN users u ON u.id = p.user_id
         CROSS JOIN LATERAL (
           SELECT count(a.attempt_id) AS attempts, COALESCE(round(avg(a.score), 1), 0) AS avg_score
             FROM quiz_attempts a JOIN quizzes z ON z.quiz_id = a.quiz_id AND z.deleted_at IS NULL
            WHERE z.course_id = p.course_id AND a.user_id = p.user_id) qa
        ORDER BY p.last_activity_at DESC, p.enrollment_id`,
      [s.value],
    );
  }

  /** Per course of the scope: enrollments, completion and revenue. */
  coursePerformance(scope: CourseScope, recentSince: Date): Promise<CoursePerformanceRow[]> {
    const s = scopeSql(scope);
    return queryRows<CoursePerformanceRow>(
      this.ds,
      `WITH ${progressCte(s.sql)}
       SELECT c.id, c.title, c.category,
              count(p.enrollment_id) AS enrollments,
              count(p.enrollment_id) FILTER (WHERE p.is_completed) AS completed,
              count(p.enrollment_id) FILTER (WHERE NOT p.is_completed AND p.done_units > 0) AS in_progress,
              count(p.enrollment_id) FILTER (WHERE NOT p.is_completed AND p.done_units = 0) AS not_started,
              COALESCE(round(avg(p.progress), 1), 0) AS avg_progress,
              COALESCE(sum(p.amount_paid), 0) AS revenue,
              count(p.enrollment_id) FILTER (WHERE p.enrolled_at >= $2) AS recent_enrollments
         FROM courses c JOIN scoped s ON s.id = c.id
         LEFT JOIN progress p ON p.course_id = c.id
        GROUP BY c.id ORDER BY count(p.enrollment_id) DESC, c.title`,
      [s.value, recentSince],
    );
  }

  /** Completions of each lesson of a course by its enrolled learners, in lesson order. */
  lessonFigures(courseId: string): Promise<LessonFiguresRow[]> {
    return queryRows<LessonFiguresRow>(
      this.ds,
      `SELECT l.id AS lesson_id, l.title AS lesson_title, l.sort_order,
              (SELECT count(*) FROM lesson_completions lc JOIN enrollments e ON e.course_id = lc.course_id AND e.user_id = lc.user_id
                WHERE lc.lesson_id = l.id) AS completions
         FROM lessons l WHERE l.course_id = $1 ORDER BY l.sort_order, l.created_at, l.id`,
      [courseId],
    );
  }

  /** The learner's enrollments with course, instructor and progress, newest first. */
  learnerEnrollments(userId: string): Promise<LearnerEnrollmentRow[]> {
    return queryRows<LearnerEnrollmentRow>(
      this.ds,
      `WITH ${progressCte('SELECT course_id AS id FROM enrollments WHERE user_id = $1', 'WHERE e.user_id = $1')}
       SELECT p.enrollment_id, p.course_id, c.title, c.description, c.thumbnail, c.category, c.level, c.instructor_id,
              COALESCE(u.name, 'Unknown user') AS instructor_name, p.enrolled_at, p.last_activity_at, p.completed_at, p.progress
         FROM progress p JOIN courses c ON c.id = p.course_id LEFT JOIN users u ON u.id = c.instructor_id
        ORDER BY p.enrolled_at DESC, p.enrollment_id`,
      [userId],
    );
  }

  /** The instructor's lessons (newest first) with their course's items as materials. */
  lessonTemplates(instructorId: string, limit: number): Promise<TemplateRow[]> {
    return queryRows<TemplateRow>(
      this.ds,
      `SELECT l.id, l.title, l.content, l.content_type, c.id AS course_id, c.title AS course_title,
              COALESCE((SELECT json_agg(json_build_object('id', i.id, 'type', i.type, 'title', i.title, 'has_file', i.storage_key IS NOT NULL)
                                 ORDER BY i.sort_order, i.created_at)
                          FROM content_items i WHERE i.course_id = c.id), '[]'::json) AS materials
         FROM lessons l JOIN courses c ON c.id = l.course_id
        WHERE c.instructor_id = $1
        ORDER BY l.created_at DESC, l.id LIMIT $2`,
      [instructorId, limit],
    );
  }
}
