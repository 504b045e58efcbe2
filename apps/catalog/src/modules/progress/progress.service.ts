import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  ACTIVITY_WEEKS,
  catalogEvents,
  catalogInternal,
  catalogRoutes,
  type BotReadRequest,
  type CompletionResponse,
  type RouteInput,
  type CourseProgress,
  type EnrolledCourseSchema,
  type EnrollmentProgressSchema,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UnitOfWork, Clock, Handles, HandlesInternal, asBotReader, currentCaller, iso, isoOrNull } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess } from '../courses/course-access.js';
import { courseCoverUrl } from '../courses/course.mapper.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { LessonsRepository } from '../lessons/lessons.repository.js';
import { ContentRepository } from '../content/content.repository.js';
import { CertificateIssuer } from '../certificates/certificate-issuer.js';
import { AnalyticsRepository } from '../analytics/analytics.repository.js';
import { QuizFiguresRepository } from '../quizzes/quiz-figures.repository.js';
import { ProgressRepository } from './progress.repository.js';
import { completionPercentage } from './progress.util.js';

type Completion = z.infer<typeof CompletionResponse>;
type R = typeof catalogRoutes;

/** part / whole in %, one decimal, never above 100 (0 of nothing is 0). */
const share = (part: number, whole: number): number => (whole === 0 ? 0 : Math.min(100, Math.round((1000 * part) / whole) / 10));

export type Unit = { kind: 'lesson'; id: string } | { kind: 'content_item'; id: string };

/** The Monday (UTC, YYYY-MM-DD) of the week holding `d`, as the weekly figures name their weeks. */
function mondayOf(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Progress: completing lessons and content items (each counts once), the course's
 * completion percentage (never above 100), and what reaching 100% sets off.
 */
@Injectable()
export class ProgressService {
  constructor(
    @Inject(ProgressRepository) private readonly progress: ProgressRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(LessonsRepository) private readonly lessons: LessonsRepository,
    @Inject(ContentRepository) private readonly content: ContentRepository,
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(QuizFiguresRepository) private readonly quizzes: QuizFiguresRepository,
    @Inject(CertificateIssuer) private readonly issuer: CertificateIssuer,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.completeLesson)
  async completeLesson({ params, body }: RouteInput<R['completeLesson']>): Promise<Completion> {
    const caller = currentCaller();
    const lessonId = params.id;
    const lesson = await this.lessons.find(lessonId);
    if (!lesson || !lesson.isPublished) throw catalogErrors.lessonNotFound();
    await this.access.visible(lesson.courseId, caller).catch(() => {
      throw catalogErrors.lessonNotFound();
    });
    return this.complete(caller.userId, lesson.courseId, { kind: 'lesson', id: lessonId }, body.time_spent_minutes);
  }

  /** POST /progress/{courseId}/mark-complete/{itemId}: a content item, or a lesson of the course. */
  @Handles(catalogRoutes.markComplete)
  async markComplete({ params: { courseId, itemId } }: RouteInput<R['markComplete']>): Promise<Completion> {
    const caller = currentCaller();
    await this.access.visible(courseId, caller);
    const item = await this.content.find(itemId);
    if (item && item.courseId === courseId) {
      // an item of a draft lesson is a draft too
      const lesson = item.lessonId ? await this.lessons.find(item.lessonId) : null;
      if (lesson && !lesson.isPublished) throw catalogErrors.contentItemNotFound();
      return this.complete(caller.userId, courseId, { kind: 'content_item', id: itemId }, 0);
    }
    const lesson = await this.lessons.find(itemId);
    if (lesson && lesson.courseId === courseId && lesson.isPublished) {
      return this.complete(caller.userId, courseId, { kind: 'lesson', id: itemId }, 0);
    }
    throw catalogErrors.contentItemNotFound();
  }

  /**
   * One completion, under a lock of the learner's enrollment (their completions queue up):
   * recorded once, the enrollment's activity moved, catalog.lesson.completed written, and
   * at 100% the course completed (certificate issued, catalog.course.completed written).
   */
  async complete(userId: string, courseId: string, unit: Unit, minutes: number): Promise<Completion> {
    return this.uow.run(async (tx) => {
      const enrollment = await this.enrollments.lock(tx, courseId, userId);
      if (!enrollment) throw catalogErrors.notEnrolled();
      const now = this.clock.now();
      const fresh =
        unit.kind === 'lesson'
          ? await this.progress.completeLesson(tx, userId, unit.id, courseId, minutes, now)
          : await this.progress.completeItem(tx, userId, unit.id, courseId, now);
      const p = await this.progress.compute(courseId, userId, tx);
      if (!fresh) {
        return { message: 'Already completed', already_completed: true, completion_percentage: p.percentage, course_completed: false };
      }
      await this.enrollments.touch(tx, enrollment.id, now);
      await writeEvent(tx, catalogEvents.lessonCompleted, {
        v: 1,
        user_id: userId,
        course_id: courseId,
        lesson_id: unit.id,
        kind: unit.kind,
        time_spent_minutes: minutes,
        completion_percentage: p.percentage,
        completed_at: iso(now),
      });
      let courseCompleted = false;
      if (p.complete && !enrollment.completedAt) {
        const course = (await this.courses.findById(courseId, tx))!;
        await this.issuer.issue(tx, enrollment, course, now);
        courseCompleted = true;
      }
      return {
        message: unit.kind === 'lesson' ? 'Lesson marked as complete!' : 'Marked as complete!',
        already_completed: false,
        completion_percentage: p.percentage,
        course_completed: courseCompleted,
      };
    });
  }

  @Handles(catalogRoutes.courseProgress)
  async courseProgress({ params }: RouteInput<R['courseProgress']>): Promise<CourseProgress> {
    return this.progressOf(params.id);
  }

  @Handles(catalogRoutes.progress)
  async progressOfCourse({ params }: RouteInput<R['progress']>): Promise<CourseProgress> {
    return this.progressOf(params.courseId);
  }

  /** The caller's progress in a course they are enrolled in. */
  private async progressOf(courseId: string): Promise<CourseProgress> {
    const caller = currentCaller();
    const { enrollment } = await this.access.enrolled(courseId, caller);
    const p = await this.progress.compute(courseId, caller.userId);
    const completedAt = enrollment.completedAt;
    return {
      course_id: courseId,
      enrollment_id: enrollment.id,
      completion_percentage: p.percentage,
      lessons_completed_ids: p.lessonIds,
      completed_items: p.itemIds,
      total_lessons: p.totalLessons,
      total_items: p.totalItems,
      is_completed: p.complete || completedAt !== null,
      completed_at: isoOrNull(completedAt),
      can_get_certificate: p.complete || completedAt !== null,
      last_activity_at: iso(enrollment.lastActivityAt),
    };
  }

  /**
   * GET /enrollments/{id}/progress ({id}: the enrollment's id or its course's id).
   * A published quiz of the course counts as completed once the learner submitted an attempt,
   * passed or not: whether it was passed is the grade's business (the grades view), and a
   * failed quiz with no attempts left must not stay "next" for ever. overall_progress and the
   * certificate stay the completion of lessons and content items (the spec offers the
   * certificate at 100 % completion, and the course player only unlocks assessments there).
   */
  @Handles(catalogRoutes.enrollmentProgress)
  async enrollmentProgress({ params: { id } }: RouteInput<R['enrollmentProgress']>): Promise<z.infer<typeof EnrollmentProgressSchema>> {
    const caller = currentCaller();
    const enrollment = await this.enrollments.findForUser(id, caller.userId);
    if (!enrollment) throw catalogErrors.enrollmentNotFound();
    const course = (await this.courses.findById(enrollment.courseId))!;
    const [p, lessons, quizzes, weeks] = await Promise.all([
      this.progress.compute(course.id, caller.userId),
      this.lessons.listForCourse(course.id, false),
      this.quizzes.learnerQuizzes(course.id, caller.userId),
      this.analytics.learnerDoneByWeek(course.id, caller.userId, this.clock.now(), ACTIVITY_WEEKS),
    ]);
    // the weeks before the enrollment's week would only be a flat line of zeros
    const enrolledWeek = mondayOf(enrollment.enrolledAt);
    const done = new Set(p.lessonIds);
    const next = lessons.find((l) => !done.has(l.id)) ?? null;
    const nextQuiz = quizzes.find((z) => !z.attempted) ?? null;
    const quizzesDone = quizzes.filter((z) => z.attempted).length;
    return {
      enrollment_id: enrollment.id,
      course_id: course.id,
      course_title: course.title,
      overall_progress: p.percentage,
      lesson_progress: { completed: p.lessonIds.length, total: p.totalLessons, percentage: share(p.lessonIds.length, p.totalLessons) },
      quiz_progress: { completed: quizzesDone, total: quizzes.length, percentage: share(quizzesDone, quizzes.length) },
      next_lesson: next ? { id: next.id, title: next.title, order: next.order } : null,
      next_quiz: nextQuiz ? { id: nextQuiz.quiz_id, title: nextQuiz.title } : null,
      can_get_certificate: p.complete || enrollment.completedAt !== null,
      weekly_progress: weeks
        .filter((w) => w.week_start >= enrolledWeek)
        .map((w) => ({
          week_start: w.week_start,
          completed_units: w.done,
          progress: completionPercentage(Math.min(w.done, p.total), p.total),
        })),
    };
  }

  @Handles(catalogRoutes.learnerEnrolledCourses)
  async enrolledCourses(): Promise<Array<z.infer<typeof EnrolledCourseSchema>>> {
    const rows = await this.analytics.learnerEnrollments(currentCaller().userId);
    return rows.map((r) => ({
      id: r.course_id,
      course_id: r.course_id,
      enrollment_id: r.enrollment_id,
      title: r.title,
      description: r.description,
      thumbnail: r.thumbnail,
      cover_url: courseCoverUrl(r.course_id, r.cover_key),
      category: r.category,
      level: r.level,
      instructor_id: r.instructor_id,
      instructor_name: r.instructor_name,
      progress: r.progress,
      progress_percentage: r.progress,
      enrolled_at: iso(r.enrolled_at),
      completed_at: isoOrNull(r.completed_at),
      last_activity_at: iso(r.last_activity_at),
    }));
  }

  /** The Telegram bot's /courses: the route's answer for the linked user. */
  @HandlesInternal(catalogInternal.botCourses)
  botCourses(req: BotReadRequest): Promise<Array<z.infer<typeof EnrolledCourseSchema>>> {
    return asBotReader(req, () => this.enrolledCourses());
  }
}
