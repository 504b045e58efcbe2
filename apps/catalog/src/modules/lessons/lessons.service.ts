import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  AppError,
  lessonContentProblem,
  type BulkUploadRequest,
  type Caller,
  type Lesson,
  type LessonCreateRequest,
  type LessonUpdateRequest,
} from '@lp/contracts';
import { UnitOfWork, Clock } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CourseAccess, type CourseView } from '../courses/course-access.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { LessonsRepository, type NewLesson } from './lessons.repository.js';
import { toLesson, type LessonRow } from './lesson.mapper.js';

type CreateInput = z.infer<typeof LessonCreateRequest>;
type UpdateInput = z.infer<typeof LessonUpdateRequest>;
type BulkInput = z.infer<typeof BulkUploadRequest>;

/**
 * Lessons. Only the course's owner manages them and sees drafts; the content of a
 * lesson goes to the owner, to enrolled learners, and to anyone for a free preview.
 */
@Injectable()
export class LessonsService {
  constructor(
    @Inject(LessonsRepository) private readonly lessons: LessonsRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async listForCourse(caller: Caller, courseId: string): Promise<Lesson[]> {
    const { owner } = await this.access.visible(courseId, caller);
    const open = owner || (await this.enrollments.find(courseId, caller.userId)) !== null;
    const rows = await this.lessons.listForCourse(courseId, owner);
    return rows.map((r) => toLesson(r, open));
  }

  async get(caller: Caller, lessonId: string): Promise<Lesson> {
    const { lesson, view } = await this.visibleLesson(caller, lessonId);
    if (view.owner) return toLesson(lesson, true);
    const enrollment = await this.enrollments.find(lesson.course_id, caller.userId);
    if (enrollment) {
      await this.enrollments.touchIfStale(lesson.course_id, caller.userId, this.clock.now());
      return toLesson(lesson, true);
    }
    if (lesson.is_free_preview) return toLesson(lesson, false);
    throw catalogErrors.lessonLocked();
  }

  async create(caller: Caller, courseId: string, input: CreateInput): Promise<Lesson> {
    await this.access.owned(courseId, caller);
    const row = await this.uow.run((tx) => this.lessons.insert(tx, courseId, input, this.clock.now()));
    this.listCache.invalidate();
    return toLesson(row, true);
  }

  async update(caller: Caller, lessonId: string, input: UpdateInput): Promise<Lesson> {
    const { lesson, view } = await this.visibleLesson(caller, lessonId);
    if (!view.owner) throw catalogErrors.notCourseOwner();
    const problem = lessonContentProblem(input.content_type ?? lesson.content_type, input.content ?? lesson.content);
    if (problem) throw AppError.validation([{ path: 'content', message: problem }], problem);
    const row = await this.uow.run((tx) => this.lessons.update(tx, lessonId, input, this.clock.now()));
    this.listCache.invalidate();
    return toLesson(row, true);
  }

  async delete(caller: Caller, lessonId: string): Promise<void> {
    const { view } = await this.visibleLesson(caller, lessonId);
    if (!view.owner) throw catalogErrors.notCourseOwner();
    await this.uow.run((tx) => this.lessons.delete(tx, lessonId));
    this.listCache.invalidate();
  }

  /** Lessons without an order go after the course's last lesson, in the order given. */
  async bulkUpload(caller: Caller, input: BulkInput): Promise<Lesson[]> {
    await this.access.owned(input.course_id, caller);
    const now = this.clock.now();
    const rows = await this.uow.run(async (tx) => {
      let next = await this.lessons.nextOrder(tx, input.course_id);
      const created: LessonRow[] = [];
      for (const l of input.lessons) {
        const lesson: NewLesson = { ...l, order: l.order ?? next++ };
        created.push(await this.lessons.insert(tx, input.course_id, lesson, now));
      }
      return created;
    });
    this.listCache.invalidate();
    return rows.map((r) => toLesson(r, true));
  }

  /** A lesson the caller can see: of a visible course, and published unless the caller owns it. */
  async visibleLesson(caller: Caller, lessonId: string): Promise<{ lesson: LessonRow; view: CourseView }> {
    const lesson = await this.lessons.find(lessonId);
    if (!lesson) throw catalogErrors.lessonNotFound();
    let view: CourseView;
    try {
      view = await this.access.visible(lesson.course_id, caller);
    } catch (e) {
      if (AppError.isAppError(e) && e.status === 404) throw catalogErrors.lessonNotFound();
      throw e;
    }
    if (!lesson.is_published && !view.owner) throw catalogErrors.lessonNotFound();
    return { lesson, view };
  }
}
