import type { ContentItem, Course, CourseCategory, CourseLevel, ContentItemType } from '@lp/contracts';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { iso } from '@lp/service-kit';

/** A course row as the repository reads it (snake_case, pg types). */
export interface CourseRow {
  id: string;
  title: string;
  description: string;
  price: number;
  category: CourseCategory;
  level: CourseLevel;
  instructor_id: string;
  institution_id: string | null;
  thumbnail: string | null;
  is_published: boolean;
  published_at: Date | string | null;
  enrollment_count: number;
  rating_avg: number;
  rating_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  instructor_name?: string | null;
  lesson_count?: number;
  /** the course's items without their text (as JSON: dates are strings) */
  content_items?: ContentItemRow[];
}

export interface ContentItemRow {
  id: string;
  course_id: string;
  type: ContentItemType;
  title: string;
  text_content: string | null;
  storage_key: string | null;
  file_name: string | null;
  mime_type: string | null;
  file_size: number | null;
  duration_minutes: number | null;
  sort_order: number;
  created_at: Date | string;
}

export const contentFileUrl = (courseId: string, itemId: string): string => `/api/courses/${courseId}/content/${itemId}/file`;

/** `full`: url and text are given (owner or enrolled); otherwise they are withheld (null). */
export function toContentItem(r: ContentItemRow, full: boolean): ContentItem {
  return {
    id: r.id,
    course_id: r.course_id,
    type: r.type,
    title: r.title,
    url: full && r.storage_key ? contentFileUrl(r.course_id, r.id) : null,
    content: full ? r.text_content : null,
    duration: r.duration_minutes,
    file_name: r.file_name,
    file_size: r.file_size,
    mime_type: r.mime_type,
    order: r.sort_order,
    created_at: iso(r.created_at),
  };
}

export function toCourse(r: CourseRow, items: ContentItem[]): Course {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    price: r.price,
    category: r.category,
    level: r.level,
    instructor_id: r.instructor_id,
    instructor_name: r.instructor_name ?? UNKNOWN_USER_NAME,
    institution_id: r.institution_id,
    thumbnail: r.thumbnail,
    is_published: r.is_published,
    enrollment_count: r.enrollment_count,
    rating_avg: r.rating_avg,
    rating_count: r.rating_count,
    lesson_count: r.lesson_count ?? 0,
    content_items: items,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
