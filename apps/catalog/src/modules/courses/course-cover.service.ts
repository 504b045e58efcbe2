import { Inject, Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRoutes,
  COURSE_COVER_MAX_BYTES,
  type Caller,
  type Course,
  type FileRef,
  type RouteInput,
  type UploadedFile,
} from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { newStorageKey, type FileStore } from '@lp/storage';
import { Clock, currentCaller, Handles, iso, UnitOfWork } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { FILE_STORE } from '../../common/tokens.js';
import { Uploads } from '../../common/uploads.js';
import type { CourseEntity } from '../../entities/course.entity.js';
import { CourseAccess } from './course-access.js';
import { CourseListCache } from './course-list.cache.js';
import { CoursesRepository } from './courses.repository.js';
import { courseCoverUrl, toCourse } from './course.mapper.js';
import { toCoverImage } from './course-cover.image.js';

type R = typeof catalogRoutes;

const COVER_FOLDER = 'course-covers';
/** A versioned cover URL never changes content; an unversioned or stale one may, soon. */
const FOREVER = { max_age: 365 * 24 * 3600, immutable: true } as const;
const BRIEFLY = { max_age: 300, immutable: false } as const;

/**
 * Uploaded course covers: checked like every catalog upload (by bytes, declared type and
 * size), cropped and re-encoded by the server (nothing of the uploaded file is served), kept
 * in libs/storage under `course-covers/`, and served publicly so that <img> can show them.
 */
@Injectable()
export class CourseCoverService {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(Uploads) private readonly uploads: Uploads,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Owner or admin. The uploaded original is removed whatever happens; a replaced cover once the new one is in place. */
  @Handles(catalogRoutes.setCourseCover)
  async set({ params, body }: RouteInput<R['setCourseCover']>): Promise<Course> {
    const caller = currentCaller();
    return this.uploads.keepOnlyIfAccepted(body.file, async () => {
      await this.manageable(params.id, caller);
      await this.uploads.check(body.file, 'image', COURSE_COVER_MAX_BYTES, 'Cover image');
      const cover = await toCoverImage(await this.readWhole(body.file));
      const key = newStorageKey(COVER_FOLDER, '.webp');
      await this.files.put(key, cover);
      let previous: string | null;
      try {
        previous = await this.replaceKey(params.id, key);
      } catch (e) {
        await this.files.remove(key).catch(() => undefined);
        throw e;
      }
      await this.uploads.discard(body.file);
      if (previous) await this.files.remove(previous).catch(() => undefined);
      return this.answer(params.id);
    });
  }

  @Handles(catalogRoutes.removeCourseCover)
  async remove({ params }: RouteInput<R['removeCourseCover']>): Promise<Course> {
    const caller = currentCaller();
    await this.manageable(params.id, caller);
    const previous = await this.replaceKey(params.id, null);
    if (previous) await this.files.remove(previous).catch(() => undefined);
    return this.answer(params.id);
  }

  /**
   * Public: a cover is what the catalog shows on a card, and <img> sends no token. Drafts'
   * covers too (their owners' lists show them); the course id is the only way to one.
   */
  @Handles(catalogRoutes.courseCover)
  async file({ params, query }: RouteInput<R['courseCover']>): Promise<FileRef> {
    const course = await this.courses.findById(params.id);
    if (!course?.coverKey) throw catalogErrors.coverNotFound();
    const current = courseCoverUrl(course.id, course.coverKey)!;
    const fresh = query.v !== undefined && current.endsWith(`?v=${query.v}`);
    return {
      storage_key: course.coverKey,
      filename: 'course-cover.webp',
      content_type: 'image/webp',
      public_cache: fresh ? FOREVER : BRIEFLY,
    };
  }

  /** The course's owner, or an admin (who sees drafts too); else 404 for a draft, 403 for a visible course. */
  private async manageable(courseId: string, caller: Caller): Promise<CourseEntity> {
    if (caller.role !== 'admin') return this.access.owned(courseId, caller);
    const course = await this.courses.findById(courseId);
    if (!course) throw catalogErrors.courseNotFound();
    return course;
  }

  /** Writes the new key (or none) and announces the change; answers the key it replaced. */
  private async replaceKey(courseId: string, key: string | null): Promise<string | null> {
    const now = this.clock.now();
    const previous = await this.uow.run(async (tx) => {
      const before = await this.courses.lock(tx, courseId);
      if (!before) throw catalogErrors.courseNotFound();
      if (before.coverKey === key) return null;
      await this.courses.update(tx, courseId, { coverKey: key }, now, false);
      await writeEvent(tx, catalogEvents.courseUpdated, {
        v: 1,
        course_id: before.id,
        title: before.title,
        instructor_id: before.instructorId,
        institution_id: before.institutionId,
        price: before.price,
        category: before.category,
        level: before.level,
        is_published: before.isPublished,
        changed: ['cover'],
        updated_at: iso(now),
      });
      return before.coverKey;
    });
    this.listCache.invalidate();
    return previous;
  }

  private async answer(courseId: string): Promise<Course> {
    const course = await this.courses.findById(courseId);
    if (!course) throw catalogErrors.courseNotFound();
    const [card] = await this.courses.cards([course], true);
    return toCourse(card!, true);
  }

  /** The checked upload (at most COURSE_COVER_MAX_BYTES) in memory, for the resizer. */
  private async readWhole(ref: UploadedFile): Promise<Buffer> {
    const { stream } = await this.files.open(ref.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
}
