import { describe, expect, it } from '@jest/globals';
import { toLesson, type LessonRow } from './lesson.mapper.js';

const row: LessonRow = {
  id: '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11',
  course_id: '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a12',
  title: 'Intro',
  description: '',
  content_type: 'text',
  content: 'Secret',
  duration_minutes: 15,
  sort_order: 0,
  is_published: true,
  is_free_preview: false,
  created_at: new Date(0),
  updated_at: new Date(0),
};

describe('toLesson', () => {
  it('withholds the content of a locked lesson, keeping everything else', () => {
    expect(toLesson(row, false)).toMatchObject({ content: null, is_locked: true, title: 'Intro', order: 0 });
  });
  it('gives the content to those who may read it, and of a free preview to anyone', () => {
    expect(toLesson(row, true)).toMatchObject({ content: 'Secret', is_locked: false });
    expect(toLesson({ ...row, is_free_preview: true }, false)).toMatchObject({ content: 'Secret', is_locked: false });
  });
});
