import type { ContentItem, Course } from '@lp/contracts';
import { iso, UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { ContentItemEntity } from '../../entities/content-item.entity.js';
import type { CourseEntity } from '../../entities/course.entity.js';

/** A timestamp as entities hold it, or as PostgreSQL writes it in the GET /courses statement (ISO text). */
type Timestamp = Date | string;

/** A content item as a Course carries it (its author is not shown). */
export type ContentItemView = Omit<ContentItemEntity, 'course' | 'lesson' | 'createdBy' | 'createdAt'> & { createdAt: Timestamp };

/** A course as a Course answer shows it: the row, its instructor's name, its published lesson count and its items. */
export type CourseCard = Omit<CourseEntity, 'searchText' | 'publishedAt' | 'createdAt' | 'updatedAt'> & {
  publishedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** null while identity's event about the instructor has not arrived */
  instructorName: string | null;
  lessonCount: number;
  contentItems: ContentItemView[];
};

/**
 * Where the course's uploaded cover is served; `v` (the stored file's name) changes with
 * every upload, so the URL may be cached for good.
 */
export const courseCoverUrl = (courseId: string, coverKey: string | null): string | null =>
  coverKey ? `/api/courses/${courseId}/cover?v=${coverKey.slice(coverKey.lastIndexOf('/') + 1, coverKey.lastIndexOf('.'))}` : null;

export const contentFileUrl = (courseId: string, itemId: string): string => `/api/courses/${courseId}/content/${itemId}/file`;

/** `full`: url and text are given (owner or enrolled); otherwise they are withheld (null). */
export function toContentItem(i: ContentItemView, full: boolean): ContentItem {
  return {
    id: i.id,
    course_id: i.courseId,
    type: i.type,
    title: i.title,
    url: full && i.storageKey ? contentFileUrl(i.courseId, i.id) : null,
    content: full ? i.textContent : null,
    duration: i.durationMinutes,
    file_name: i.fileName,
    file_size: i.fileSize,
    mime_type: i.mimeType,
    order: i.order,
    lesson_id: i.lessonId,
    created_at: iso(i.createdAt),
  };
}

/** `full`: the items' urls and texts are given (owner or enrolled). */
export function toCourse(c: CourseCard, full: boolean): Course {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    price: c.price,
    category: c.category,
    level: c.level,
    instructor_id: c.instructorId,
    instructor_name: c.instructorName ?? UNKNOWN_USER_NAME,
    institution_id: c.institutionId,
    thumbnail: c.thumbnail,
    cover_url: courseCoverUrl(c.id, c.coverKey),
    is_published: c.isPublished,
    enrollment_count: c.enrollmentCount,
    rating_avg: c.ratingAvg,
    rating_count: c.ratingCount,
    lesson_count: c.lessonCount,
    content_items: c.contentItems.map((i) => toContentItem(i, full)),
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}
