import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CatalogErrorCode,
  type FieldError,
  lessonContentProblem,
  type Caller,
  type Lesson,
  catalogRoutes,
  type RouteInput,
} from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess, type CourseView } from '../courses/course-access.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import type { LessonEntity } from '../../entities/lesson.entity.js';
import { LessonsRepository } from './lessons.repository.js';
import { toLesson, toLessonPatch, toNewLesson } from './lesson.mapper.js';

type R = typeof catalogRoutes;

/** What is wrong with `given` as a new order of the lessons `current`: missing, unknown and repeated ids. */
export function orderListProblems(current: readonly string[], given: readonly string[]): FieldError[] {
  const known = new Set(current);
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  given.forEach((id, i) => {
    if (!known.has(id)) errors.push({ path: `lesson_ids.${i}`, message: 'Not a lesson of this course' });
    else if (seen.has(id)) errors.push({ path: `lesson_ids.${i}`, message: 'This lesson is listed twice' });
    seen.add(id);
  });
  const missing = current.filter((id) => !seen.has(id)).length;
  if (missing > 0) errors.push({ path: 'lesson_ids', message: `${missing} lesson(s) of this course are missing from the list` });
  return errors;
}

/**
 * Lessons. Only the course's owner manages them and sees drafts; the content of a
 * lesson goes to the owner, to enrolled learners, and to anyone for a free preview.
 */
@Injectable()
export class LessonsService {
  constructor(
    @Inject(LessonsRepository) private readonly lessons: LessonsRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.listLessons)
  async listForCourse({ params }: RouteInput<R['listLessons']>): Promise<Lesson[]> {
    const caller = currentCaller();
    const courseId = params.id;
    const { owner } = await this.access.visible(courseId, caller);
    const open = owner || (await this.enrollments.find(courseId, caller.userId)) !== null;
    const rows = await this.lessons.listForCourse(courseId, owner);
    return rows.map((r) => toLesson(r, open));
  }

  @Handles(catalogRoutes.getLesson)
  async get({ params }: RouteInput<R['getLesson']>): Promise<Lesson> {
    const caller = currentCaller();
    const lessonId = params.id;
    const { lesson, view } = await this.visibleLesson(caller, lessonId);
    if (view.owner) return toLesson(lesson, true);
    const enrollment = await this.enrollments.find(lesson.courseId, caller.userId);
    if (enrollment) {
      await this.enrollments.touchIfStale(lesson.courseId, caller.userId, this.clock.now());
      return toLesson(lesson, true);
    }
    if (lesson.isFreePreview) return toLesson(lesson, false);
    throw catalogErrors.lessonLocked();
  }

  /**
   * A lesson without an order goes after the course's last one. The course row is locked
   * first, so two lessons added at the same moment take consecutive orders, not the same one.
   */
  @Handles(catalogRoutes.createLesson)
  async create({ params, body: input }: RouteInput<R['createLesson']>): Promise<Lesson> {
    const courseId = params.id;
    await this.access.owned(courseId, currentCaller());
    const row = await this.uow.run(async (tx) => {
      await this.courses.lock(tx, courseId);
      const order = input.order ?? (await this.lessons.nextOrder(tx, courseId));
      return this.lessons.insert(tx, courseId, toNewLesson({ ...input, order }), this.clock.now());
    });
    this.listCache.invalidate();
    return toLesson(row, true);
  }

  /**
   * The full new order, drafts included: a list that leaves out a lesson of the course, names
   * another course's lesson or names one twice is refused (422) and nothing moves.
   */
  @Handles(catalogRoutes.reorderLessons)
  async reorder({ params, body }: RouteInput<R['reorderLessons']>): Promise<Lesson[]> {
    const courseId = params.id;
    await this.access.owned(courseId, currentCaller());
    const rows = await this.uow.run(async (tx) => {
      await this.courses.lock(tx, courseId);
      const current = await this.lessons.listForCourse(courseId, true, tx);
      const errors = orderListProblems(
        current.map((l) => l.id),
        body.lesson_ids,
      );
      if (errors.length > 0) {
        throw new AppError(422, CatalogErrorCode.LESSON_ORDER_MISMATCH, 'List every lesson of this course exactly once', errors);
      }
      await this.lessons.setOrder(tx, courseId, body.lesson_ids, this.clock.now());
      return this.lessons.listForCourse(courseId, true, tx);
    });
    this.listCache.invalidate();
    return rows.map((r) => toLesson(r, true));
  }

  @Handles(catalogRoutes.updateLesson)
  async update({ params, body: input }: RouteInput<R['updateLesson']>): Promise<Lesson> {
    const lessonId = params.id;
    const { lesson, view } = await this.visibleLesson(currentCaller(), lessonId);
    if (!view.owner) throw catalogErrors.notCourseOwner();
    const problem = lessonContentProblem(input.content_type ?? lesson.contentType, input.content ?? lesson.content);
    if (problem) throw AppError.validation([{ path: 'content', message: problem }], problem);
    const row = await this.uow.run((tx) => this.lessons.update(tx, lessonId, toLessonPatch(input), this.clock.now()));
    this.listCache.invalidate();
    return toLesson(row, true);
  }

  @Handles(catalogRoutes.deleteLesson)
  async delete({ params }: RouteInput<R['deleteLesson']>): Promise<{ message: string }> {
    const lessonId = params.id;
    const { view } = await this.visibleLesson(currentCaller(), lessonId);
    if (!view.owner) throw catalogErrors.notCourseOwner();
    await this.uow.run((tx) => this.lessons.delete(tx, lessonId));
    this.listCache.invalidate();
    return { message: 'Lesson deleted successfully!' };
  }

  /** Lessons without an order go after the course's last lesson, in the order given. */
  @Handles(catalogRoutes.bulkUploadLessons)
  async bulkUpload({ body: input }: RouteInput<R['bulkUploadLessons']>): Promise<{ message: string; created: number; lessons: Lesson[] }> {
    await this.access.owned(input.course_id, currentCaller());
    const now = this.clock.now();
    const rows = await this.uow.run(async (tx) => {
      await this.courses.lock(tx, input.course_id);
      let next = await this.lessons.nextOrder(tx, input.course_id);
      const created: LessonEntity[] = [];
      for (const l of input.lessons) {
        created.push(await this.lessons.insert(tx, input.course_id, toNewLesson({ ...l, order: l.order ?? next++ }), now));
      }
      return created;
    });
    this.listCache.invalidate();
    return { message: 'Lessons uploaded successfully!', created: rows.length, lessons: rows.map((r) => toLesson(r, true)) };
  }

  /** A lesson the caller can see: of a visible course, and published unless the caller owns it. */
  async visibleLesson(caller: Caller, lessonId: string): Promise<{ lesson: LessonEntity; view: CourseView }> {
    const lesson = await this.lessons.find(lessonId);
    if (!lesson) throw catalogErrors.lessonNotFound();
    let view: CourseView;
    try {
      view = await this.access.visible(lesson.courseId, caller);
    } catch (e) {
      if (AppError.isAppError(e) && e.status === 404) throw catalogErrors.lessonNotFound();
      throw e;
    }
    if (!lesson.isPublished && !view.owner) throw catalogErrors.lessonNotFound();
    return { lesson, view };
  }
}
