import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';
import { UploadedFileRef } from '../catalog/schemas.js';
import {
  ASSIGNABLE_GROUP_ROLES,
  GROUP_BAN_KINDS,
  GROUP_BAN_LIFTS,
  GROUP_BAN_REASON_MAX_CHARS,
  GROUP_FORUM_CATEGORIES,
  GROUP_MAX_MEMBERS,
  GROUP_PRIVACY,
  GROUP_ROLES,
  INVITATION_STATUSES,
  POST_TYPES,
  QA_CATEGORIES,
  QA_MAX_TAGS,
  QA_TAG_MAX_CHARS,
  STUDY_GROUP_CATEGORIES,
} from './constants.js';

/**
 * Community's shapes: study groups and their workspace (members, invitations, messages,
 * files, events, Group Discussions), direct messages and the global Q&A forum. Names of
 * people come from community's users read model; a deleted account shows as 'Deleted user'.
 */

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} cannot exceed ${max} characters`);

// ---------- study groups ----------

export const StudyGroupCategorySchema = z.enum(STUDY_GROUP_CATEGORIES, { error: 'Choose one of the group categories' });
export const GroupPrivacySchema = z.enum(GROUP_PRIVACY, { error: "Privacy must be 'public' or 'private'" });
export const GroupRoleSchema = z.enum(GROUP_ROLES);

export const StudyGroupSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  category: StudyGroupCategorySchema,
  max_members: z.number().int(),
  privacy: GroupPrivacySchema,
  member_count: z.number().int(),
  creator_id: IdSchema,
  creator_name: z.string(),
  /** the caller's role in the group, null when not a member */
  user_role: GroupRoleSchema.nullable(),
  is_creator: z.boolean(),
  is_member: z.boolean(),
  /** the caller is suspended in this group (reads, cannot post), also after leaving and joining again */
  is_suspended: z.boolean(),
  /** the caller was removed from this group and may join again only through an invitation */
  is_removed: z.boolean(),
  /** the caller may join now: not a member, not removed, the group public and not full */
  can_join: z.boolean(),
  /** the caller holds a pending, unexpired invitation to this group (by e-mail) */
  has_invitation: z.boolean(),
  created_at: IsoDate,
});
export type StudyGroup = z.infer<typeof StudyGroupSchema>;

export const GroupMemberSchema = z.object({
  /** the member's user id (what remove-member, suspend-member and promote-member take) */
  id: IdSchema,
  name: z.string(),
  /** shown to the group's creator and moderators only, null for the others */
  email: z.string().nullable(),
  role: GroupRoleSchema,
  is_suspended: z.boolean(),
  joined_at: IsoDate,
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** GET /study-groups/{id}: the group, and its members for its members (empty for the others) */
export const StudyGroupDetailSchema = StudyGroupSchema.extend({ members: z.array(GroupMemberSchema) });
export type StudyGroupDetail = z.infer<typeof StudyGroupDetailSchema>;

export const MyGroupsResponse = z.object({ created_groups: z.array(StudyGroupSchema), joined_groups: z.array(StudyGroupSchema) });
export const BrowseGroupsQuery = z.object({
  category: StudyGroupCategorySchema.optional(),
  /** matches the group's name (and description), case-insensitive */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const BrowseGroupsResponse = z.object({ groups: z.array(StudyGroupSchema), total: z.number().int() });

const maxMembers = z.coerce
  .number({ error: `Max members must be a number from ${GROUP_MAX_MEMBERS.min} to ${GROUP_MAX_MEMBERS.max}` })
  .int(`Max members must be a whole number`)
  .min(GROUP_MAX_MEMBERS.min, `Max members must be at least ${GROUP_MAX_MEMBERS.min}`)
  .max(GROUP_MAX_MEMBERS.max, `Max members cannot exceed ${GROUP_MAX_MEMBERS.max}`);

export const StudyGroupCreateRequest = z.object({
  name: text('Name', 120),
  description: text('Description', 2000),
  category: StudyGroupCategorySchema,
  max_members: maxMembers.default(GROUP_MAX_MEMBERS.default),
  privacy: GroupPrivacySchema.default('public'),
});
export const StudyGroupUpdateRequest = z.object({
  name: text('Name', 120),
  description: text('Description', 2000),
  category: StudyGroupCategorySchema,
  /** never below the current member count */
  max_members: maxMembers,
  privacy: GroupPrivacySchema,
});

export const MemberActionRequest = z.object({ member_id: IdSchema });
/** why, for the group's creator and moderators (the banned person is not shown it) */
const banReason = z
  .string()
  .trim()
  .max(GROUP_BAN_REASON_MAX_CHARS, `Reason cannot exceed ${GROUP_BAN_REASON_MAX_CHARS} characters`)
  .optional();
/** remove-member: the member leaves the group and is banned from joining again without an invitation */
export const RemoveMemberRequest = MemberActionRequest.extend({ reason: banReason });
/** suspend-member: `suspended` false lifts a suspension */
export const SuspendMemberRequest = MemberActionRequest.extend({ suspended: z.boolean().default(true), reason: banReason });
export const PromoteMemberRequest = MemberActionRequest.extend({
  role: z.enum(ASSIGNABLE_GROUP_ROLES, { error: "Role must be 'moderator' or 'member'" }).default('moderator'),
});
export const MemberActionReply = z.object({ message: z.string(), member: GroupMemberSchema.nullable() });
export const AddTestMembersReply = z.object({ message: z.string(), added_members: z.number().int() });
export const JoinGroupReply = z.object({ message: z.string(), group: StudyGroupSchema });

// ---------- bans (suspensions and removals) ----------

export const GroupBanKindSchema = z.enum(GROUP_BAN_KINDS);
/** A ban as the group's creator and moderators see it: who, what, by whom and when, and how it ended. */
export const GroupBanSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  kind: GroupBanKindSchema,
  reason: z.string().nullable(),
  banned_by_id: IdSchema,
  banned_by_name: z.string(),
  banned_at: IsoDate,
  /** the person is a member of the group now (a suspended member, or one who came back) */
  is_member: z.boolean(),
  /** null while the ban holds */
  lifted_at: IsoDate.nullable(),
  lifted_by_id: IdSchema.nullable(),
  lifted_by_name: z.string().nullable(),
  /** 'invitation': a removed person accepted an invitation (lifted_by is who invited) */
  lifted_via: z.enum(GROUP_BAN_LIFTS).nullable(),
});
export type GroupBan = z.infer<typeof GroupBanSchema>;
export const GroupBansQuery = z.object({
  /** 'active' (default): the bans that hold; 'all': with the lifted ones, the history */
  status: z.enum(['active', 'all']).default('active'),
});
export const GroupBanParams = z.object({ id: IdSchema, banId: IdSchema });
export const LiftBanReply = z.object({ message: z.string(), ban: GroupBanSchema });

// ---------- invitations ----------

export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export const InvitationSchema = z.object({
  id: IdSchema,
  email: z.string(),
  status: InvitationStatusSchema,
  message: z.string().nullable(),
  invited_by_name: z.string(),
  created_at: IsoDate,
  /** when the current link stops working (7 days after it was sent or last resent) */
  expires_at: IsoDate,
  expired: z.boolean(),
  responded_at: IsoDate.nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const SendInvitationRequest = z.object({
  email: z.email({ error: 'A valid e-mail address is required' }).trim().toLowerCase().max(254),
  message: z.string().trim().max(1000, 'Message cannot exceed 1000 characters').optional(),
});
export const InvitationSentReply = z.object({
  message: z.string(),
  invitation: InvitationSchema,
  /** the signed link the e-mail carries (the SPA's /community/invitations/{token}) */
  invitation_link: z.string(),
  expires_in_days: z.number().int(),
});
/** the signed token of an invitation link: `{invitation id}.{expiry seconds}.{signature}` */
export const InvitationTokenParams = z.object({
  token: z.string().trim().min(10, 'Invalid invitation link').max(300, 'Invalid invitation link'),
});
/** GET /invitations/{token}: what the link's page shows before anyone signs in */
export const InvitationPreviewSchema = z.object({
  id: IdSchema,
  email: z.string(),
  status: InvitationStatusSchema,
  expired: z.boolean(),
  expires_at: IsoDate,
  message: z.string().nullable(),
  invited_by_name: z.string(),
  group: z.object({
    id: IdSchema,
    name: z.string(),
    description: z.string(),
    category: StudyGroupCategorySchema,
    privacy: GroupPrivacySchema,
    member_count: z.number().int(),
    max_members: z.number().int(),
  }),
});
export const InvitationAnswerReply = z.object({ message: z.string(), group_id: IdSchema, status: InvitationStatusSchema });

// ---------- the workspace ----------

export const GroupMessageSchema = z.object({
  id: IdSchema,
  group_id: IdSchema,
  author_id: IdSchema,
  author_name: z.string(),
  content: z.string(),
  created_at: IsoDate,
});
export type GroupMessage = z.infer<typeof GroupMessageSchema>;
export const GroupMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** older than this message id (paging back) */
  before: IdSchema.optional(),
});
export const GroupMessageCreateRequest = z.object({ content: text('Message', 4000) });

export const GroupFileSchema = z.object({
  id: IdSchema,
  group_id: IdSchema,
  filename: z.string(),
  /** bytes; the SPA shows Bytes/KB/MB/GB with 2 decimals */
  size: z.number().int(),
  content_type: z.string(),
  uploader_id: IdSchema,
  uploader_name: z.string(),
  uploaded_at: IsoDate,
});
export type GroupFile = z.infer<typeof GroupFileSchema>;
/** POST /study-groups/{id}/files, multipart: `file` (any type, at most 25 MB) */
export const GroupFileUploadRequest = z.object({ file: UploadedFileRef });
export const GroupFileParams = z.object({ id: IdSchema, fileId: IdSchema });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const GroupEventSchema = z.object({
  id: IdSchema,
  group_id: IdSchema,
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:MM, 24-hour */
  time: z.string(),
  meeting_link: z.string().nullable(),
  organizer_id: IdSchema,
  organizer_name: z.string(),
  created_at: IsoDate,
});
export type GroupEvent = z.infer<typeof GroupEventSchema>;
export const GroupEventCreateRequest = z.object({
  title: text('Title', 200),
  date: z.string({ error: 'Date is required' }).regex(DATE, 'Date must be YYYY-MM-DD'),
  time: z.string({ error: 'Time is required' }).regex(TIME, 'Time must be HH:MM'),
  meeting_link: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Meeting link must be an http(s) URL' }).max(500)])
    .optional()
    .transform((v) => v || undefined),
  description: z.string().trim().max(2000, 'Description cannot exceed 2000 characters').default(''),
});

export const PostTypeSchema = z.enum(POST_TYPES, { error: "Post type must be 'discussion' or 'question'" });
export const GroupForumCategorySchema = z.enum(GROUP_FORUM_CATEGORIES, { error: 'Choose one of the forum categories' });
export const ForumPostSchema = z.object({
  id: IdSchema,
  group_id: IdSchema,
  title: z.string(),
  content: z.string(),
  category: GroupForumCategorySchema,
  post_type: PostTypeSchema,
  author_id: IdSchema,
  author_name: z.string(),
  /** the caller may edit and delete it (its author, or an admin) */
  can_edit: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type ForumPost = z.infer<typeof ForumPostSchema>;
export const ForumPostCreateRequest = z.object({
  title: text('Title', 200),
  content: text('Content', 10_000),
  category: GroupForumCategorySchema.default('general'),
  post_type: PostTypeSchema.default('discussion'),
});
export const ForumPostUpdateRequest = z.object({
  title: text('Title', 200),
  content: text('Content', 10_000),
  category: GroupForumCategorySchema.optional(),
});
export const ForumPostParams = z.object({ id: IdSchema, postId: IdSchema });

/** Members panel, Analytics tab: real weekly figures (the spec's fixed '+12%' becomes these) */
export const GroupAnalyticsSchema = z.object({
  member_count: z.number().int(),
  /** members joined in the last 7 days against the 7 days before, as a signed percentage; null when there is nothing to compare */
  member_growth_percent: z.number().nullable(),
  weeks: z.array(
    z.object({ week_start: z.string(), members_joined: z.number().int(), messages: z.number().int(), posts: z.number().int() }),
  ),
  active_members_7d: z.number().int(),
  pending_invitations: z.number().int(),
});

// ---------- direct messages ----------

export const DirectMessageSchema = z.object({
  id: IdSchema,
  sender_id: IdSchema,
  sender_name: z.string(),
  recipient_id: IdSchema,
  recipient_name: z.string(),
  content: z.string(),
  /** where it was sent from, e.g. a study group's id or 'qa' (free text, for the recipient) */
  context: z.string().nullable(),
  created_at: IsoDate,
  /** when the recipient opened the conversation after it arrived (read receipts: "Seen"); null while unread */
  read_at: IsoDate.nullable(),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;
export const DirectMessageCreateRequest = z.object({
  recipient_id: IdSchema,
  content: text('Message', 4000),
  context: z.string().trim().max(200).optional(),
});
export const DirectMessagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

export const DIRECT_MESSAGES_PAGE = { conversations: 20, thread: 30, maxLimit: 100 } as const;
const pageLimit = (byDefault: number) => z.coerce.number().int().min(1).max(DIRECT_MESSAGES_PAGE.maxLimit).default(byDefault);

/** One row of the inbox per other person: their latest message either way and how many of theirs the caller has not read. */
export const ConversationSchema = z.object({
  user_id: IdSchema,
  user_name: z.string(),
  last_message: DirectMessageSchema,
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationsQuery = z.object({
  limit: pageLimit(DIRECT_MESSAGES_PAGE.conversations),
  offset: z.coerce.number().int().min(0).default(0),
});
export const ConversationsResponse = z.object({
  /** the latest conversation first */
  conversations: z.array(ConversationSchema),
  total: z.number().int(),
  /** messages to the caller not yet read, over every conversation (the shell's badge) */
  unread: z.number().int(),
});
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;
export const ConversationParams = z.object({ userId: IdSchema });
export const ThreadQuery = z.object({
  limit: pageLimit(DIRECT_MESSAGES_PAGE.thread),
  /** older than this message of the conversation (paging back: "Load older messages") */
  before: IdSchema.optional(),
});
export const ThreadResponse = z.object({
  user_id: IdSchema,
  user_name: z.string(),
  /** a deleted account keeps its history readable but cannot be answered */
  can_reply: z.boolean(),
  /** the newest `limit` messages older than `before`, oldest first */
  messages: z.array(DirectMessageSchema),
  has_older: z.boolean(),
});
export type ThreadResponse = z.infer<typeof ThreadResponse>;
export const MarkConversationReadResponse = z.object({
  /** the other person's messages this call marked read */
  marked: z.number().int(),
  /** what stays unread over every conversation */
  unread: z.number().int(),
});
export const DirectMessagesUnreadResponse = z.object({ unread: z.number().int() });

// ---------- the global Q&A forum ----------

export const QaCategorySchema = z.enum(QA_CATEGORIES, { error: 'Choose one of the forum categories' });
const tags = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(QA_TAG_MAX_CHARS, `A tag cannot exceed ${QA_TAG_MAX_CHARS} characters`))
      .max(QA_MAX_TAGS, `At most ${QA_MAX_TAGS} tags`),
  )
  .transform((v) => [...new Set(v)]);

export const QaQuestionSchema = z.object({
  id: IdSchema,
  title: z.string(),
  content: z.string(),
  category: QaCategorySchema,
  tags: z.array(z.string()),
  post_type: PostTypeSchema,
  upvotes: z.number().int(),
  answer_count: z.number().int(),
  views: z.number().int(),
  author_id: IdSchema,
  author_name: z.string(),
  is_answered: z.boolean(),
  /** the caller has upvoted it */
  has_upvoted: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type QaQuestion = z.infer<typeof QaQuestionSchema>;
export const QaAnswerSchema = z.object({
  id: IdSchema,
  question_id: IdSchema,
  content: z.string(),
  upvotes: z.number().int(),
  is_accepted: z.boolean(),
  author_id: IdSchema,
  author_name: z.string(),
  has_upvoted: z.boolean(),
  created_at: IsoDate,
});
export type QaAnswer = z.infer<typeof QaAnswerSchema>;

export const QaQuestionsQuery = z.object({
  category: QaCategorySchema.optional(),
  post_type: PostTypeSchema.optional(),
  /** full-text search over title, content and tags, ranked; short terms match by trigram */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export const QaQuestionsResponse = z.object({ questions: z.array(QaQuestionSchema), total: z.number().int() });
export const QaQuestionCreateRequest = z.object({
  title: text('Title', 300),
  content: text('Content', 20_000),
  category: QaCategorySchema.default('general'),
  tags: tags.default([]),
  post_type: PostTypeSchema.default('question'),
});
export const QaQuestionUpdateRequest = z.object({
  title: text('Title', 300),
  content: text('Content', 20_000),
  category: QaCategorySchema.optional(),
});
export const QaQuestionDetailResponse = z.object({ question: QaQuestionSchema, answers: z.array(QaAnswerSchema) });
export const QaAnswerCreateRequest = z.object({ content: text('Answer', 20_000) });
/** an upvote toggles: a second one takes the first back */
export const QaUpvoteReply = z.object({ upvoted: z.boolean(), upvotes: z.number().int() });
export const QaAcceptAnswerReply = z.object({ message: z.string(), answer: QaAnswerSchema });
