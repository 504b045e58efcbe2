import type { Lesson, LessonContentType } from '@lp/contracts';
import { iso } from '@lp/service-kit';

export interface LessonRow {
  id: string;
  course_id: string;
  title: string;
  description: string;
  content_type: LessonContentType;
  content: string;
  duration_minutes: number;
  sort_order: number;
  is_published: boolean;
  is_free_preview: boolean;
  created_at: Date;
  updated_at: Date;
}

/** `open`: the caller may read the content (owner, enrolled, or a free preview); else it is withheld. */
export function toLesson(r: LessonRow, open: boolean): Lesson {
  const visible = open || r.is_free_preview;
  return {
    id: r.id,
    course_id: r.course_id,
    title: r.title,
    description: r.description,
    content_type: r.content_type,
    content: visible ? r.content : null,
    duration_minutes: r.duration_minutes,
    order: r.sort_order,
    is_published: r.is_published,
    is_free_preview: r.is_free_preview,
    is_locked: !visible,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}
