import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { GROUP_ROLES, POST_TYPES, QA_CATEGORIES } from './constants.js';

const service = 'community' as const;

/**
 * Community's events, through the outbox. Gamification will award XP from the question,
 * answer, join and message events; the gateway's live feed forwards the message, post and
 * answer events to the people looking at that page, and a direct message and its reading to
 * the one person each concerns (/live/me).
 */
export const communityEvents = {
  groupJoined: defineEvent({
    name: 'community.group.joined',
    service,
    summary: 'A person became a member of a study group (created it, joined it, accepted an invitation, or was added as a test member)',
    schema: z.object({
      v: z.literal(1),
      group_id: z.string(),
      user_id: z.string(),
      role: z.enum(GROUP_ROLES),
      via: z.enum(['created', 'joined', 'invitation', 'test']),
      joined_at: z.string(),
    }),
  }),
  messagePosted: defineEvent({
    name: 'community.message.posted',
    service,
    summary: "A message was posted in a study group: the live feed shows it to the group's members looking at it",
    schema: z.object({
      v: z.literal(1),
      message_id: z.string(),
      group_id: z.string(),
      author_id: z.string(),
      author_name: z.string(),
      content: z.string(),
      created_at: z.string(),
    }),
  }),
  forumPostCreated: defineEvent({
    name: 'community.forum-post.created',
    service,
    summary: "A discussion or question was posted in a study group's Group Discussions: the live feed shows it to the group's members",
    schema: z.object({
      v: z.literal(1),
      post_id: z.string(),
      group_id: z.string(),
      author_id: z.string(),
      author_name: z.string(),
      title: z.string(),
      post_type: z.enum(POST_TYPES),
      created_at: z.string(),
    }),
  }),
  questionAsked: defineEvent({
    name: 'community.question.asked',
    service,
    summary: 'A question (or discussion) was posted in the global Q&A forum',
    schema: z.object({
      v: z.literal(1),
      question_id: z.string(),
      author_id: z.string(),
      title: z.string(),
      category: z.enum(QA_CATEGORIES),
      post_type: z.enum(POST_TYPES),
      asked_at: z.string(),
    }),
  }),
  answerPosted: defineEvent({
    name: 'community.answer.posted',
    service,
    summary: 'A question got an answer: the live feed shows it to everyone looking at the question',
    schema: z.object({
      v: z.literal(1),
      answer_id: z.string(),
      question_id: z.string(),
      question_author_id: z.string(),
      author_id: z.string(),
      author_name: z.string(),
      created_at: z.string(),
    }),
  }),
  answerAccepted: defineEvent({
    name: 'community.answer.accepted',
    service,
    summary: "A question's author accepted an answer",
    schema: z.object({
      v: z.literal(1),
      answer_id: z.string(),
      question_id: z.string(),
      answer_author_id: z.string(),
      accepted_by: z.string(),
      accepted_at: z.string(),
    }),
  }),
  answerUnaccepted: defineEvent({
    name: 'community.answer.unaccepted',
    service,
    summary: "An accepted answer stopped being accepted: its question's author accepted another one, or the question was deleted",
    schema: z.object({
      v: z.literal(1),
      answer_id: z.string(),
      question_id: z.string(),
      answer_author_id: z.string(),
      reason: z.enum(['another_accepted', 'question_deleted']),
      unaccepted_at: z.string(),
    }),
  }),
  answerUpvoted: defineEvent({
    name: 'community.answer.upvoted',
    service,
    summary: 'An answer got an upvote (not when an upvote is taken back)',
    schema: z.object({
      v: z.literal(1),
      answer_id: z.string(),
      question_id: z.string(),
      answer_author_id: z.string(),
      voter_id: z.string(),
      upvoted_at: z.string(),
    }),
  }),
  directMessageSent: defineEvent({
    name: 'community.direct-message.sent',
    service,
    summary:
      "A direct message was sent: the recipient's live feed (/live/me) shows it arrive, and the notification centre tells the recipient once per conversation while unread",
    schema: z.object({
      v: z.literal(1),
      message_id: z.string(),
      /** the recipient: the key of their /live/me feed */
      user_id: z.string(),
      sender_id: z.string(),
      sender_name: z.string(),
      content: z.string(),
      context: z.string().nullable(),
      /** the oldest message from this sender the recipient has not read (this one when all before were read): a run of unread messages shares it */
      unread_since_id: z.string(),
      sent_at: z.string(),
    }),
  }),
  directMessagesRead: defineEvent({
    name: 'community.direct-messages.read',
    service,
    summary: 'A person opened a conversation and read its unread messages: the sender\'s live feed (/live/me) shows "Seen"',
    schema: z.object({
      v: z.literal(1),
      /** the sender of the messages read: the key of their /live/me feed */
      user_id: z.string(),
      reader_id: z.string(),
      /** the newest message marked read: everything sent to the reader up to it is read */
      last_message_id: z.string(),
      count: z.number().int().min(1),
      read_at: z.string(),
    }),
  }),
  invitationSent: defineEvent({
    name: 'community.invitation.sent',
    service,
    summary: 'An invitation was sent or resent: community has the worker e-mail it (a job per sending, so a replay sends once)',
    schema: z.object({
      v: z.literal(1),
      invitation_id: z.string(),
      /** counts the sendings (1 on send, +1 per resend): the e-mail job's id */
      sending: z.number().int().min(1),
      group_id: z.string(),
      group_name: z.string(),
      email: z.string(),
      invited_by_name: z.string(),
      message: z.string().nullable(),
      /** the signed link, absolute */
      link: z.string(),
      expires_at: z.string(),
    }),
  }),
} as const;
