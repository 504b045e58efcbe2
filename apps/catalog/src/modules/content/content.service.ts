import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_SIZE_LIMITS_BYTES, catalogRoutes, type RouteInput, type ContentItem, type FileRef } from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { Uploads } from '../../common/uploads.js';
import { CourseAccess } from '../courses/course-access.js';
import { CourseListCache } from '../courses/course-list.cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { toContentItem } from '../courses/course.mapper.js';
import { LessonsRepository } from '../lessons/lessons.repository.js';
import { ContentRepository, type NewContentItem } from './content.repository.js';

type R = typeof catalogRoutes;

const LABELS = { video: 'Video', audio: 'Audio', pdf: 'PDF' } as const;

/** A course's content items: text, or a video/audio/PDF file stored through libs/storage. */
@Injectable()
export class ContentService {
  constructor(
    @Inject(ContentRepository) private readonly content: ContentRepository,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(LessonsRepository) private readonly lessons: LessonsRepository,
    @Inject(CourseAccess) private readonly access: CourseAccess,
    @Inject(CourseListCache) private readonly listCache: CourseListCache,
    @Inject(Uploads) private readonly uploads: Uploads,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.listContent)
  async list({ params }: RouteInput<R['listContent']>): Promise<{ content_items: ContentItem[] }> {
    const courseId = params.id;
    const { owner } = await this.access.learnerOrOwner(courseId, currentCaller());
    const items = await this.courses.contentItems([courseId], true);
    // an item of a draft lesson is a draft too: only the owner sees it
    const drafts = owner
      ? new Set<string>()
      : new Set((await this.lessons.listForCourse(courseId, true)).filter((l) => !l.isPublished).map((l) => l.id));
    return { content_items: items.filter((r) => !r.lessonId || !drafts.has(r.lessonId)).map((r) => toContentItem(r, true)) };
  }

  /**
   * Owner only. A text item needs text_content; a file item needs a file of its kind within
   * its limit (video 100 MB, audio 50 MB, pdf 25 MB). Whatever refuses the upload, the
   * stored file is removed; a file sent with a text item is removed too.
   */
  @Handles(catalogRoutes.addContent)
  async add({ params, body: input }: RouteInput<R['addContent']>): Promise<ContentItem> {
    const caller = currentCaller();
    const courseId = params.id;
    return this.uploads.keepOnlyIfAccepted(input.file, async () => {
      await this.access.owned(courseId, caller);
      const lessonId = input.lesson_id ?? null;
      if (lessonId) {
        const lesson = await this.lessons.find(lessonId);
        if (!lesson || lesson.courseId !== courseId) throw catalogErrors.lessonNotFound();
      }
      const base = { courseId, lessonId, title: input.title, durationMinutes: input.duration ?? null, createdBy: caller.userId };
      let item: NewContentItem;
      if (input.content_type === 'text') {
        const text = input.text_content?.trim();
        if (!text) throw catalogErrors.fieldRequired('text_content', 'Enter the text content');
        item = { ...base, type: 'text' as const, textContent: text, storageKey: null, fileName: null, mimeType: null, fileSize: null };
      } else {
        const file = input.file;
        if (!file) throw catalogErrors.fieldRequired('file', 'Choose a file to upload');
        const kind = input.content_type;
        const size = await this.uploads.check(file, kind, CONTENT_SIZE_LIMITS_BYTES[kind], LABELS[kind]);
        item = {
          ...base,
          type: kind,
          textContent: null,
          storageKey: file.storage_key,
          fileName: file.filename,
          mimeType: file.content_type,
          fileSize: size,
        };
      }
      const row = await this.uow.run((tx) => this.content.insert(tx, item, this.clock.now()));
      this.listCache.invalidate();
      if (input.content_type === 'text') await this.uploads.discard(input.file);
      return toContentItem(row, true);
    });
  }

  /** The file of an item, for the owner and enrolled learners. */
  @Handles(catalogRoutes.contentFile)
  async file({ params }: RouteInput<R['contentFile']>): Promise<FileRef> {
    const { id: courseId, itemId } = params;
    await this.access.learnerOrOwner(courseId, currentCaller());
    const item = await this.content.find(itemId);
    if (!item || item.courseId !== courseId) throw catalogErrors.contentItemNotFound();
    if (!item.storageKey) throw catalogErrors.fileNotFound();
    return {
      storage_key: item.storageKey,
      filename: item.fileName ?? `${item.title}`,
      content_type: item.mimeType ?? 'application/octet-stream',
    };
  }
}
