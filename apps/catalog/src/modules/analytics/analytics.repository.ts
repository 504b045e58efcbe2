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
  cover_key: string | null;
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

export interface WeeklyActivityRow {
  /** the week's Monday, YYYY-MM-DD (UTC) */
  week_start: string;
  enrollments: number;
  completions: number;
}

export interface ScoreBucketRow {
  /** 0..9: the band [10 * bucket, 10 * bucket + 10), 100 falls in 9 */
  bucket: number;
  count: number;
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

  /**
   * Enrollments and completions per week over a set of courses: `weeks` weeks (Monday to
   * Sunday, UTC) up to the one holding `now`, oldest first, empty weeks included so a chart
   * shows the gaps.
   */
  weeklyActivity(scope: CourseScope, now: Date, weeks: number): Promise<WeeklyActivityRow[]> {
    const s = scopeSql(scope);
    return queryRows<WeeklyActivityRow>(
      this.ds,
      `WITH scoped AS (${s.sql}),
       weeks AS (
         SELECT generate_series(date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC') - ($3::int - 1) * interval '1 week',
                                date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS start)
       SELECT to_char(w.start, 'YYYY-MM-DD') AS week_start,
              (SELECT count(*)::int FROM enrollments e WHERE e.course_id IN (SELECT id FROM scoped)
                  AND e.enrolled_at >= w.start AT TIME ZONE 'UTC' AND e.enrolled_at < (w.start + interval '1 week') AT TIME ZONE 'UTC') AS enrollments,
              (SELECT count(*)::int FROM enrollments e WHERE e.course_id IN (SELECT id FROM scoped)
                  AND e.completed_at >= w.start AT TIME ZONE 'UTC' AND e.completed_at < (w.start + interval '1 week') AT TIME ZONE 'UTC') AS completions
         FROM weeks w ORDER BY w.start`,
      [s.value, now, weeks],
    );
  }

  /**
   * A learner's completed units of a course (published lessons, and items outside draft
   * lessons, as progress counts them) by the end of each of `weeks` weeks up to the one
   * holding `now`, oldest first.
   */
  learnerDoneByWeek(courseId: string, userId: string, now: Date, weeks: number): Promise<Array<{ week_start: string; done: number }>> {
    return queryRows<{ week_start: string; done: number }>(
      this.ds,
      `WITH weeks AS (
         SELECT generate_series(date_trunc('week', $3::timestamptz AT TIME ZONE 'UTC') - ($4::int - 1) * interval '1 week',
                                date_trunc('week', $3::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS start),
       done AS (
         SELECT lc.completed_at FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id AND l.is_published
          WHERE lc.course_id = $1 AND lc.user_id = $2
         UNION ALL
         SELECT ic.completed_at FROM item_completions ic JOIN content_items i ON i.id = ic.content_item_id
           LEFT JOIN lessons il ON il.id = i.lesson_id
          WHERE ic.course_id = $1 AND ic.user_id = $2 AND (i.lesson_id IS NULL OR il.is_published))
       SELECT to_char(w.start, 'YYYY-MM-DD') AS week_start,
              (SELECT count(*)::int FROM done d WHERE d.completed_at < (w.start + interval '1 week') AT TIME ZONE 'UTC') AS done
         FROM weeks w ORDER BY w.start`,
      [courseId, userId, now, weeks],
    );
  }

  /** Learners' attempts at a course's live quizzes per band of 10 points (only bands that have some; the owner's own tries left out). */
  scoreBuckets(courseId: string): Promise<ScoreBucketRow[]> {
    return queryRows<ScoreBucketRow>(
      this.ds,
      `SELECT LEAST(9, floor(a.score / 10))::int AS bucket, count(*)::int AS count
         FROM quiz_attempts a JOIN quizzes z ON z.quiz_id = a.quiz_id AND z.deleted_at IS NULL
         JOIN courses c ON c.id = z.course_id AND a.user_id <> c.instructor_id
        WHERE z.course_id = $1
        GROUP BY 1 ORDER BY 1`,
      [courseId],
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
       SELECT p.enrollment_id, p.course_id, c.title, c.description, c.thumbnail, c.cover_key, c.category, c.level, c.instructor_id,
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
