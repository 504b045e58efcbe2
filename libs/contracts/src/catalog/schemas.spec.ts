import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  BulkUploadRequest,
  CertificateCodeSchema,
  ContentItemCreateRequest,
  CourseCreateRequest,
  CourseListQuery,
  CourseUpdateRequest,
  KnowledgeResourceCreateRequest,
  LessonCreateRequest,
  LessonOrderRequest,
  LessonUpdateRequest,
  ReviewCreateRequest,
  lessonContentProblem,
} from './schemas.js';
import { catalogRoutes } from './routes.js';
import { catalogEvents } from './events.js';
import { billingEvents } from '../billing/events.js';

describe('catalog schemas', () => {
  it('creates a course with the spec defaults: programming, beginner, a draft, price rounded to cents', () => {
    const c = CourseCreateRequest.parse({ title: ' Intro ', description: 'About', price: 19.999 });
    expect(c).toEqual({ title: 'Intro', description: 'About', price: 20, category: 'programming', level: 'beginner', is_published: false });
  });

  it('requires title, description and price, and refuses a negative price or an unknown category or level', () => {
    const r = CourseCreateRequest.safeParse({});
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['description', 'price', 'title']);
    expect(CourseCreateRequest.safeParse({ title: 'a', description: 'b', price: -1 }).success).toBe(false);
    expect(CourseCreateRequest.safeParse({ title: 'a', description: 'b', price: 1, category: 'cooking' }).success).toBe(false);
    expect(CourseCreateRequest.safeParse({ title: 'a', description: 'b', price: 1, level: 'expert' }).success).toBe(false);
    expect(CourseCreateRequest.safeParse({ title: 'a', description: 'b', price: '10' }).success).toBe(false);
  });

  it('takes an http(s) thumbnail or none', () => {
    const base = { title: 'a', description: 'b', price: 0 };
    expect(CourseCreateRequest.parse({ ...base, thumbnail: '' }).thumbnail).toBeNull();
    expect(CourseCreateRequest.parse({ ...base, thumbnail: 'https://x.test/a.png' }).thumbnail).toBe('https://x.test/a.png');
    expect(CourseCreateRequest.safeParse({ ...base, thumbnail: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('refuses an empty course update', () => {
    expect(CourseUpdateRequest.safeParse({}).success).toBe(false);
    expect(CourseUpdateRequest.safeParse({ is_published: true }).success).toBe(true);
  });

  it('reads browse filters from the query string: blank and "all" mean none, limit is capped', () => {
    expect(CourseListQuery.parse({ category: 'all', search: '', limit: '10' })).toEqual({ limit: 10, offset: 0 });
    expect(CourseListQuery.parse({ category: 'data-science' }).category).toBe('data-science');
    expect(CourseListQuery.safeParse({ limit: '1000' }).success).toBe(false);
    expect(CourseListQuery.safeParse({ category: 'cooking' }).success).toBe(false);
  });

  it('gives lessons the form defaults (15 minutes, text; no order: the service puts it last) and wants a URL for video and pdf', () => {
    expect(LessonCreateRequest.parse({ title: 'L1', content: 'Hello' })).toEqual({
      title: 'L1',
      description: '',
      content_type: 'text',
      content: 'Hello',
      duration_minutes: 15,
      is_published: true,
      is_free_preview: false,
    });
    const bad = LessonCreateRequest.safeParse({ title: 'L', content: 'not a url', content_type: 'video' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['content'], message: 'Enter the URL of the video' });
    expect(LessonCreateRequest.safeParse({ title: 'L', content: 'https://v.test/1.mp4', content_type: 'video' }).success).toBe(true);
    expect(LessonCreateRequest.safeParse({ title: 'L', content: 'x', duration_minutes: 0 }).success).toBe(false);
    expect(LessonCreateRequest.safeParse({ title: 'L', content: 'x', order: -1 }).success).toBe(false);
    expect(LessonUpdateRequest.safeParse({}).success).toBe(false);
    expect(LessonOrderRequest.safeParse({ lesson_ids: [] }).success).toBe(false);
    expect(LessonOrderRequest.safeParse({ lesson_ids: ['not-an-id'] }).success).toBe(false);
    expect(lessonContentProblem('pdf', '/api/files/x.pdf')).toBeNull();
    expect(lessonContentProblem('html', '<p>x</p>')).toBeNull();
  });

  it('keeps bulk uploads between 1 and 100 lessons', () => {
    const lesson = { title: 'T', content: 'C' };
    const courseId = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
    expect(BulkUploadRequest.safeParse({ course_id: courseId, lessons: [] }).success).toBe(false);
    expect(BulkUploadRequest.safeParse({ course_id: courseId, lessons: Array(101).fill(lesson) }).success).toBe(false);
    expect(BulkUploadRequest.parse({ course_id: courseId, lessons: [lesson] }).lessons[0]?.order).toBeUndefined();
  });

  it('rates 1 to 5 in whole stars', () => {
    expect(ReviewCreateRequest.parse({ rating: 5 })).toEqual({ rating: 5, comment: '' });
    for (const rating of [0, 6, 4.5, '5']) expect(ReviewCreateRequest.safeParse({ rating }).success).toBe(false);
  });

  it('accepts only gateway file references for uploads', () => {
    const file = { storage_key: 'uploads/abc.pdf', filename: 'a.pdf', content_type: 'application/pdf', size: 10 };
    expect(ContentItemCreateRequest.safeParse({ content_type: 'pdf', title: 'T', file }).success).toBe(true);
    expect(
      ContentItemCreateRequest.safeParse({ content_type: 'pdf', title: 'T', file: { ...file, storage_key: 'certificates/x.pdf' } }).success,
    ).toBe(false);
    expect(ContentItemCreateRequest.safeParse({ content_type: 'pdf', title: 'T', file: 'uploads/abc.pdf' }).success).toBe(false);
    expect(ContentItemCreateRequest.safeParse({ content_type: 'image', title: 'T' }).success).toBe(false);
    expect(ContentItemCreateRequest.parse({ content_type: 'text', title: 'T', text_content: 'x', duration: '' }).duration).toBeUndefined();
  });

  it('reads knowledge-hub tags as comma-separated or JSON text', () => {
    const base = { title: 'T', description: 'D', resource_type: 'article', category: 'science' };
    expect(KnowledgeResourceCreateRequest.parse({ ...base, tags: ' a, b ,,a' }).tags).toEqual(['a', 'b']);
    expect(KnowledgeResourceCreateRequest.parse({ ...base, tags: '["x","y"]' }).tags).toEqual(['x', 'y']);
    expect(KnowledgeResourceCreateRequest.parse(base).tags).toEqual([]);
    expect(KnowledgeResourceCreateRequest.safeParse({ ...base, category: 'design' }).success).toBe(false);
  });

  it('normalises certificate codes', () => {
    expect(CertificateCodeSchema.parse(' lh-ab12-cd34-ef56 ')).toBe('LH-AB12-CD34-EF56');
    expect(CertificateCodeSchema.safeParse('LH-1').success).toBe(false);
  });
});

describe('catalog declarations', () => {
  it('turns every route schema into JSON schema (the OpenAPI document needs it)', () => {
    for (const r of Object.values(catalogRoutes)) {
      for (const part of [r.params, r.query, 'body' in r ? r.body : undefined]) {
        if (part) expect(() => z.toJSONSchema(part as z.ZodType, { io: 'input', unrepresentable: 'any' })).not.toThrow();
      }
      expect(() => z.toJSONSchema(r.response, { io: 'output', unrepresentable: 'any' })).not.toThrow();
    }
  });

  it('names events <service>.<entity>.<past-tense> with a version field', () => {
    for (const e of [...Object.values(catalogEvents), ...Object.values(billingEvents)]) {
      expect(e.name.startsWith(`${e.service}.`)).toBe(true);
      expect(e.schema.shape.v).toBeDefined();
    }
  });
});
