import { Inject, Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRoutes,
  type Course,
  type RouteInput,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UnitOfWork, Clock, Handles, currentCaller, iso, type Db } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { CourseAccess } from './course-access.js';
import { CourseListCache } from './course-list.cache.js';
import { CoursesRepository, type CoursePatch } from './courses.repository.js';
import { toContentItem, toCourse, type CourseRow } from './course.mapper.js';

type R = typeof catalogRoutes;

/** Courses: browse, create, read, edit and publish. */
@Injectable()
export class CoursesService {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
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
    const page = await this.withItems(await this.courses.list({ ...query }, drafts), false);
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
    return this.withItems(await this.courses.listOwned(scope), false);
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
    return (await this.withItems([course], full))[0]!;
  }

  @Handles(catalogRoutes.createCourse)
  async create({ body: input }: RouteInput<R['createCourse']>): Promise<Course> {
    const caller = currentCaller();
    const now = this.clock.now();
    const id = await this.uow.run(async (tx) => {
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

  /** catalog.course.created, and catalog.course.published when created published. */
  async announceCreated(tx: Db, row: CourseRow): Promise<void> {
    await writeEvent(tx, catalogEvents.courseCreated, { v: 1, ...eventFields(row), created_at: iso(row.created_at) });
    if (row.is_published) await this.announcePublished(tx, row, row.published_at ?? row.created_at);
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
      for (const key of ['title', 'description', 'price', 'category', 'level', 'thumbnail', 'is_published'] as const) {
        const next = input[key];
        if (next === undefined) continue;
        const prev = key === 'price' ? Number(before.price) : before[key];
        if (next === prev) continue;
        (patch as Record<string, unknown>)[key] = next;
        changed.push(key);
      }
      if (changed.length === 0) return;
      const publishNow = patch.is_published === true && !before.published_at;
      await this.courses.update(tx, courseId, patch, now, publishNow);
      const after = (await this.courses.findById(courseId, tx))!;
      await writeEvent(tx, catalogEvents.courseUpdated, { v: 1, ...eventFields(after), changed, updated_at: iso(now) });
      if (patch.is_published === true) await this.announcePublished(tx, after, now);
    });
    this.listCache.invalidate();
    return this.visibleCourse(courseId);
  }

  private async announcePublished(tx: Db, row: CourseRow, at: Date | string): Promise<void> {
    await writeEvent(
      tx,
      catalogEvents.coursePublished,
      {
        v: 1,
        course_id: row.id,
        title: row.title,
        instructor_id: row.instructor_id,
        institution_id: row.institution_id,
        published_at: iso(at),
      },
    );
  }

  /**
   * Courses with their content items: in lists the items come with the row and are
   * withheld (no url, no text); `full` (owner or enrolled, one course) reads them whole.
   */
  private async withItems(rows: CourseRow[], full: boolean): Promise<Course[]> {
    if (!full)
      return rows.map((r) =>
        toCourse(
          r,
          (r.content_items ?? []).map((i) => toContentItem(i, false)),
        ),
      );
    const items = await this.courses.contentItems(
      rows.map((r) => r.id),
      true,
    );
    return rows.map((r) =>
      toCourse(
        r,
        items.filter((i) => i.course_id === r.id).map((i) => toContentItem(i, true)),
      ),
    );
  }

  async requireCourse(courseId: string): Promise<CourseRow> {
    const c = await this.courses.findById(courseId);
    if (!c) throw catalogErrors.courseNotFound();
    return c;
  }
}

function eventFields(r: CourseRow) {
  return {
    course_id: r.id,
    title: r.title,
    instructor_id: r.instructor_id,
    institution_id: r.institution_id,
    price: Number(r.price),
    category: r.category,
    level: r.level,
    is_published: r.is_published,
  };
}
