import type { Lesson } from '@lp/contracts';
import type { TFunction } from 'i18next';
import type { DragEvent, KeyboardEvent } from 'react';
import { moveId } from '../lesson-order';

/** a lesson picked up with the keyboard, and the order before, to put it back */
export interface Grabbed {
  id: string;
  before: string[];
}

/** The reorder's state and effects the gestures work on (see use-lesson-reorder.ts). */
export interface GestureContext {
  t: TFunction;
  /** the ids as shown now */
  ids: string[];
  draft: string[] | null;
  setDraft: (draft: string[] | null) => void;
  grabbed: Grabbed | null;
  setGrabbed: (grabbed: Grabbed | null) => void;
  dragging: string | null;
  setDragging: (id: string | null) => void;
  announce: (text: string) => void;
  commit: (ids: string[]) => void;
  titleOf: (id: string) => string;
  handles: Map<string, HTMLButtonElement>;
  rows: Map<string, HTMLLIElement>;
}

/** Space/Enter picks a lesson up and drops it, the arrows move it, Escape or leaving puts it back. */
export function keyboardGestures(c: GestureContext) {
  const total = c.ids.length;
  const putBack = (lessonId: string, before: string[]) => {
    c.setGrabbed(null);
    c.setDraft(null);
    c.announce(c.t('courseStructure.cancelled', { title: c.titleOf(lessonId), position: before.indexOf(lessonId) + 1 }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, lesson: Lesson) => {
    const held = c.grabbed?.id === lesson.id;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (held) {
        const next = c.draft ?? c.ids;
        c.setGrabbed(null);
        c.setDraft(null);
        c.announce(c.t('courseStructure.dropped', { title: lesson.title, position: next.indexOf(lesson.id) + 1, total }));
        c.commit(next);
      } else {
        c.setGrabbed({ id: lesson.id, before: c.ids });
        c.setDraft(c.ids);
        c.announce(c.t('courseStructure.pickedUp', { title: lesson.title, position: c.ids.indexOf(lesson.id) + 1, total }));
      }
    } else if (held && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const current = c.draft ?? c.ids;
      const from = current.indexOf(lesson.id);
      const next = moveId(current, from, from + (e.key === 'ArrowUp' ? -1 : 1));
      c.setDraft(next);
      c.announce(c.t('courseStructure.movedTo', { title: lesson.title, position: next.indexOf(lesson.id) + 1, total }));
    } else if (held && e.key === 'Escape' && c.grabbed) {
      e.preventDefault();
      putBack(lesson.id, c.grabbed.before);
    }
  };

  const onBlur = (lessonId: string, next: EventTarget | null) => {
    // a row moved in the DOM blurs with nowhere to go (null); going elsewhere puts the lesson back
    if (c.grabbed?.id === lessonId && next !== null && next !== c.handles.get(lessonId)) putBack(lessonId, c.grabbed.before);
  };

  return { onKeyDown, onBlur };
}

/** Dragging a lesson's handle over the other rows; dropping outside the list moves nothing. */
export function dragGestures(c: GestureContext) {
  const onDragStart = (e: DragEvent<HTMLButtonElement>, lesson: Lesson) => {
    c.setDragging(lesson.id);
    c.setDraft(c.ids);
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', lesson.id);
    const row = c.rows.get(lesson.id);
    if (row) e.dataTransfer.setDragImage(row, 24, 24);
  };
  const onDragOver = (e: DragEvent<HTMLLIElement>, over: Lesson) => {
    const { dragging } = c;
    if (!dragging) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const current = c.draft ?? c.ids;
    if (over.id !== dragging) c.setDraft(moveId(current, current.indexOf(dragging), current.indexOf(over.id)));
  };
  const onDrop = (e: DragEvent<HTMLLIElement>) => {
    const { dragging } = c;
    if (!dragging) return;
    e.preventDefault();
    const next = c.draft ?? c.ids;
    c.announce(c.t('courseStructure.dropped', { title: c.titleOf(dragging), position: next.indexOf(dragging) + 1, total: c.ids.length }));
    c.setDragging(null);
    c.setDraft(null);
    c.commit(next);
  };
  // dropped outside the list (or cancelled with Escape): nothing moves
  const onDragEnd = () => {
    c.setDragging(null);
    c.setDraft(null);
  };
  return { onDragStart, onDragOver, onDrop, onDragEnd };
}
