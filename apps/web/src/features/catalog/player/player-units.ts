import type { ContentItem, Lesson } from '@lp/contracts';
import { itemsByLesson } from '../manage/lesson-order';

/** One thing to work through: a lesson or a content item (both count towards progress). */
export type Unit =
  { kind: 'lesson'; id: string; title: string; lesson: Lesson } | { kind: 'item'; id: string; title: string; item: ContentItem };

export interface PlayerOutline {
  /** the lessons the player lists: published ones, and drafts for the owner */
  visibleLessons: Lesson[];
  /** each lesson with its content items */
  outline: { lesson: Unit; items: Unit[] }[];
  /** items of the course as a whole, or of a lesson not shown */
  looseItems: Unit[];
  /** every unit in the order of working through them */
  units: Unit[];
}

const itemUnit = (item: ContentItem): Unit => ({ kind: 'item', id: item.id, title: item.title, item });
const lessonUnit = (lesson: Lesson): Unit => ({ kind: 'lesson', id: lesson.id, title: lesson.title, lesson });

/**
 * A course has lessons and a lesson its content items: each lesson, then its items; items of
 * the course as a whole (added before items belonged to lessons) come after the lessons.
 */
export function playerOutline(lessons: readonly Lesson[], items: readonly ContentItem[], isOwner: boolean): PlayerOutline {
  const visibleLessons = lessons.filter((l) => l.is_published || isOwner);
  const itemGroups = itemsByLesson(items);
  const shownLessonIds = new Set(visibleLessons.map((l) => l.id));
  const outline = visibleLessons.map((lesson) => ({ lesson: lessonUnit(lesson), items: (itemGroups.get(lesson.id) ?? []).map(itemUnit) }));
  const looseItems = items.filter((i) => !i.lesson_id || !shownLessonIds.has(i.lesson_id)).map(itemUnit);
  const units = [...outline.flatMap((o) => [o.lesson, ...o.items]), ...looseItems];
  return { visibleLessons, outline, looseItems, units };
}

/** The unit asked for in the address, else the first not done, else the first. */
export function selectedUnit(units: readonly Unit[], askedId: string | null, done: ReadonlySet<string>): Unit | undefined {
  return units.find((u) => u.id === askedId) ?? units.find((u) => !done.has(u.id)) ?? units[0];
}
