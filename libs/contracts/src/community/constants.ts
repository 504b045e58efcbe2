/**
 * Community's constants (spec 3, section 9), declared once: the schemas, the service's rules
 * and the SPA's forms and labels read them from here.
 */

/** Study-group categories: the value is stored, the label is shown. */
export const STUDY_GROUP_CATEGORIES = [
  'programming_development',
  'data_science_analytics',
  'business_entrepreneurship',
  'design_creative_arts',
  'marketing_sales',
  'language_learning',
  'academic_support',
  'career_development',
  'technology_innovation',
  'health_wellness',
] as const;
export type StudyGroupCategory = (typeof STUDY_GROUP_CATEGORIES)[number];
export const STUDY_GROUP_CATEGORY_LABELS: Record<StudyGroupCategory, string> = {
  programming_development: 'Programming & Development',
  data_science_analytics: 'Data Science & Analytics',
  business_entrepreneurship: 'Business & Entrepreneurship',
  design_creative_arts: 'Design & Creative Arts',
  marketing_sales: 'Marketing & Sales',
  language_learning: 'Language Learning',
  academic_support: 'Academic Support',
  career_development: 'Career Development',
  technology_innovation: 'Technology & Innovation',
  health_wellness: 'Health & Wellness',
};

export const GROUP_PRIVACY = ['public', 'private'] as const;
export type GroupPrivacy = (typeof GROUP_PRIVACY)[number];

/** max_members: 5-100, 50 when not given */
export const GROUP_MAX_MEMBERS = { min: 5, max: 100, default: 50 } as const;

export const GROUP_ROLES = ['creator', 'moderator', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** promote-member sets one of these (promotion only to moderator; a moderator can be set back to member) */
export const ASSIGNABLE_GROUP_ROLES = ['moderator', 'member'] as const;

/**
 * A ban recorded on a group: 'suspended' (reads, posts nothing) or 'removed' (out, and joins
 * again only through an invitation). Both outlive leaving and rejoining.
 */
export const GROUP_BAN_KINDS = ['suspended', 'removed'] as const;
export type GroupBanKind = (typeof GROUP_BAN_KINDS)[number];
/** How a ban ended: a moderator or the creator lifted it, or the person accepted an invitation (removals only). */
export const GROUP_BAN_LIFTS = ['moderator', 'invitation'] as const;
export type GroupBanLift = (typeof GROUP_BAN_LIFTS)[number];
export const GROUP_BAN_REASON_MAX_CHARS = 500;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** an invitation link is valid this long after it was sent (or last resent) */
export const INVITATION_TTL_DAYS = 7;
/** the members panel lists this many invitations, the most recent first */
export const RECENT_INVITATIONS_SHOWN = 5;

/** Group forum categories (Group Discussions); general by default. */
export const GROUP_FORUM_CATEGORIES = [
  'general',
  'course_help',
  'assignments',
  'technical',
  'career_advice',
  'study_tips',
  'other',
] as const;
export type GroupForumCategory = (typeof GROUP_FORUM_CATEGORIES)[number];
export const GROUP_FORUM_CATEGORY_LABELS: Record<GroupForumCategory, string> = {
  general: 'General',
  course_help: 'Course Help',
  assignments: 'Assignments',
  technical: 'Technical',
  career_advice: 'Career Advice',
  study_tips: 'Study Tips',
  other: 'Other',
};

/** Global forum (/qa) categories; general by default. */
export const QA_CATEGORIES = ['general', 'programming', 'mathematics', 'science', 'career', 'other'] as const;
export type QaCategory = (typeof QA_CATEGORIES)[number];
export const QA_CATEGORY_LABELS: Record<QaCategory, string> = {
  general: 'General',
  programming: 'Programming',
  mathematics: 'Mathematics',
  science: 'Science',
  career: 'Career',
  other: 'Other',
};

/**
 * A post is a discussion or a question (the spec's "discussions and questions"); the
 * Community Forum tab's Discussions and Q&A sub-tabs filter /qa by it.
 */
export const POST_TYPES = ['discussion', 'question'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** previews of posts and questions are cut at this many characters */
export const PREVIEW_CHARS = 150;
/** at most this many tags on a question, each at most TAG_MAX_CHARS */
export const QA_MAX_TAGS = 5;
export const QA_TAG_MAX_CHARS = 30;

/** a group file may be at most this large (any type; served as a download to members only) */
export const GROUP_FILE_MAX_BYTES = 25 * 1024 * 1024;

/** Add Test Members adds this many generated members (never in production) */
export const TEST_MEMBERS_ADDED = 3;
