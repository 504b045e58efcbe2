import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { BROWSE_CATEGORIES, COURSE_LEVELS } from './schemas.js';

const service = 'catalog' as const;

const courseFields = {
  course_id: z.string(),
  title: z.string(),
  instructor_id: z.string(),
  institution_id: z.string().nullable(),
  price: z.number(),
  category: z.enum(BROWSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  is_published: z.boolean(),
};

export const catalogEvents = {
  courseCreated: defineEvent({
    name: 'catalog.course.created',
    service,
    summary: 'A course was created (a draft unless created published)',
    schema: z.object({ v: z.literal(1), ...courseFields, created_at: z.string() }),
  }),
  courseUpdated: defineEvent({
    name: 'catalog.course.updated',
    service,
    summary: "A course's title, description, price, category, level, thumbnail or published state changed",
    schema: z.object({ v: z.literal(1), ...courseFields, changed: z.array(z.string()), updated_at: z.string() }),
  }),
  coursePublished: defineEvent({
    name: 'catalog.course.published',
    service,
    summary: 'A course became visible to learners (created published, or published later)',
    schema: z.object({
      v: z.literal(1),
      course_id: z.string(),
      title: z.string(),
      instructor_id: z.string(),
      institution_id: z.string().nullable(),
      published_at: z.string(),
    }),
  }),
  enrollmentCreated: defineEvent({
    name: 'catalog.enrollment.created',
    service,
    summary: 'A user enrolled in a course (free, or after a completed payment)',
    schema: z.object({
      v: z.literal(1),
      enrollment_id: z.string(),
      course_id: z.string(),
      course_title: z.string(),
      user_id: z.string(),
      instructor_id: z.string(),
      institution_id: z.string().nullable(),
      amount_paid: z.number(),
      payment_id: z.string().nullable(),
      /** the course's enrollment count after this one */
      enrollment_count: z.number().int(),
      enrolled_at: z.string(),
    }),
  }),
  lessonCompleted: defineEvent({
    name: 'catalog.lesson.completed',
    service,
    summary: 'A learner completed a lesson or a content item of a course (once per learner and unit)',
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      course_id: z.string(),
      /** the lesson id, or the content item id when kind is content_item */
      lesson_id: z.string(),
      kind: z.enum(['lesson', 'content_item']),
      time_spent_minutes: z.number().int(),
      completion_percentage: z.number(),
      completed_at: z.string(),
    }),
  }),
  courseAnnounced: defineEvent({
    name: 'catalog.course.announced',
    service,
    summary:
      "A course's instructor (or an admin) posted an announcement: the engagement service tells every learner enrolled in the course (catalogInternal.courseLearners pages them)",
    schema: z.object({
      v: z.literal(1),
      announcement_id: z.string(),
      course_id: z.string(),
      course_title: z.string(),
      instructor_id: z.string(),
      /** who posted it (the instructor, or an admin) */
      posted_by: z.string(),
      title: z.string(),
      message: z.string(),
      posted_at: z.string(),
    }),
  }),
  courseCompleted: defineEvent({
    name: 'catalog.course.completed',
    service,
    summary: 'A learner reached 100% of a course; catalog queues the certificate job',
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      course_id: z.string(),
      course_title: z.string(),
      instructor_id: z.string(),
      enrollment_id: z.string(),
      certificate_id: z.string(),
      verification_code: z.string(),
      completed_at: z.string(),
      /**
       * the institution that owns the course, null for a course of no institution; absent from
       * events written before it was added. Lets institution keep a completion that arrives
       * before the course and the enrollment it belongs to (each event name has its own consumer).
       */
      institution_id: z.string().nullable().optional(),
    }),
  }),
} as const;
