import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  ACTIVE_STUDENTS_DAYS,
  ACTIVITY_WEEKS,
  RECENT_ENROLLMENTS_DAYS,
  catalogRoutes,
  type ContentLibrarySchema,
  type RouteInput,
  type CourseAnalyticsSchema,
  type InstitutionCourseAnalyticsSchema,
  type InstructorOverviewSchema,
} from '@lp/contracts';
import { CourseAccess } from '../courses/course-access.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { contentFileUrl } from '../courses/course.mapper.js';
import { AnalyticsRepository, type CourseScope } from '../analytics/analytics.repository.js';
import { QuizFiguresRepository } from '../quizzes/quiz-figures.repository.js';
import { Clock, Handles, currentCaller, round1 } from '@lp/service-kit';

type R = typeof catalogRoutes;

const DAY_MS = 86_400_000;
const LIBRARY_SIZE = 100;
const pct = (part: number, whole: number): number => (whole === 0 ? 0 : round1((100 * part) / whole));

/** The instructor dashboard's figures and the institution's course figures, from real data. */
@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(QuizFiguresRepository) private readonly quizzes: QuizFiguresRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  private windows(): { recent: Date; active: Date } {
    const now = this.clock.now().getTime();
    return { recent: new Date(now - RECENT_ENROLLMENTS_DAYS * DAY_MS), active: new Date(now - ACTIVE_STUDENTS_DAYS * DAY_MS) };
  }

  @Handles(catalogRoutes.instructorOverview)
  async overview(): Promise<z.infer<typeof InstructorOverviewSchema>> {
    const caller = currentCaller();
    const w = this.windows();
    const [t, q, weekly] = await Promise.all([
      this.analytics.totals({ instructorId: caller.userId }, w.recent, w.active),
      this.quizzes.instructorTotals(caller.userId),
      this.analytics.weeklyActivity({ instructorId: caller.userId }, this.clock.now(), ACTIVITY_WEEKS),
    ]);
    const students = t.total_students;
    const active = t.active_students;
    return {
      total_courses: t.total_courses,
      total_students: students,
      completion_rate: t.avg_progress,
      total_revenue: t.total_revenue,
      recent_enrollments: t.recent_enrollments,
      active_students: active,
      total_quiz_attempts: q.attempts,
      avg_quiz_score: q.avg_score,
      monthly_trends: { revenue: t.recent_revenue, active_rate: pct(active, students) },
      weekly_activity: weekly,
    };
  }

  /** One course's figures, for its owner. */
  @Handles(catalogRoutes.courseAnalytics)
  async courseAnalytics({ params }: RouteInput<R['courseAnalytics']>): Promise<z.infer<typeof CourseAnalyticsSchema>> {
    return this.course(params.id);
  }

  @Handles(catalogRoutes.instructorCourseAnalytics)
  async instructorCourseAnalytics({ params }: RouteInput<R['instructorCourseAnalytics']>): Promise<z.infer<typeof CourseAnalyticsSchema>> {
    return this.course(params.id);
  }

  private async course(courseId: string): Promise<z.infer<typeof CourseAnalyticsSchema>> {
    const owned = await this.access.owned(courseId, currentCaller());
    const w = this.windows();
    const [[course], [perf], lessons, quizzes, weekly, buckets] = await Promise.all([
      this.courses.cards([owned]),
      this.analytics.coursePerformance({ courseId }, w.recent),
      this.analytics.lessonFigures(courseId),
      this.quizzes.coursePerformance(courseId),
      this.analytics.weeklyActivity({ courseId }, this.clock.now(), ACTIVITY_WEEKS),
      this.analytics.scoreBuckets(courseId),
    ]);
    const counts = new Map(buckets.map((b) => [b.bucket, b.count]));
    const total = perf?.enrollments ?? 0;
    return {
      course_info: {
        id: owned.id,
        title: owned.title,
        category: owned.category,
        level: owned.level,
        price: owned.price,
        is_published: owned.isPublished,
        enrollment_count: owned.enrollmentCount,
        rating_avg: owned.ratingAvg,
        rating_count: owned.ratingCount,
        lesson_count: course?.lessonCount ?? 0,
        content_item_count: course?.contentItems.length ?? 0,
      },
      enrollment_stats: {
        total_enrollments: total,
        completed: perf?.completed ?? 0,
        in_progress: perf?.in_progress ?? 0,
        not_started: perf?.not_started ?? 0,
        avg_progress: perf?.avg_progress ?? 0,
        revenue: perf?.revenue ?? 0,
        recent_enrollments: perf?.recent_enrollments ?? 0,
      },
      lesson_analytics: lessons.map((l) => ({
        lesson_id: l.lesson_id,
        lesson_title: l.lesson_title,
        order: l.sort_order,
        completions: l.completions,
        completion_rate: pct(l.completions, total),
      })),
      quiz_analytics: quizzes.map((z) => ({
        quiz_id: z.quiz_id,
        quiz_title: z.quiz_title,
        total_attempts: z.attempts,
        avg_score: z.avg_score,
        pass_rate: z.pass_rate,
      })),
      weekly_activity: weekly,
      // every band, empty ones too: a distribution's shape needs its zeros
      score_distribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: counts.get(i) ?? 0 })),
    };
  }

  /** The current institution's courses (without one: the caller's own). */
  @Handles(catalogRoutes.institutionCourseAnalytics)
  async institution(): Promise<z.infer<typeof InstitutionCourseAnalyticsSchema>> {
    const caller = currentCaller();
    const scope: CourseScope = caller.institutionId ? { institutionId: caller.institutionId } : { instructorId: caller.userId };
    const w = this.windows();
    const [t, rows] = await Promise.all([
      this.analytics.totals(scope, w.recent, w.active),
      this.analytics.coursePerformance(scope, w.recent),
    ]);
    return {
      overview: {
        total_courses: t.total_courses,
        total_enrollments: t.total_enrollments,
        completion_rate: pct(t.completed_enrollments, t.total_enrollments),
        total_revenue: t.total_revenue,
      },
      course_performance: rows.map((r) => ({
        id: r.id,
        title: r.title,
        enrollments: r.enrollments,
        completion_rate: pct(r.completed, r.enrollments),
        revenue: r.revenue,
        category: r.category,
      })),
    };
  }

  @Handles(catalogRoutes.contentLibrary)
  async contentLibrary(): Promise<z.infer<typeof ContentLibrarySchema>> {
    const caller = currentCaller();
    const [rows, quizzes] = await Promise.all([
      this.analytics.lessonTemplates(caller.userId, LIBRARY_SIZE),
      this.quizzes.templates(caller.userId, LIBRARY_SIZE),
    ]);
    return {
      lesson_templates: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        content_type: r.content_type,
        course_id: r.course_id,
        course_title: r.course_title,
        materials: r.materials.map((m) => ({
          id: m.id,
          type: m.type,
          title: m.title,
          url: m.has_file ? contentFileUrl(r.course_id, m.id) : null,
        })),
        video_chapters: [],
      })),
      quiz_templates: quizzes.map((z) => ({ id: z.id, title: z.title, question_count: z.question_count })),
    };
  }
}
