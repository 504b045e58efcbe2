import { describe, expect, it } from '@jest/globals';
import type { LessonEntity } from '../../entities/lesson.entity.js';
import { toLesson, toLessonPatch } from './lesson.mapper.js';

const lesson: LessonEntity = {
  id: '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11',
  courseId: '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a12',
  title: 'Intro',
  description: '',
  contentType: 'text',
  content: 'Secret',
  durationMinutes: 15,
  order: 0,
  isPublished: true,
  isFreePreview: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

describe('toLesson', () => {
  it('withholds the content of a locked lesson, keeping everything else', () => {
    expect(toLesson(lesson, false)).toMatchObject({ content: null, is_locked: true, title: 'Intro', order: 0 });
  });
  it('gives the content to those who may read it, and of a free preview to anyone', () => {
    expect(toLesson(lesson, true)).toMatchObject({ content: 'Secret', is_locked: false });
    expect(toLesson({ ...lesson, isFreePreview: true }, false)).toMatchObject({ content: 'Secret', is_locked: false });
  });
});

describe('toLessonPatch', () => {
  it('names the columns of the fields given, and only those', () => {
    expect(toLessonPatch({ title: 'New', is_free_preview: true, order: 0 })).toEqual({ title: 'New', isFreePreview: true, order: 0 });
  });
});
