import type { Lesson } from '@lp/contracts';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inOrder, moveId } from '../lesson-order';
import { dragGestures, keyboardGestures, type GestureContext, type Grabbed } from './reorder-gestures';
import { useReorderSave } from './use-reorder-save';

/** What a lesson's row and its drag handle need from the reorder (spread onto the elements). */
export interface ReorderBindings {
  row: {
    ref: (el: HTMLLIElement | null) => void;
    onDragOver: (e: DragEvent<HTMLLIElement>) => void;
    onDrop: (e: DragEvent<HTMLLIElement>) => void;
  };
  handle: {
    ref: (el: HTMLButtonElement | null) => void;
    draggable: true;
    onDragStart: (e: DragEvent<HTMLButtonElement>) => void;
    onDragEnd: () => void;
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
    onBlur: (e: { relatedTarget: EventTarget | null }) => void;
  };
  /** picked up with the keyboard */
  grabbed: boolean;
  /** picked up with the keyboard or the mouse */
  held: boolean;
}

export interface LessonReorder {
  /** the lessons in the order to show: the one being dragged, else the one being saved, else the server's */
  shown: Lesson[];
  /** what the live region says (pick-up, moves, drops, saves) */
  announcement: string;
  moveBy: (lesson: Lesson, delta: number) => void;
  bind: (lesson: Lesson) => ReorderBindings;
}

/**
 * Reordering a course's lessons: drag a handle, or pick it up with Space/Enter and move it with
 * the arrow keys (Escape or leaving puts it back), or Move up / Move down. The new order shows
 * at once (optimistic) and goes back if the server refuses it.
 */
export function useLessonReorder(courseId: string, server: readonly Lesson[]): LessonReorder {
  const { t } = useTranslation();
  const save = useReorderSave(courseId, server);
  /** the order while a lesson is being dragged (mouse or keyboard), not yet sent */
  const [draft, setDraft] = useState<string[] | null>(null);
  const [grabbed, setGrabbed] = useState<Grabbed | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const rows = useRef(new Map<string, HTMLLIElement>());

  // moving a row in the DOM can take the focus off its handle; give it back while the lesson is held
  useEffect(() => {
    if (grabbed && document.activeElement !== handles.current.get(grabbed.id)) handles.current.get(grabbed.id)?.focus();
  }, [grabbed, draft]);

  const shown = inOrder(server, draft ?? save.saving);
  const ids = shown.map((l) => l.id);
  const gestures: GestureContext = {
    t,
    ids,
    draft,
    setDraft,
    grabbed,
    setGrabbed,
    dragging,
    setDragging,
    announce: save.announce,
    commit: save.commit,
    titleOf: (id) => server.find((l) => l.id === id)?.title ?? '',
    handles: handles.current,
    rows: rows.current,
  };
  const keyboard = keyboardGestures(gestures);
  const drag = dragGestures(gestures);

  const moveBy = (lesson: Lesson, delta: number) => {
    const from = ids.indexOf(lesson.id);
    const to = from + delta;
    if (to < 0 || to >= ids.length) return;
    save.commit(moveId(ids, from, to));
    save.announce(t('courseStructure.movedTo', { title: lesson.title, position: to + 1, total: ids.length }));
  };

  const bind = (lesson: Lesson): ReorderBindings => ({
    row: {
      ref: (el) => {
        if (el) rows.current.set(lesson.id, el);
        else rows.current.delete(lesson.id);
      },
      onDragOver: (e) => drag.onDragOver(e, lesson),
      onDrop: drag.onDrop,
    },
    handle: {
      ref: (el) => {
        if (el) handles.current.set(lesson.id, el);
        else handles.current.delete(lesson.id);
      },
      draggable: true,
      onDragStart: (e) => drag.onDragStart(e, lesson),
      onDragEnd: drag.onDragEnd,
      onKeyDown: (e) => keyboard.onKeyDown(e, lesson),
      onBlur: (e) => keyboard.onBlur(lesson.id, e.relatedTarget),
    },
    grabbed: grabbed?.id === lesson.id,
    held: grabbed?.id === lesson.id || dragging === lesson.id,
  });

  return { shown, announcement: save.announcement, moveBy, bind };
}
