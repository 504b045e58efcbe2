import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { catalogInternal } from '@lp/contracts';
import { HandlesInternal, UnitOfWork, Clock, UsersReadModel } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { CoursesService } from '../courses/courses.service.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { LessonsRepository } from '../lessons/lessons.repository.js';
import { toNewLesson } from '../lessons/lesson.mapper.js';
import { ContentRepository } from '../content/content.repository.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { EnrollmentsService } from '../enrollments/enrollments.service.js';
import { ProgressService } from '../progress/progress.service.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { MessagesRepository } from '../instructor/messages.repository.js';

type I = typeof catalogInternal;
type In<K extends keyof I> = z.infer<I[K]['request']>;
type Out<K extends keyof I> = z.infer<I[K]['response']>;

const SEED_NAME_WAIT_MS = 8000;

/** Demo data for `npm start`, over the bus; each call is idempotent and goes through the normal writes and events. */
@Injectable()
export class SeedHandlers {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CoursesService) private readonly courseService: CoursesService,
    @Inject(LessonsRepository) private readonly lessons: LessonsRepository,
    @Inject(ContentRepository) private readonly content: ContentRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(EnrollmentsService) private readonly enrollmentService: EnrollmentsService,
    @Inject(ProgressService) private readonly progress: ProgressService,
    @Inject(ReviewsRepository) private readonly reviews: ReviewsRepository,
    @Inject(ReviewsService) private readonly reviewService: ReviewsService,
    @Inject(MessagesRepository) private readonly messages: MessagesRepository,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @HandlesInternal(catalogInternal.ensureCourse)
  async ensureCourse(p: In<'ensureCourse'>): Promise<Out<'ensureCourse'>> {
    const existing = await this.courses.findByInstructorAndTitle(p.instructor_id, p.title);
    if (existing) return { id: existing.id, created: false };
    const now = this.clock.now();
    const id = await this.uow.run(async (tx) => {
      const row = await this.courses.insert(
        tx,
        {
          title: p.title,
          description: p.description,
          price: p.price,
          category: p.category,
          level: p.level,
          instructorId: p.instructor_id,
          institutionId: null,
          thumbnail: p.thumbnail,
          isPublished: p.is_published,
        },
        now,
      );
      for (const [order, l] of p.lessons.entries()) {
        await this.lessons.insert(tx, row.id, toNewLesson({ ...l, order: order + 1, is_published: true }), now);
      }
      for (const t of p.text_items) {
        await this.content.insert(
          tx,
          {
            courseId: row.id,
            lessonId: null,
            type: 'text',
            title: t.title,
            textContent: t.text,
            storageKey: null,
            fileName: null,
            mimeType: null,
            fileSize: null,
            durationMinutes: null,
            createdBy: p.instructor_id,
          },
          now,
        );
      }
      await this.courseService.announceCreated(tx, row);
      return row.id;
    });
    this.listCache.invalidate();
    return { id, created: true };
  }

  /** Enrolls (payment not asked: demo data), completes the first lessons, and reviews. */
  @HandlesInternal(catalogInternal.ensureEnrollment)
  async ensureEnrollment(p: In<'ensureEnrollment'>): Promise<Out<'ensureEnrollment'>> {
    const course = await this.courses.findById(p.course_id);
    if (!course) throw catalogErrors.courseNotFound();
    let enrollment = await this.enrollments.find(p.course_id, p.user_id);
    const created = !enrollment;
    if (!enrollment) enrollment = await this.enrollmentService.create(course, p.user_id, null);
    const lessons = await this.lessons.listForCourse(p.course_id, false);
    // a completion may issue a certificate, which freezes names: on a fresh start identity's
    // events may still be on their way, so wait (bounded) for both names to be known
    if (p.completed_lessons > 0) await this.awaitUsers([p.user_id, course.instructorId], SEED_NAME_WAIT_MS);
    for (const l of lessons.slice(0, p.completed_lessons)) {
      await this.progress.complete(p.user_id, p.course_id, { kind: 'lesson', id: l.id }, l.durationMinutes);
    }
    if (p.review && !(await this.reviews.findForUser(p.course_id, p.user_id))) {
      await this.reviewService.write(p.course_id, p.user_id, p.review.rating, p.review.comment);
    }
    return { enrollment_id: enrollment.id, created };
  }

  private async awaitUsers(ids: string[], timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (const id of ids) {
      while (!(await this.users.find(id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    }
  }

  @HandlesInternal(catalogInternal.ensureMessage)
  async ensureMessage(p: In<'ensureMessage'>): Promise<Out<'ensureMessage'>> {
    const existing = await this.messages.findDuplicate(p.sender_id, p.recipient_id, p.subject);
    if (existing) return { id: existing.id, created: false };
    const id = await this.uow.run((tx) =>
      this.messages.insert(
        tx,
        { senderId: p.sender_id, recipientId: p.recipient_id, courseId: p.course_id, subject: p.subject, body: p.message },
        this.clock.now(),
      ),
    );
    return { id, created: true };
  }
}
