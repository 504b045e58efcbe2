import { Inject, Injectable } from '@nestjs/common';
import { catalogEvents, catalogRoutes, type Course, type RouteInput } from '@lp/contracts';
import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import { UnitOfWork, Clock, Handles, currentCaller, iso } from '@lp/service-kit';
import type { CourseEntity } from '../../entities/course.entity.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { catalogErrors } from '../../common/catalog-errors.js';
import { AuthorLimitsRepository } from './author-limits.repository.js';
import { CourseAccess } from './course-access.js';
import { CourseListCache } from './course-list.cache.js';
import { CoursesRepository, type CoursePatch } from './courses.repository.js';
import { toCourse } from './course.mapper.js';

type R = typeof catalogRoutes;

/** The fields an edit may change: the API's name and the entity's. */
const EDITABLE = {
  title: 'title',
  description: 'description',
  price: 'price',
  category: 'category',
  level: 'level',
  thumbnail: 'thumbnail',
  is_published: 'isPublished',
} as const satisfies Record<string, keyof CoursePatch>;

/** Courses: browse, create, read, edit and publish. */
@Injectable()
export class CoursesService {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(AuthorLimitsRepository) private readonly limits: AuthorLimitsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Published courses; instructors and institutions also see their drafts (and get no cached page). */
  @Handles(catalogRoutes.listCourses)
  async list({ query }: RouteInput<R['listCourses']>): Promise<Course[]> {
    const caller = currentCaller();
    const author = caller.role === 'instructor' || caller.role === 'institution';
    const key = author ? null : `${query.category ?? ''}|${query.level ?? ''}|${query.limit}|${query.offset}|${query.search ?? ''}`;
    const cached = key ? this.listCache.get(key) : null;
    if (cached) return cached;
    const drafts = author ? { userId: caller.userId, institutionId: caller.role === 'institution' ? caller.institutionId : null } : null;
    const page = (await this.courses.list({ ...query }, drafts)).map((c) => toCourse(c, false));
    if (key) this.listCache.set(key, page);
    return page;
  }

  /** The caller's own courses, drafts included. */
  @Handles(catalogRoutes.instructorCourses)
  async instructorCourses(): Promise<Course[]> {
    return this.listOwned({ instructorId: currentCaller().userId });
  }

  /** The current institution's courses; a user without one sees their own. */
  @Handles(catalogRoutes.institutionCourses)
  async institutionCourses(): Promise<Course[]> {
    const caller = currentCaller();
    return this.listOwned(caller.institutionId ? { institutionId: caller.institutionId } : { instructorId: caller.userId });
  }

  private async listOwned(scope: { instructorId: string } | { institutionId: string }): Promise<Course[]> {
    return (await this.courses.listOwned(scope)).map((c) => toCourse(c, false));
  }

  @Handles(catalogRoutes.getCourse)
  async get({ params }: RouteInput<R['getCourse']>): Promise<Course> {
    return this.visibleCourse(params.id);
  }

  /** A course as the caller may see it: with its items whole for its owner and its learners. */
  private async visibleCourse(courseId: string): Promise<Course> {
    const caller = currentCaller();
    const { course, owner } = await this.access.visible(courseId, caller);
    const full = owner || (await this.enrollments.find(courseId, caller.userId)) !== null;
    const [card] = await this.courses.cards([course], full);
    return toCourse(card!, full);
  }

  @Handles(catalogRoutes.createCourse)
  async create({ body: input }: RouteInput<R['createCourse']>): Promise<Course> {
    const caller = currentCaller();
    const now = this.clock.now();
    const id = await this.uow.run(async (tx) => {
      await this.withinPlan(tx, caller.userId);
      const row = await this.courses.insert(
        tx,
        {
          title: input.title,
          description: input.description,
          price: input.price,
          category: input.category,
          level: input.level,
          instructorId: caller.userId,
          institutionId: caller.role === 'institution' ? caller.institutionId : null,
          thumbnail: input.thumbnail ?? null,
          isPublished: input.is_published,
        },
        now,
      );
      await this.announceCreated(tx, row);
      return row.id;
    });
    this.listCache.invalidate();
    return this.visibleCourse(id);
  }

  /**
   * An author whose plan limits their courses (billing.subscription.changed: max_courses) may
   * not have more: 422 COURSE_LIMIT_REACHED. Drafts count. An author without a subscription,
   * or on a plan without the limit, has none. The author's row stays locked until the course
   * is written, so two creations at once cannot both take the last place.
   */
  private async withinPlan(tx: EntityManager, userId: string): Promise<void> {
    const limit = await this.limits.lock(tx, userId);
    if (!limit || limit.maxCourses === null) return;
    if ((await this.limits.countCourses(userId, tx)) >= limit.maxCourses) throw catalogErrors.courseLimitReached(limit.maxCourses);
  }

  /** catalog.course.created, and catalog.course.published when created published. */
  async announceCreated(tx: EntityManager, course: CourseEntity): Promise<void> {
    await writeEvent(tx, catalogEvents.courseCreated, { v: 1, ...eventFields(course), created_at: iso(course.createdAt) });
    if (course.isPublished) await this.announcePublished(tx, course, course.publishedAt ?? course.createdAt);
  }

  @Handles(catalogRoutes.updateCourse)
  async update({ params, body: input }: RouteInput<R['updateCourse']>): Promise<Course> {
    const caller = currentCaller();
    const courseId = params.id;
    const now = this.clock.now();
    await this.uow.run(async (tx) => {
      await this.access.owned(courseId, caller, tx);
      const before = (await this.courses.lock(tx, courseId))!;
      const patch: CoursePatch = {};
      const changed: string[] = [];
      for (const [key, prop] of Object.entries(EDITABLE) as Array<[keyof typeof EDITABLE, keyof CoursePatch]>) {
        const next = input[key];
        if (next === undefined || next === before[prop]) continue;
        (patch as Record<string, unknown>)[prop] = next;
        changed.push(key);
      }
      if (changed.length === 0) return;
      const publishNow = patch.isPublished === true && !before.publishedAt;
      await this.courses.update(tx, courseId, patch, now, publishNow);
      const after = (await this.courses.findById(courseId, tx))!;
      await writeEvent(tx, catalogEvents.courseUpdated, { v: 1, ...eventFields(after), changed, updated_at: iso(now) });
      if (patch.isPublished === true) await this.announcePublished(tx, after, now);
    });
    this.listCache.invalidate();
    return this.visibleCourse(courseId);
  }

  private async announcePublished(tx: EntityManager, course: CourseEntity, at: Date): Promise<void> {
    await writeEvent(tx, catalogEvents.coursePublished, {
      v: 1,
      course_id: course.id,
      title: course.title,
      instructor_id: course.instructorId,
      institution_id: course.institutionId,
      published_at: iso(at),
    });
  }
}

function eventFields(c: CourseEntity) {
  return {
    course_id: c.id,
    title: c.title,
    instructor_id: c.instructorId,
    institution_id: c.institutionId,
    price: c.price,
    category: c.category,
    level: c.level,
    is_published: c.isPublished,
  };
}
