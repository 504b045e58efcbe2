/**
 * Catalog routes: courses, lessons, content items, enrollment, progress, reviews,
 * certificates, the instructor dashboard, institution course pages and the knowledge hub.
 *
 * Answer shapes (the specs say "not shown" for lists; this is the one rule):
 * - A call the browser reads as a list answers a plain JSON array of the entity
 *   (GET /courses -> Course[], GET /courses/{id}/lessons -> Lesson[], GET /instructor/students
 *   -> Student[], GET /knowledge-hub/resources -> KnowledgeResource[], ...). Long lists take
 *   `limit` (default 50, at most 100) and `offset`.
 * - A composite answer (several named parts) is an object: analytics, the content library,
 *   progress, and GET /courses/{id}/content, which the spec reads as `content_items`.
 * - A creation answers the created entity (it carries `id`) with 201; an action answers an
 *   object with `message` and its result fields.
 * - Withheld data is null, never missing: lesson `content` for a non-enrolled non-owner
 *   outside free previews (with `is_locked: true`); content item `url`/`content` the same.
 * - Visibility comes before permission: a draft course or lesson is 404 for anyone but its
 *   owner; a visible resource the caller may not change is 403.
 *
 * Besides ROUTES.md, two file downloads serve what content items and knowledge resources
 * point to (`url`, `file_path`): GET /courses/{id}/content/{itemId}/file and
 * GET /knowledge-hub/resources/{id}/file (the token may come as `?token=`).
 */
import { z } from 'zod';
import { defineRoute, FileRefSchema } from '../common/route.js';
import { IdParams, MessageResponse } from '../common/ids.js';
import { defineInternal } from '../common/bus-access.js';
import { BotReadRequest } from '../common/bot-reads.js';
import * as s from './schemas.js';

const service = 'catalog' as const;
const AUTHORS = ['instructor', 'institution'] as const;
const UPLOAD_LIMIT = { limit: 60, windowSeconds: 60 } as const;

export const catalogRoutes = {
  // ---------------------------------------------------------------- courses
  listCourses: defineRoute({
    subject: 'catalog.course.list',
    service,
    method: 'GET',
    path: '/courses',
    guard: 'any',
    summary: "Browse courses: published ones, plus the caller's own drafts; filters category, level, search (title and description)",
    query: s.CourseListQuery,
    response: z.array(s.CourseSchema),
  }),
  createCourse: defineRoute({
    subject: 'catalog.course.create',
    service,
    method: 'POST',
    path: '/courses',
    guard: AUTHORS,
    summary: "Create a course (a draft unless is_published); an institution user's course belongs to the current institution",
    body: s.CourseCreateRequest,
    response: s.CourseSchema,
    successStatus: 201,
  }),
  getCourse: defineRoute({
    subject: 'catalog.course.get',
    service,
    method: 'GET',
    path: '/courses/{id}',
    guard: 'any',
    summary: 'One course; a draft only for its owner',
    params: IdParams,
    response: s.CourseSchema,
  }),
  updateCourse: defineRoute({
    subject: 'catalog.course.update',
    service,
    method: 'PUT',
    path: '/courses/{id}',
    guard: 'any',
    summary: 'Edit a course (owner only); is_published publishes or unpublishes it',
    params: IdParams,
    body: s.CourseUpdateRequest,
    response: s.CourseSchema,
  }),
  setCourseCover: defineRoute({
    subject: 'catalog.course.cover.set',
    service,
    method: 'PUT',
    path: '/courses/{id}/cover',
    guard: 'any',
    summary:
      'Upload or replace the course cover (owner or admin), multipart `file`: JPEG, PNG or WebP (by its bytes) up to COURSE_COVER_MAX_BYTES (5 MB); kept as a COURSE_COVER_SIZE (1200x675) WebP crop; answers the Course',
    params: IdParams,
    body: s.CourseCoverUploadRequest,
    bodyKind: 'form',
    response: s.CourseSchema,
    rateLimit: UPLOAD_LIMIT,
  }),
  removeCourseCover: defineRoute({
    subject: 'catalog.course.cover.remove',
    service,
    method: 'DELETE',
    path: '/courses/{id}/cover',
    guard: 'any',
    summary: 'Remove the course cover (owner or admin); the course shows its generated cover again; answers the Course',
    params: IdParams,
    response: s.CourseSchema,
  }),
  courseCover: defineRoute({
    subject: 'catalog.course.cover.get',
    service,
    method: 'GET',
    path: '/courses/{id}/cover',
    guard: 'public',
    summary: 'The course cover image (public, for <img>); cached for good when `v` is the current version (cover_url has it)',
    params: IdParams,
    query: s.CourseCoverQuery,
    response: FileRefSchema,
    responseKind: 'file',
    fileDisposition: 'inline',
  }),
  courseAnalytics: defineRoute({
    subject: 'catalog.course.analytics',
    service,
    method: 'GET',
    path: '/courses/{id}/analytics',
    guard: 'any',
    summary: 'Enrollment, lesson and quiz figures of a course (owner only)',
    params: IdParams,
    response: s.CourseAnalyticsSchema,
  }),

  // ---------------------------------------------------------------- lessons
  listLessons: defineRoute({
    subject: 'catalog.lesson.list',
    service,
    method: 'GET',
    path: '/courses/{id}/lessons',
    guard: 'any',
    summary: 'Lessons of a course in order; drafts only for the owner; content withheld from non-enrolled callers except free previews',
    params: IdParams,
    response: z.array(s.LessonSchema),
  }),
  createLesson: defineRoute({
    subject: 'catalog.lesson.create',
    service,
    method: 'POST',
    path: '/courses/{id}/lessons',
    guard: 'any',
    summary: 'Add a lesson (course owner only)',
    params: IdParams,
    body: s.LessonCreateRequest,
    response: s.LessonSchema,
    successStatus: 201,
  }),
  reorderLessons: defineRoute({
    subject: 'catalog.lesson.reorder',
    service,
    method: 'PUT',
    path: '/courses/{id}/lessons/order',
    guard: 'any',
    summary:
      "Put the course's lessons in the order given (owner only): every lesson of the course once, else 422; answers the lessons in order",
    params: IdParams,
    body: s.LessonOrderRequest,
    response: z.array(s.LessonSchema),
  }),
  getLesson: defineRoute({
    subject: 'catalog.lesson.get',
    service,
    method: 'GET',
    path: '/lessons/{id}',
    guard: 'any',
    summary: 'One lesson with its content: for the owner, enrolled learners, or anyone when it is a free preview (else 403)',
    params: IdParams,
    response: s.LessonSchema,
  }),
  updateLesson: defineRoute({
    subject: 'catalog.lesson.update',
    service,
    method: 'PUT',
    path: '/lessons/{id}',
    guard: 'any',
    summary: 'Edit a lesson (course owner only)',
    params: IdParams,
    body: s.LessonUpdateRequest,
    response: s.LessonSchema,
  }),
  deleteLesson: defineRoute({
    subject: 'catalog.lesson.delete',
    service,
    method: 'DELETE',
    path: '/lessons/{id}',
    guard: 'any',
    summary: 'Delete a lesson (course owner only)',
    params: IdParams,
    response: MessageResponse,
  }),
  completeLesson: defineRoute({
    subject: 'catalog.lesson.complete',
    service,
    method: 'POST',
    path: '/lessons/{id}/complete',
    guard: 'any',
    summary: 'Mark a lesson complete (enrolled learners); a second call answers already_completed and counts once',
    params: IdParams,
    body: s.LessonCompleteRequest,
    response: s.CompletionResponse,
  }),

  // ---------------------------------------------------------------- content items
  listContent: defineRoute({
    subject: 'catalog.content.list',
    service,
    method: 'GET',
    path: '/courses/{id}/content',
    guard: 'any',
    summary: 'Content items of a course (enrolled learners and the owner)',
    params: IdParams,
    response: z.object({ content_items: z.array(s.ContentItemSchema) }),
  }),
  addContent: defineRoute({
    subject: 'catalog.content.create',
    service,
    method: 'POST',
    path: '/courses/{id}/content',
    guard: 'any',
    summary:
      'Add a content item (owner only), multipart: content_type video/audio/pdf/text, title, file or text_content; video up to 100 MB, audio 50 MB, pdf 25 MB',
    params: IdParams,
    body: s.ContentItemCreateRequest,
    bodyKind: 'form',
    response: s.ContentItemSchema,
    successStatus: 201,
    rateLimit: UPLOAD_LIMIT,
  }),
  contentFile: defineRoute({
    subject: 'catalog.content.file',
    service,
    method: 'GET',
    path: '/courses/{id}/content/{itemId}/file',
    guard: 'any',
    summary: 'The file of a content item (enrolled learners and the owner)',
    params: s.ContentFileParams,
    response: FileRefSchema,
    responseKind: 'file',
    fileDisposition: 'inline',
  }),

  // ---------------------------------------------------------------- reviews
  listReviews: defineRoute({
    subject: 'catalog.review.list',
    service,
    method: 'GET',
    path: '/courses/{id}/reviews',
    guard: 'any',
    summary: 'Reviews of a course, newest first',
    params: IdParams,
    response: z.array(s.ReviewSchema),
  }),
  createReview: defineRoute({
    subject: 'catalog.review.create',
    service,
    method: 'POST',
    path: '/courses/{id}/reviews',
    guard: 'any',
    summary: 'Review a course: enrolled learners, once each (409 the second time); keeps rating_avg and rating_count',
    params: IdParams,
    body: s.ReviewCreateRequest,
    response: s.ReviewSchema,
    successStatus: 201,
  }),

  // ---------------------------------------------------------------- announcements
  postAnnouncement: defineRoute({
    subject: 'catalog.announcement.post',
    service,
    method: 'POST',
    path: '/courses/{id}/announcements',
    guard: ['instructor', 'admin'],
    summary:
      "Post an announcement to a course's enrolled learners (the course's instructor or an admin; 403 otherwise): each is notified (in the app, and by e-mail, Telegram, push as their settings allow)",
    params: IdParams,
    body: s.AnnouncementCreateRequest,
    response: s.AnnouncementCreateResponse,
    successStatus: 201,
    // one post fans out to every enrolled learner's channels: the costliest write of the catalog
    rateLimit: { limit: 20, windowSeconds: 3600, per: 'user' },
  }),
  courseAnnouncements: defineRoute({
    subject: 'catalog.announcement.list',
    service,
    method: 'GET',
    path: '/courses/{id}/announcements',
    guard: 'any',
    summary: "A course's announcements, newest first: its enrolled learners, its instructor and admins (403 for others)",
    params: IdParams,
    query: s.AnnouncementListQuery,
    response: s.AnnouncementListResponse,
  }),

  // ---------------------------------------------------------------- enrollment and progress
  checkEnrollment: defineRoute({
    subject: 'catalog.enrollment.check',
    service,
    method: 'GET',
    path: '/courses/{id}/check-enrollment',
    guard: 'any',
    summary: 'Whether the caller is enrolled',
    params: IdParams,
    response: s.CheckEnrollmentResponse,
  }),
  enroll: defineRoute({
    subject: 'catalog.enrollment.create',
    service,
    method: 'POST',
    path: '/courses/{id}/enroll',
    guard: 'any',
    summary:
      'Enroll: a free course at once; a paid one once billing reported a completed payment for it by the caller (billing.payment.completed enrolls the payer by itself; ' +
      'asking again with that payment_id answers the enrollment). Without a recorded payment: 202 while the payment named by payment_id is on its way, else 402; 409 when already enrolled',
    params: IdParams,
    body: s.EnrollBody,
    response: s.EnrollResponse,
    successStatus: 201,
    background: true,
  }),
  courseProgress: defineRoute({
    subject: 'catalog.progress.course',
    service,
    method: 'GET',
    path: '/courses/{id}/progress',
    guard: 'any',
    summary: "The caller's progress in a course (enrolled)",
    params: IdParams,
    response: s.CourseProgressSchema,
  }),
  enrollmentProgress: defineRoute({
    subject: 'catalog.progress.enrollment',
    service,
    method: 'GET',
    path: '/enrollments/{id}/progress',
    guard: 'any',
    summary: "Progress of one of the caller's enrollments ({id}: enrollment id or course id)",
    params: IdParams,
    response: s.EnrollmentProgressSchema,
  }),
  progress: defineRoute({
    subject: 'catalog.progress.get',
    service,
    method: 'GET',
    path: '/progress/{courseId}',
    guard: 'any',
    summary: "The caller's progress in a course (course player)",
    params: s.CourseIdParams,
    response: s.CourseProgressSchema,
  }),
  markComplete: defineRoute({
    subject: 'catalog.progress.mark-complete',
    service,
    method: 'POST',
    path: '/progress/{courseId}/mark-complete/{itemId}',
    guard: 'any',
    summary: 'Mark a content item (or a lesson) of the course complete; counts once',
    params: s.ProgressItemParams,
    response: s.CompletionResponse,
  }),
  learnerEnrolledCourses: defineRoute({
    subject: 'catalog.learner.enrolled-courses',
    service,
    method: 'GET',
    path: '/learner/enrolled-courses',
    guard: ['learner'],
    summary: "The caller's enrolled courses with progress, newest first",
    response: z.array(s.EnrolledCourseSchema),
  }),

  // ---------------------------------------------------------------- certificates
  certificate: defineRoute({
    subject: 'catalog.certificate.get',
    service,
    method: 'GET',
    path: '/certificates/{courseId}',
    guard: 'any',
    summary:
      "The caller's PDF certificate of a course completed at 100% (made by a background job; 202 with the progress while it is made)",
    params: s.CourseIdParams,
    response: FileRefSchema,
    responseKind: 'file',
    background: true,
    timeoutMs: 5_000,
  }),
  verifyCertificate: defineRoute({
    subject: 'catalog.certificate.verify',
    service,
    method: 'GET',
    path: '/certificates/verify/{code}',
    guard: 'public',
    summary: "Check a certificate's verification code",
    params: s.CertificateCodeParams,
    response: s.CertificateVerification,
    rateLimit: { limit: 60, windowSeconds: 60 },
  }),

  // ---------------------------------------------------------------- instructor dashboard
  instructorCourses: defineRoute({
    subject: 'catalog.instructor.courses',
    service,
    method: 'GET',
    path: '/instructor/courses',
    guard: AUTHORS,
    summary: "The caller's own courses, drafts included, newest first",
    response: z.array(s.CourseSchema),
  }),
  instructorOverview: defineRoute({
    subject: 'catalog.instructor.overview',
    service,
    method: 'GET',
    path: '/instructor/analytics/overview',
    guard: AUTHORS,
    summary: "Totals over the caller's courses",
    response: s.InstructorOverviewSchema,
  }),
  instructorStudents: defineRoute({
    subject: 'catalog.instructor.students',
    service,
    method: 'GET',
    path: '/instructor/students',
    guard: AUTHORS,
    summary: "Learners enrolled in the caller's courses",
    response: z.array(s.StudentSchema),
  }),
  instructorAtRisk: defineRoute({
    subject: 'catalog.instructor.at-risk',
    service,
    method: 'GET',
    path: '/instructor/students/at-risk',
    guard: AUTHORS,
    summary:
      "At-risk learners of the caller's courses (progress under 50% and 7 days inactive, or a quiz average under 50%), highest risk first",
    response: z.array(s.AtRiskStudentSchema),
  }),
  instructorCourseAnalytics: defineRoute({
    subject: 'catalog.instructor.course-analytics',
    service,
    method: 'GET',
    path: '/instructor/analytics/course/{id}',
    guard: AUTHORS,
    summary: "Analytics of one of the caller's courses",
    params: IdParams,
    response: s.CourseAnalyticsSchema,
  }),
  contentLibrary: defineRoute({
    subject: 'catalog.instructor.content-library',
    service,
    method: 'GET',
    path: '/instructor/content-library',
    guard: AUTHORS,
    summary: "The caller's lessons and quizzes as templates",
    response: s.ContentLibrarySchema,
  }),
  instructorMessages: defineRoute({
    subject: 'catalog.message.list',
    service,
    method: 'GET',
    path: '/instructor/messages',
    guard: AUTHORS,
    summary: 'Messages the caller received and sent (is_sent tells which), newest first',
    response: z.array(s.InstructorMessageSchema),
  }),
  intervention: defineRoute({
    subject: 'catalog.student.intervention',
    service,
    method: 'POST',
    path: '/instructor/students/{id}/intervention',
    guard: ['instructor'],
    summary: "Send an encouragement, support or resources message to a learner of one of the caller's courses",
    params: IdParams,
    query: s.InterventionQuery,
    response: s.InterventionResponse,
    successStatus: 201,
  }),
  markMessageRead: defineRoute({
    subject: 'catalog.message.read',
    service,
    method: 'PUT',
    path: '/instructor/messages/{id}/read',
    guard: ['instructor'],
    summary: 'Mark a received message read (recipient only)',
    params: IdParams,
    response: s.InstructorMessageSchema,
  }),
  sendMessage: defineRoute({
    subject: 'catalog.message.send',
    service,
    method: 'POST',
    path: '/instructor/messages/send',
    guard: ['instructor'],
    summary: "Message a learner of one of the caller's courses",
    body: s.MessageSendRequest,
    response: s.InstructorMessageSchema,
    successStatus: 201,
  }),
  bulkUploadLessons: defineRoute({
    subject: 'catalog.lesson.bulk-upload',
    service,
    method: 'POST',
    path: '/instructor/lessons/bulk-upload',
    guard: ['instructor'],
    summary: "Add many lessons to one of the caller's courses at once",
    body: s.BulkUploadRequest,
    response: s.BulkUploadResponse,
    successStatus: 201,
  }),

  // ---------------------------------------------------------------- institution
  institutionCourses: defineRoute({
    subject: 'catalog.institution.courses',
    service,
    method: 'GET',
    path: '/institution/courses',
    guard: ['institution'],
    apiKey: 'courses.read',
    summary: "Courses of the current institution (without one: the caller's own courses)",
    response: z.array(s.CourseSchema),
  }),
  institutionCourseAnalytics: defineRoute({
    subject: 'catalog.institution.course-analytics',
    service,
    method: 'GET',
    path: '/institution/analytics/courses',
    guard: ['institution'],
    summary: 'Course figures of the current institution',
    response: s.InstitutionCourseAnalyticsSchema,
  }),

  // ---------------------------------------------------------------- knowledge hub
  listResources: defineRoute({
    subject: 'catalog.knowledge.list',
    service,
    method: 'GET',
    path: '/knowledge-hub/resources',
    guard: 'any',
    summary: 'Knowledge-hub resources, newest first; filters category and search',
    query: s.KnowledgeListQuery,
    response: z.array(s.KnowledgeResourceSchema),
  }),
  createResource: defineRoute({
    subject: 'catalog.knowledge.create',
    service,
    method: 'POST',
    path: '/knowledge-hub/resources',
    guard: 'any',
    summary: 'Upload a resource (multipart: title, description, resource_type, category, tags, file)',
    body: s.KnowledgeResourceCreateRequest,
    bodyKind: 'form',
    response: s.KnowledgeResourceSchema,
    successStatus: 201,
    rateLimit: UPLOAD_LIMIT,
  }),
  resourceFile: defineRoute({
    subject: 'catalog.knowledge.file',
    service,
    method: 'GET',
    path: '/knowledge-hub/resources/{id}/file',
    guard: 'any',
    summary: 'The file of a knowledge-hub resource',
    params: IdParams,
    response: FileRefSchema,
    responseKind: 'file',
    fileDisposition: 'inline',
  }),
} as const;

/** Bus-only subjects (no HTTP route): the worker, billing and the seed call them. */
export const catalogInternal = {
  /** /courses in the Telegram bot: the user's enrolled courses with progress (as GET /learner/enrolled-courses) */
  botCourses: defineInternal({
    subject: 'catalog.bot.courses',
    request: BotReadRequest,
    response: z.array(s.EnrolledCourseSchema),
    callers: ['telegram-bot'],
  }),
  /** the worker stored a certificate's PDF */
  certificateRendered: defineInternal({
    subject: 'catalog.certificate.rendered',
    request: s.CertificateRenderedRequest,
    response: MessageResponse,
    callers: ['worker'],
  }),
  /** a service whose read model lacks a course or an enrollment asks before refusing access (docs/architecture.md, "Read your own writes") */
  accessFacts: defineInternal({
    subject: 'catalog.course.access-facts',
    request: s.CourseAccessFactsRequest,
    response: s.CourseAccessFactsResponse,
    callers: ['assessment'],
  }),
  /** billing asks the price of a course before charging (never trusted from the browser) */
  coursePricing: defineInternal({
    subject: 'catalog.course.pricing',
    request: s.CoursePricingRequest,
    response: s.CoursePricingResponse,
    callers: ['billing'],
  }),
  /** billing shows an author's usage against the plan's limits */
  ownerUsage: defineInternal({
    subject: 'catalog.owner.usage',
    request: s.OwnerUsageRequest,
    response: s.OwnerUsageResponse,
    callers: ['billing'],
  }),
  /**
   * institution enrolls its members in its own courses (one by one, from a CSV, through an API
   * key): free of charge, idempotent by (course, user); refused for a course of another institution
   */
  enrollMembers: defineInternal({
    subject: 'catalog.enrollment.enroll-members',
    request: s.EnrollMembersRequest,
    response: s.EnrollMembersReply,
    callers: ['institution', 'worker'],
  }),
  /** the engagement service pages a course's enrolled learners to notify them of an announcement */
  courseLearners: defineInternal({
    subject: 'catalog.course.learners',
    request: s.CourseLearnersRequest,
    response: s.CourseLearnersReply,
    callers: ['gamification'],
  }),
  /** demo data: idempotent by (instructor, title) */
  ensureCourse: defineInternal({
    subject: 'catalog.seed.ensure-course',
    request: s.SeedCourseRequest,
    response: s.SeedCourseResponse,
    callers: ['seed'],
    devOnly: true,
  }),
  /** demo data: idempotent by (course, user) */
  ensureEnrollment: defineInternal({
    subject: 'catalog.seed.ensure-enrollment',
    request: s.SeedEnrollmentRequest,
    response: s.SeedEnrollmentResponse,
    callers: ['seed'],
    devOnly: true,
  }),
  /** demo data: idempotent by (sender, recipient, subject) */
  ensureMessage: defineInternal({
    subject: 'catalog.seed.ensure-message',
    request: s.SeedMessageRequest,
    response: s.SeedMessageResponse,
    callers: ['seed'],
    devOnly: true,
  }),
} as const;

export type CatalogRoutes = typeof catalogRoutes;
