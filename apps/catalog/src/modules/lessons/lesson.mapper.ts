import type { Lesson, LessonContentType } from '@lp/contracts';
import { iso } from '@lp/service-kit';
import type { LessonEntity } from '../../entities/lesson.entity.js';
import type { NewLesson } from './lessons.repository.js';

/** A lesson's fields as the API names them (create, edit and the seed). */
export interface LessonFields {
  title: string;
  description: string;
  content_type: LessonContentType;
  content: string;
  duration_minutes: number;
  order: number;
  is_published: boolean;
  is_free_preview: boolean;
}

/** Which entity property each API field is written to: the one list both mappings below read. */
const PROPERTY_OF = {
  title: 'title',
  description: 'description',
  content_type: 'contentType',
  content: 'content',
  duration_minutes: 'durationMinutes',
  order: 'order',
  is_published: 'isPublished',
  is_free_preview: 'isFreePreview',
} as const satisfies { [K in keyof LessonFields]: keyof NewLesson };

/** The fields an edit gives (those left out stay as they are). */
export function toLessonPatch(f: Partial<LessonFields>): Partial<NewLesson> {
  const patch: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(PROPERTY_OF)) {
    const value = f[field as keyof LessonFields];
    if (value !== undefined) patch[property] = value;
  }
  return patch as Partial<NewLesson>;
}

export const toNewLesson = (f: LessonFields): NewLesson => toLessonPatch(f) as NewLesson;

/** `open`: the caller may read the content (owner, enrolled, or a free preview); else it is withheld. */
export function toLesson(l: LessonEntity, open: boolean): Lesson {
  const visible = open || l.isFreePreview;
  return {
    id: l.id,
    course_id: l.courseId,
    title: l.title,
    description: l.description,
    content_type: l.contentType,
    content: visible ? l.content : null,
    duration_minutes: l.durationMinutes,
    order: l.order,
    is_published: l.isPublished,
    is_free_preview: l.isFreePreview,
    is_locked: !visible,
    created_at: iso(l.createdAt),
    updated_at: iso(l.updatedAt),
  };
}
