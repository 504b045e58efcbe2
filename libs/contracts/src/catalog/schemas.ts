import { z } from 'zod';
import { IdSchema } from '../common/ids.js';
import { BULK_IMPORT_BATCH_MAX } from '../common/batches.js';

// Field names are the ones the browser of the specs sends and reads (core spec section 3,
// learning-content spec section 3, institution spec "Course (institution)").

// ------------------------------------------------------------------ constants of the specs

/** Categories offered by the create-course form (core spec section 9). */
export const COURSE_CATEGORIES = ['programming', 'business', 'design', 'marketing', 'language', 'exam-prep'] as const;
/**
 * Categories of the browse filter: the create list plus two more. A course may carry any
 * of these (otherwise the two extra filter values could never match anything).
 */
export const BROWSE_CATEGORIES = [...COURSE_CATEGORIES, 'data-science', 'personal-development'] as const;
export type CourseCategory = (typeof BROWSE_CATEGORIES)[number];
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const DEFAULT_COURSE_CATEGORY: CourseCategory = 'programming';
export const DEFAULT_COURSE_LEVEL: CourseLevel = 'beginner';
export const MAX_COURSE_PRICE = 100_000;

export const LESSON_CONTENT_TYPES = ['text', 'video', 'pdf', 'html'] as const;
export type LessonContentType = (typeof LESSON_CONTENT_TYPES)[number];
export const DEFAULT_LESSON_DURATION_MINUTES = 15;
export const DEFAULT_LESSON_ORDER = 0;
export const MAX_LESSON_CONTENT_LENGTH = 200_000;

export const CONTENT_ITEM_TYPES = ['video', 'audio', 'pdf', 'text'] as const;
export type ContentItemType = (typeof CONTENT_ITEM_TYPES)[number];
const MB = 1024 * 1024;
/** Enforced by the catalog service on every stored upload (the gateway's own cap is 100 MB). */
export const CONTENT_SIZE_LIMITS_BYTES = { video: 100 * MB, audio: 50 * MB, pdf: 25 * MB } as const;
export const MAX_TEXT_CONTENT_LENGTH = 200_000;

/** A course cover (PUT /courses/{id}/cover): a JPEG, PNG or WebP image of at most this size. */
export const COURSE_COVER_MAX_BYTES = 5 * MB;
export const COURSE_COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What the server keeps of a cover: cropped to this size (16:9, centred on the interesting part), as WebP. */
export const COURSE_COVER_SIZE = { width: 1200, height: 675 } as const;

export const KNOWLEDGE_CATEGORIES = ['programming', 'business', 'science', 'language', 'exam-prep'] as const;
export const KNOWLEDGE_RESOURCE_TYPES = ['pdf', 'article', 'podcast', 'video'] as const;
export type KnowledgeResourceType = (typeof KNOWLEDGE_RESOURCE_TYPES)[number];
/** Knowledge-hub uploads: a podcast is audio, an article a document (PDF, text, HTML, Word). */
export const KNOWLEDGE_SIZE_LIMITS_BYTES: Record<KnowledgeResourceType, number> = {
  pdf: 25 * MB,
  article: 25 * MB,
  podcast: 50 * MB,
  video: 100 * MB,
};

export const INTERVENTION_TYPES = ['encouragement', 'support', 'resources'] as const;
export type InterventionType = (typeof INTERVENTION_TYPES)[number];

export const COURSE_PAGE_SIZE = 50;
export const COURSE_PAGE_SIZE_MAX = 100;
export const RECENT_ENROLLMENTS_DAYS = 30;
export const ACTIVE_STUDENTS_DAYS = 7;
export const CERTIFICATE_MIN_COMPLETION = 100;
export const BULK_UPLOAD_MAX_LESSONS = 100;

/**
 * Who is "at risk" (GET /instructor/students/at-risk): an enrolled learner who has not
 * finished, whose progress is under `maxProgress` % and who has done nothing in the course
 * (no lesson or item completed, no lesson opened) for `inactiveDays` days. The level is
 * `high` when progress is also under `highProgress` % and the inactivity lasts
 * `highInactiveDays` days or more, else `medium`. A quiz average under `lowQuizAverage` %
 * (over at least one attempt) is a reason of its own (medium). Every reason is listed in
 * risk_factors.
 */
export const AT_RISK_RULE = { maxProgress: 50, inactiveDays: 7, highProgress: 25, highInactiveDays: 14, lowQuizAverage: 50 } as const;

// ------------------------------------------------------------------ building blocks

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);
const IsoString = z.string();

/** An http(s) URL, or '' / null for none. */
const OptionalUrl = z
  .string({ error: 'Must be a URL' })
  .trim()
  .max(2048, 'The URL is too long')
  .transform((v) => (v === '' ? null : v))
  .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })]))
  .nullable();

export const PriceSchema = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(MAX_COURSE_PRICE, `Price cannot exceed ${MAX_COURSE_PRICE}`)
  .transform((v) => Math.round(v * 100) / 100);

/** Query-string values: '' means "not given"; `all` means no category filter. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const pageLimit = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(COURSE_PAGE_SIZE_MAX).default(COURSE_PAGE_SIZE));
const pageOffset = z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0));

/**
 * What the gateway hands over for a multipart file part: the file is already in storage
 * (libs/storage) under `storage_key`; the owning service checks type and size and removes
 * the file when it refuses the upload.
 */
export const UploadedFileRef = z.object({
  storage_key: z.string().regex(/^uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Not an uploaded file'),
  filename: z.string().max(1000),
  content_type: z.string().max(255),
  size: z.number().int().min(0),
});
export type UploadedFile = z.infer<typeof UploadedFileRef>;

// ------------------------------------------------------------------ courses and content

export const ContentItemSchema = z.object({
  id: IdSchema,
  course_id: IdSchema,
  type: z.enum(CONTENT_ITEM_TYPES),
  title: z.string(),
  /** where the file is served (`/api/courses/{id}/content/{itemId}/file`, add `?token=`); null for text or when withheld */
  url: z.string().nullable(),
  /** the text of a text item; null for files or when withheld */
  content: z.string().nullable(),
  /** minutes, when known */
  duration: z.number().int().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  mime_type: z.string().nullable(),
  order: z.number().int(),
  /** the lesson the item belongs to; null for an item of the course as a whole (added before items belonged to lessons) */
  lesson_id: IdSchema.nullable(),
  created_at: IsoString,
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const CourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  price: z.number(),
  category: z.enum(BROWSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  instructor_id: IdSchema,
  instructor_name: z.string(),
  institution_id: IdSchema.nullable(),
  thumbnail: z.string().nullable(),
  /** the uploaded cover (`/api/courses/{id}/cover?v=...`, COURSE_COVER_SIZE, public); null when the course has none */
  cover_url: z.string().nullable(),
  is_published: z.boolean(),
  enrollment_count: z.number().int(),
  rating_avg: z.number(),
  rating_count: z.number().int(),
  lesson_count: z.number().int(),
  /** url and content are withheld (null) unless the caller is enrolled or owns the course, and in lists */
  content_items: z.array(ContentItemSchema),
  created_at: IsoString,
  updated_at: IsoString,
});
export type Course = z.infer<typeof CourseSchema>;

export const CourseListQuery = z.object({
  category: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(BROWSE_CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  level: z.preprocess(blankToUndefined, z.enum(COURSE_LEVELS, { error: 'Unknown level' }).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(200, 'The search is too long').optional()),
  limit: pageLimit,
  offset: pageOffset,
});

export const CourseCreateRequest = z.object({
  title: trimmed('Title', 200),
  description: trimmed('Description', 5000),
  price: PriceSchema,
  category: z.enum(BROWSE_CATEGORIES, { error: 'Unknown category' }).default(DEFAULT_COURSE_CATEGORY),
  level: z.enum(COURSE_LEVELS, { error: 'Level must be beginner, intermediate or advanced' }).default(DEFAULT_COURSE_LEVEL),
  thumbnail: OptionalUrl.optional(),
  /** new courses are drafts unless published here or later with PUT */
  is_published: z.boolean().default(false),
});
export const CourseUpdateRequest = z
  .object({
    title: trimmed('Title', 200).optional(),
    description: trimmed('Description', 5000).optional(),
    price: PriceSchema.optional(),
    category: z.enum(BROWSE_CATEGORIES, { error: 'Unknown category' }).optional(),
    level: z.enum(COURSE_LEVELS, { error: 'Level must be beginner, intermediate or advanced' }).optional(),
    thumbnail: OptionalUrl.optional(),
    is_published: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export const CourseCoverUploadRequest = z.object({ file: UploadedFileRef });
/** `v` only makes the URL change with the cover (so it may be cached for good); any value serves the current cover. */
export const CourseCoverQuery = z.object({ v: z.string().max(64).optional() });

/** The lesson content rule of the lesson form: text or HTML for text/html, a URL for video/pdf. */
export function lessonContentProblem(type: LessonContentType, content: string): string | null {
  if (type === 'video' || type === 'pdf') {
    const isUrl = /^https?:\/\/\S+$/i.test(content) || /^\/\S+$/.test(content);
    return isUrl ? null : `Enter the URL of the ${type === 'video' ? 'video' : 'PDF'}`;
  }
  return null;
}

export const LessonSchema = z.object({
  id: IdSchema,
  course_id: IdSchema,
  title: z.string(),
  description: z.string(),
  content_type: z.enum(LESSON_CONTENT_TYPES),
  /** null when withheld: a non-enrolled, non-owner caller gets the content of free-preview lessons only */
  content: z.string().nullable(),
  duration_minutes: z.number().int(),
  order: z.number().int(),
  is_published: z.boolean(),
  is_free_preview: z.boolean(),
  /** true when content is withheld from this caller */
  is_locked: z.boolean(),
  created_at: IsoString,
  updated_at: IsoString,
});
export type Lesson = z.infer<typeof LessonSchema>;

const lessonFields = {
  title: trimmed('Title', 200),
  description: optionalText('Description', 5000),
  content_type: z.enum(LESSON_CONTENT_TYPES, { error: 'Content type must be text, video, pdf or html' }),
  content: trimmed('Content', MAX_LESSON_CONTENT_LENGTH),
  duration_minutes: z
    .number({ error: 'Duration must be a number' })
    .int('Duration must be whole minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(1440, 'Duration cannot exceed 1440 minutes'),
  order: z.number({ error: 'Order must be a number' }).int('Order must be a whole number').min(0, 'Order cannot be negative').max(100_000),
  is_published: z.boolean(),
  is_free_preview: z.boolean(),
};
const withLessonContentRule = <T extends { content_type?: LessonContentType; content?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.content_type === undefined || v.content === undefined) return;
  const problem = lessonContentProblem(v.content_type, v.content);
  if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem });
};

export const LessonCreateRequest = z
  .object({
    ...lessonFields,
    description: lessonFields.description.default(''),
    content_type: lessonFields.content_type.default('text'),
    duration_minutes: lessonFields.duration_minutes.default(DEFAULT_LESSON_DURATION_MINUTES),
    /** absent: after the course's last lesson (its order is the highest plus one) */
    order: lessonFields.order.optional(),
    is_published: lessonFields.is_published.default(true),
    is_free_preview: lessonFields.is_free_preview.default(false),
  })
  .superRefine(withLessonContentRule);
/** PUT /courses/{id}/lessons/order: every lesson of the course (drafts too), once each, in the new order. */
export const LessonOrderRequest = z.object({
  lesson_ids: z
    .array(IdSchema, { error: 'lesson_ids must be a list of lesson ids' })
    .min(1, 'Give the lessons in their new order')
    .max(1000),
});
export const LessonUpdateRequest = z
  .object({
    title: lessonFields.title.optional(),
    description: lessonFields.description.optional(),
    content_type: lessonFields.content_type.optional(),
    content: lessonFields.content.optional(),
    duration_minutes: lessonFields.duration_minutes.optional(),
    order: lessonFields.order.optional(),
    is_published: lessonFields.is_published.optional(),
    is_free_preview: lessonFields.is_free_preview.optional(),
  })
  .superRefine(withLessonContentRule)
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');

export const LessonCompleteRequest = z.object({
  time_spent_minutes: z.number({ error: 'time_spent_minutes must be a number' }).int().min(0).max(1440).default(0),
});
export const CompletionResponse = z.object({
  message: z.string(),
  /** true when the lesson or item was already completed: nothing changed, it counted once */
  already_completed: z.boolean(),
  completion_percentage: z.number(),
  /** true when this completion brought the course to 100% (a certificate is being prepared) */
  course_completed: z.boolean(),
});

/**
 * POST /courses/{id}/content (multipart). `file` is required for video, audio and pdf, and
 * `text_content` for text; the type and size of the file are checked by the service (which
 * removes a refused file): video up to 100 MB, audio 50 MB, pdf 25 MB.
 */
export const ContentItemCreateRequest = z.object({
  content_type: z.enum(CONTENT_ITEM_TYPES, { error: 'Content type must be video, audio, pdf or text' }),
  title: trimmed('Title', 200),
  text_content: z.string().max(MAX_TEXT_CONTENT_LENGTH, 'The text is too long').optional(),
  file: UploadedFileRef.optional(),
  /** minutes; optional */
  duration: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  /** the lesson of the course the item belongs to */
  lesson_id: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export const ContentFileParams = z.object({ id: IdSchema, itemId: IdSchema });

// ------------------------------------------------------------------ enrollment, progress, reviews

export const CheckEnrollmentResponse = z.object({
  enrolled: z.boolean(),
  enrollment_id: IdSchema.nullable(),
  enrolled_at: IsoString.nullable(),
});
/**
 * POST /courses/{id}/enroll. `payment_id`: the payment billing answered for this course; while
 * its completion has not reached catalog the answer is 202 (ask again), never a 402.
 */
export const EnrollBody = z.object({ payment_id: z.string().min(1).max(100).optional() }).optional();

export const EnrollResponse = z.object({
  message: z.string(),
  enrollment_id: IdSchema,
  course_id: IdSchema,
  enrolled_at: IsoString,
});

/** GET /courses/{id}/progress and GET /progress/{courseId}. Units are published lessons plus content items. */
export const CourseProgressSchema = z.object({
  course_id: IdSchema,
  enrollment_id: IdSchema,
  completion_percentage: z.number(),
  lessons_completed_ids: z.array(IdSchema),
  /** ids of completed content items */
  completed_items: z.array(IdSchema),
  total_lessons: z.number().int(),
  total_items: z.number().int(),
  is_completed: z.boolean(),
  completed_at: IsoString.nullable(),
  can_get_certificate: z.boolean(),
  last_activity_at: IsoString,
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

const Fraction = z.object({ completed: z.number().int(), total: z.number().int(), percentage: z.number() });
/**
 * GET /enrollments/{id}/progress: {id} is the enrollment id or the course id. Quiz figures come
 * from assessment's events: a published quiz of the course counts as completed once attempted.
 */
export const EnrollmentProgressSchema = z.object({
  enrollment_id: IdSchema,
  course_id: IdSchema,
  course_title: z.string(),
  overall_progress: z.number(),
  lesson_progress: Fraction,
  quiz_progress: Fraction,
  next_lesson: z.object({ id: IdSchema, title: z.string(), order: z.number().int() }).nullable(),
  next_quiz: z.object({ id: IdSchema, title: z.string() }).nullable(),
  can_get_certificate: z.boolean(),
  /**
   * the learner's progress at the end of each week since the enrollment's week (at most
   * ACTIVITY_WEEKS, the current week last), against the course's current lessons and items
   */
  weekly_progress: z.array(z.object({ week_start: z.string(), completed_units: z.number().int(), progress: z.number() })),
});
export const ProgressItemParams = z.object({ courseId: IdSchema, itemId: IdSchema });
export const CourseIdParams = z.object({ courseId: IdSchema });

export const EnrolledCourseSchema = z.object({
  /** the course id (the spec reads "id or course_id") */
  id: IdSchema,
  course_id: IdSchema,
  enrollment_id: IdSchema,
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  /** as Course.cover_url */
  cover_url: z.string().nullable(),
  category: z.enum(BROWSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  instructor_id: IdSchema,
  instructor_name: z.string(),
  progress: z.number(),
  progress_percentage: z.number(),
  enrolled_at: IsoString,
  completed_at: IsoString.nullable(),
  last_activity_at: IsoString,
});

export const ReviewSchema = z.object({
  id: IdSchema,
  course_id: IdSchema,
  user_id: IdSchema,
  user_name: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: IsoString,
});
export const ReviewCreateRequest = z.object({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number')
    .min(1, 'Rating must be at least 1')
    .max(5, 'Rating cannot exceed 5'),
  comment: optionalText('Comment', 2000).default(''),
});

// ------------------------------------------------------------------ certificates

export const CertificateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^LH-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/, 'Not a certificate code');
export const CertificateCodeParams = z.object({ code: CertificateCodeSchema });
export const CertificateVerification = z.object({
  valid: z.literal(true),
  verification_code: z.string(),
  learner_name: z.string(),
  course_id: IdSchema,
  course_title: z.string(),
  instructor_name: z.string(),
  issued_at: IsoString,
});

// ------------------------------------------------------------------ instructor dashboard

export const InstructorMessageSchema = z.object({
  id: IdSchema,
  sender_id: IdSchema,
  sender_name: z.string(),
  recipient_id: IdSchema,
  recipient_name: z.string(),
  subject: z.string(),
  message: z.string(),
  course_id: IdSchema.nullable(),
  course_title: z.string().nullable(),
  created_at: IsoString,
  is_read: z.boolean(),
  /** true when the caller sent it; false when the caller received it */
  is_sent: z.boolean(),
});
export const MessageSendRequest = z.object({
  recipient_id: IdSchema,
  course_id: IdSchema.nullable().optional(),
  subject: trimmed('Subject', 200),
  message: trimmed('Message', 5000),
});
export const InterventionQuery = z.object({
  course_id: IdSchema,
  intervention_type: z.enum(INTERVENTION_TYPES, { error: 'intervention_type must be encouragement, support or resources' }),
});
export const InterventionResponse = z.object({ message: z.string(), intervention_id: IdSchema, message_id: IdSchema });

const BulkLesson = z
  .object({
    ...lessonFields,
    description: lessonFields.description.default(''),
    content_type: lessonFields.content_type.default('text'),
    duration_minutes: lessonFields.duration_minutes.default(DEFAULT_LESSON_DURATION_MINUTES),
    /** absent: after the course's last lesson, in the order given */
    order: lessonFields.order.optional(),
    is_published: lessonFields.is_published.default(true),
    is_free_preview: lessonFields.is_free_preview.default(false),
  })
  .superRefine(withLessonContentRule);
export const BulkUploadRequest = z.object({
  course_id: IdSchema,
  lessons: z
    .array(BulkLesson)
    .min(1, 'Add at least one lesson with a title and content')
    .max(BULK_UPLOAD_MAX_LESSONS, `At most ${BULK_UPLOAD_MAX_LESSONS} lessons at once`),
});
export const BulkUploadResponse = z.object({ message: z.string(), created: z.number().int(), lessons: z.array(LessonSchema) });

/** Weeks a time series of enrollments and completions covers (the current week last). */
export const ACTIVITY_WEEKS = 12;
/** One week of a course set's activity; week_start is the Monday, YYYY-MM-DD (UTC). */
export const WeeklyActivitySchema = z.object({
  week_start: z.string(),
  enrollments: z.number().int(),
  /** enrollments that reached completion in that week */
  completions: z.number().int(),
});
/** How many attempts scored in [from, to) (the last bucket includes 100). */
export const ScoreBucketSchema = z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() });

export const InstructorOverviewSchema = z.object({
  total_courses: z.number().int(),
  /** distinct learners enrolled in the caller's courses */
  total_students: z.number().int(),
  /** average completion percentage of every enrollment in the caller's courses, one decimal */
  completion_rate: z.number(),
  /** sum of what enrollments in the caller's courses paid */
  total_revenue: z.number(),
  /** enrollments in the last 30 days */
  recent_enrollments: z.number().int(),
  /** learners active in the caller's courses in the last 7 days */
  active_students: z.number().int(),
  /** from assessment's events: learners' attempts at the caller's course quizzes */
  total_quiz_attempts: z.number().int(),
  avg_quiz_score: z.number(),
  /** revenue of the last 30 days, and active_students / total_students in % */
  monthly_trends: z.object({ revenue: z.number(), active_rate: z.number() }),
  /** the last ACTIVITY_WEEKS weeks over the caller's courses, oldest first */
  weekly_activity: z.array(WeeklyActivitySchema),
});

export const StudentSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  profile_image: z.string().nullable(),
  /** how many of the caller's courses the learner is enrolled in */
  enrolled_courses: z.number().int(),
  completed_courses: z.number().int(),
  avg_progress: z.number(),
  /** active: did something in the caller's courses in the last 7 days */
  status: z.enum(['active', 'inactive']),
  last_activity_at: IsoString,
  courses: z.array(z.object({ course_id: IdSchema, course_title: z.string(), progress: z.number(), enrolled_at: IsoString })),
});

export const AtRiskStudentSchema = z.object({
  student_id: IdSchema,
  student_name: z.string(),
  student_email: z.string().nullable(),
  course_id: IdSchema,
  course_title: z.string(),
  risk_level: z.enum(['high', 'medium']),
  current_progress: z.number(),
  risk_factors: z.array(z.string()),
  days_inactive: z.number().int(),
  last_activity_at: IsoString,
  enrolled_at: IsoString,
});
export type AtRiskStudent = z.infer<typeof AtRiskStudentSchema>;

export const CourseAnalyticsSchema = z.object({
  course_info: z.object({
    id: IdSchema,
    title: z.string(),
    category: z.enum(BROWSE_CATEGORIES),
    level: z.enum(COURSE_LEVELS),
    price: z.number(),
    is_published: z.boolean(),
    enrollment_count: z.number().int(),
    rating_avg: z.number(),
    rating_count: z.number().int(),
    lesson_count: z.number().int(),
    content_item_count: z.number().int(),
  }),
  enrollment_stats: z.object({
    total_enrollments: z.number().int(),
    completed: z.number().int(),
    in_progress: z.number().int(),
    not_started: z.number().int(),
    avg_progress: z.number(),
    revenue: z.number(),
    recent_enrollments: z.number().int(),
  }),
  lesson_analytics: z.array(
    z.object({
      lesson_id: IdSchema,
      lesson_title: z.string(),
      order: z.number().int(),
      completions: z.number().int(),
      /** completions / enrollments, in %, one decimal */
      completion_rate: z.number(),
    }),
  ),
  /** from assessment's events: every quiz of the course, attempts, average and pass rate */
  quiz_analytics: z.array(
    z.object({ quiz_id: IdSchema, quiz_title: z.string(), total_attempts: z.number().int(), avg_score: z.number(), pass_rate: z.number() }),
  ),
  /** the last ACTIVITY_WEEKS weeks of the course, oldest first */
  weekly_activity: z.array(WeeklyActivitySchema),
  /** attempts at the course's live quizzes in ten score bands of 10 points */
  score_distribution: z.array(ScoreBucketSchema),
});

export const ContentLibrarySchema = z.object({
  lesson_templates: z.array(
    z.object({
      id: IdSchema,
      title: z.string(),
      content: z.string(),
      content_type: z.enum(LESSON_CONTENT_TYPES),
      course_id: IdSchema,
      course_title: z.string(),
      /** the content items of the lesson's course */
      materials: z.array(z.object({ id: IdSchema, type: z.enum(CONTENT_ITEM_TYPES), title: z.string(), url: z.string().nullable() })),
      video_chapters: z.array(z.object({ title: z.string(), start_minute: z.number().int() })),
    }),
  ),
  /** the caller's quizzes, from assessment's events */
  quiz_templates: z.array(z.object({ id: IdSchema, title: z.string(), question_count: z.number().int() })),
});

// ------------------------------------------------------------------ institution

export const InstitutionCourseAnalyticsSchema = z.object({
  overview: z.object({
    total_courses: z.number().int(),
    total_enrollments: z.number().int(),
    /** share of enrollments that reached 100%, in %, one decimal */
    completion_rate: z.number(),
    total_revenue: z.number(),
  }),
  course_performance: z.array(
    z.object({
      id: IdSchema,
      title: z.string(),
      enrollments: z.number().int(),
      completion_rate: z.number(),
      revenue: z.number(),
      category: z.enum(BROWSE_CATEGORIES),
    }),
  ),
});

// ------------------------------------------------------------------ knowledge hub

export const KnowledgeResourceSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  resource_type: z.enum(KNOWLEDGE_RESOURCE_TYPES),
  category: z.enum(KNOWLEDGE_CATEGORIES),
  tags: z.array(z.string()),
  /** where the file is served (`/api/knowledge-hub/resources/{id}/file`, add `?token=`), or null */
  file_path: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  mime_type: z.string().nullable(),
  uploaded_by: IdSchema,
  uploader_name: z.string(),
  created_at: IsoString,
});
export const KnowledgeListQuery = z.object({
  category: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(KNOWLEDGE_CATEGORIES, { error: 'Unknown category' }).optional(),
  ),
  search: z.preprocess(blankToUndefined, z.string().trim().max(200, 'The search is too long').optional()),
  limit: pageLimit,
  offset: pageOffset,
});
/** Tags arrive as a comma-separated text (or a JSON array text) from the form. */
const TagsField = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v;
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    }
    return s.split(',');
  },
  z
    .array(z.string().trim().max(50, 'A tag is too long'))
    .max(20, 'At most 20 tags')
    .transform((tags) => [...new Set(tags.filter(Boolean))]),
);
/** POST /knowledge-hub/resources (multipart). A file is required except for an article. */
export const KnowledgeResourceCreateRequest = z.object({
  title: trimmed('Title', 200),
  description: trimmed('Description', 5000),
  resource_type: z.enum(KNOWLEDGE_RESOURCE_TYPES, { error: 'Resource type must be pdf, article, podcast or video' }),
  category: z.enum(KNOWLEDGE_CATEGORIES, { error: 'Unknown category' }),
  tags: TagsField.default([]),
  file: UploadedFileRef.optional(),
});

// ------------------------------------------------------------------ background job and bus-only calls

/** The data of a certificate-render job (JOBS.certificateRender in jobs.ts). */
export const CertificateJob = z.object({
  certificate_id: IdSchema,
  user_id: IdSchema,
  course_id: IdSchema,
  learner_name: z.string(),
  course_title: z.string(),
  instructor_name: z.string(),
  completed_at: IsoString,
  verification_code: z.string(),
  /** printed on the certificate: where anyone can check the code */
  verify_url: z.string(),
  request_id: z.string().optional(),
});
export type CertificateJobData = z.infer<typeof CertificateJob>;
export const CertificateJobResult = z.object({ storage_key: z.string() });
export const certificateStorageKey = (certificateId: string): string => `certificates/${certificateId}.pdf`;
/** The SPA's public verification page of a code (printed on the certificate after PUBLIC_URL). */
export const certificateVerifyPath = (code: string): string => `/certificates/verify/${encodeURIComponent(code)}`;

export const CertificateRenderedRequest = z.object({ certificate_id: IdSchema, storage_key: z.string().min(1) });
/**
 * What another service asks catalog when its read model lacks a fact that decides access
 * (read your own writes: a learner who just enrolled, a course just created).
 */
export const CourseAccessFactsRequest = z.object({ course_id: IdSchema, user_id: IdSchema.optional() });
export const CourseAccessFactsResponse = z.object({
  course: z
    .object({ id: IdSchema, title: z.string(), instructor_id: IdSchema, institution_id: IdSchema.nullable(), is_published: z.boolean() })
    .nullable(),
  /** completion_percentage: the learner's progress in the course now (assessments unlock at 100%) */
  enrollment: z.object({ enrollment_id: IdSchema, enrolled_at: z.string(), completion_percentage: z.number() }).nullable(),
});
export type CourseAccessFacts = z.infer<typeof CourseAccessFactsResponse>;

/** `user_id`: the buyer, so one call also says whether they are enrolled already */
export const CoursePricingRequest = z.object({ course_id: IdSchema, user_id: IdSchema.optional() });
export const CoursePricingResponse = z.object({
  course_id: IdSchema,
  title: z.string(),
  price: z.number(),
  instructor_id: IdSchema,
  is_published: z.boolean(),
  /** the buyer named in the request is enrolled (false without one) */
  enrolled: z.boolean(),
});

export const OwnerUsageRequest = z.object({ user_id: IdSchema });
/** an author's courses (drafts included) and distinct enrolled students */
export const OwnerUsageResponse = z.object({ courses: z.number().int(), students: z.number().int() });

export const SeedCourseRequest = z.object({
  instructor_id: IdSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  price: z.number().min(0),
  category: z.enum(BROWSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  is_published: z.boolean(),
  thumbnail: z.string().nullable().default(null),
  lessons: z
    .array(
      z.object({
        title: z.string(),
        description: z.string().default(''),
        content_type: z.enum(LESSON_CONTENT_TYPES),
        content: z.string(),
        duration_minutes: z.number().int().min(1).default(DEFAULT_LESSON_DURATION_MINUTES),
        is_free_preview: z.boolean().default(false),
      }),
    )
    .default([]),
  text_items: z.array(z.object({ title: z.string(), text: z.string() })).default([]),
});
export const SeedCourseResponse = z.object({ id: IdSchema, created: z.boolean() });
export const SeedEnrollmentRequest = z.object({
  course_id: IdSchema,
  user_id: IdSchema,
  /** how many of the course's first lessons to mark complete */
  completed_lessons: z.number().int().min(0).default(0),
  review: z
    .object({ rating: z.number().int().min(1).max(5), comment: z.string() })
    .nullable()
    .default(null),
});
export const SeedEnrollmentResponse = z.object({ enrollment_id: IdSchema, created: z.boolean() });
export const SeedMessageRequest = z.object({
  sender_id: IdSchema,
  recipient_id: IdSchema,
  course_id: IdSchema.nullable(),
  subject: z.string(),
  message: z.string(),
});
export const SeedMessageResponse = z.object({ id: IdSchema, created: z.boolean() });

export const EnrollMembersRequest = z.object({
  institution_id: IdSchema,
  course_id: IdSchema,
  user_ids: z.array(IdSchema).min(1).max(BULK_IMPORT_BATCH_MAX),
});
export const EnrollMembersReply = z.object({
  /** one per user id, in order: created false when the user was already enrolled */
  enrollments: z.array(z.object({ user_id: IdSchema, enrollment_id: IdSchema, created: z.boolean() })),
});

// ------------------------------------------------------------------ announcements

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;
/** the largest page of catalogInternal.courseLearners: 10,000 learners are two requests */
export const COURSE_LEARNERS_PAGE_MAX = 5000;

export const CourseAnnouncementSchema = z.object({
  id: IdSchema,
  course_id: IdSchema,
  title: z.string(),
  message: z.string(),
  posted_by: IdSchema,
  posted_by_name: z.string(),
  created_at: IsoString,
});
export type CourseAnnouncement = z.infer<typeof CourseAnnouncementSchema>;
export const AnnouncementCreateRequest = z.object({
  title: trimmed('Title', ANNOUNCEMENT_TITLE_MAX),
  message: trimmed('Message', ANNOUNCEMENT_MESSAGE_MAX),
});
export const AnnouncementCreateResponse = z.object({
  announcement: CourseAnnouncementSchema,
  message: z.literal('Announcement posted'),
});
export const AnnouncementListQuery = z.object({ limit: pageLimit, offset: pageOffset });
export const AnnouncementListResponse = z.object({
  announcements: z.array(CourseAnnouncementSchema),
  total: z.number().int(),
});
/** keyset paging by user id over a course's active enrollments (the engagement service's fan-out) */
export const CourseLearnersRequest = z.object({
  course_id: IdSchema,
  /** the last user id of the previous page, null for the first */
  after: IdSchema.nullable(),
  limit: z.number().int().min(1).max(COURSE_LEARNERS_PAGE_MAX),
});
export const CourseLearnersReply = z.object({
  user_ids: z.array(IdSchema),
  /** the `after` of the next page, null when this one was the last */
  next: IdSchema.nullable(),
});
