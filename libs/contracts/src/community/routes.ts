/**
 * Community's routes: study groups and their workspace, invitations, direct messages and the
 * global Q&A forum. One declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Besides ROUTES.md: GET /invitations/{token} (public: the invitation link's page shows the
 * group before the person signs in or registers), POST /invitations/{token}/accept and
 * /decline, GET /study-groups/{id}/analytics (the members panel's Analytics tab, real weekly
 * figures), GET /messages (the caller's direct messages, sent and received), and the bans
 * (issue 24): GET /study-groups/{id}/bans and POST /study-groups/{id}/bans/{banId}/lift.
 */
import { defineRoute } from '../common/route.js';
import { FileRefSchema } from '../common/route.js';
import { IdParams, MessageResponse } from '../common/ids.js';
import { z } from 'zod';
import * as s from './schemas.js';

const service = 'community' as const;
const WRITE = { limit: 60, windowSeconds: 60, per: 'user' } as const;

export const communityRoutes = {
  // ---------- study groups ----------
  myGroups: defineRoute({
    subject: 'community.group.mine', service, method: 'GET', path: '/study-groups/my', guard: 'any',
    summary: 'The groups the caller created and the groups the caller joined', response: s.MyGroupsResponse,
  }),
  browseGroups: defineRoute({
    subject: 'community.group.browse', service, method: 'GET', path: '/study-groups/browse', guard: 'any',
    summary: 'Groups to browse by category and name (public ones, and private ones the caller belongs to or is invited to), with the card state for the caller',
    query: s.BrowseGroupsQuery, response: s.BrowseGroupsResponse,
  }),
  createGroup: defineRoute({
    subject: 'community.group.create', service, method: 'POST', path: '/study-groups', guard: 'any',
    summary: 'Creates a study group; the caller becomes its creator (max members 5-100, default 50; public by default)',
    body: s.StudyGroupCreateRequest, response: s.StudyGroupSchema, successStatus: 201, rateLimit: { limit: 20, windowSeconds: 3600, per: 'user' },
  }),
  getGroup: defineRoute({
    subject: 'community.group.get', service, method: 'GET', path: '/study-groups/{id}', guard: 'any',
    summary: "A group with its members (members only see the member list; a private group is seen by its members and the people invited to it)",
    params: IdParams, response: s.StudyGroupDetailSchema,
  }),
  updateGroup: defineRoute({
    subject: 'community.group.update', service, method: 'PUT', path: '/study-groups/{id}', guard: 'any',
    summary: "Edits a group's settings (its creator only); max members never below the member count", params: IdParams, body: s.StudyGroupUpdateRequest, response: s.StudyGroupSchema,
  }),
  deleteGroup: defineRoute({
    subject: 'community.group.delete', service, method: 'DELETE', path: '/study-groups/{id}', guard: 'any',
    summary: 'Deletes a group with its messages, files, events, posts and invitations (its creator only)', params: IdParams, response: MessageResponse,
  }),
  joinGroup: defineRoute({
    subject: 'community.group.join', service, method: 'POST', path: '/study-groups/{id}/join', guard: 'any',
    summary: 'Joins a public group that is not full (a private group is joined through an invitation)', params: IdParams, response: s.JoinGroupReply,
  }),
  leaveGroup: defineRoute({
    subject: 'community.group.leave', service, method: 'POST', path: '/study-groups/{id}/leave', guard: 'any',
    summary: 'Leaves a group (its creator cannot leave; the creator deletes the group instead)', params: IdParams, response: MessageResponse,
  }),
  removeMember: defineRoute({
    subject: 'community.member.remove', service, method: 'POST', path: '/study-groups/{id}/remove-member', guard: 'any',
    summary: 'Removes a member and records the removal as a ban: the person joins again only through an invitation sent after it (the creator, or a moderator removing a plain member; never the creator)',
    params: IdParams, body: s.RemoveMemberRequest, response: s.MemberActionReply,
  }),
  suspendMember: defineRoute({
    subject: 'community.member.suspend', service, method: 'POST', path: '/study-groups/{id}/suspend-member', guard: 'any',
    summary: 'Suspends a member or lifts the suspension (the creator, or a moderator for a plain member; never the creator); a suspended member reads but cannot post, also after leaving and joining again',
    params: IdParams, body: s.SuspendMemberRequest, response: s.MemberActionReply,
  }),
  promoteMember: defineRoute({
    subject: 'community.member.promote', service, method: 'POST', path: '/study-groups/{id}/promote-member', guard: 'any',
    summary: 'Makes a member a moderator, or a moderator a member again (the creator only; the creator cannot be demoted)', params: IdParams, body: s.PromoteMemberRequest, response: s.MemberActionReply,
  }),
  addTestMembers: defineRoute({
    subject: 'community.member.add-test', service, method: 'POST', path: '/study-groups/{id}/add-test-members', guard: 'any',
    summary: 'Development data only: adds generated members to the group (the creator only; refused in production)', params: IdParams, response: s.AddTestMembersReply,
  }),
  groupBans: defineRoute({
    subject: 'community.ban.list', service, method: 'GET', path: '/study-groups/{id}/bans', guard: 'any',
    summary: "A group's suspensions and removals with who banned whom and when, the newest first; with status=all also the lifted ones (the creator and moderators)",
    params: IdParams, query: s.GroupBansQuery, response: z.array(s.GroupBanSchema),
  }),
  liftBan: defineRoute({
    subject: 'community.ban.lift', service, method: 'POST', path: '/study-groups/{id}/bans/{banId}/lift', guard: 'any',
    summary: 'Lifts a suspension or a removal (the creator; a moderator for anyone who is not a moderator; never one\'s own); the ban stays in the history',
    params: s.GroupBanParams, response: s.LiftBanReply, rateLimit: WRITE,
  }),
  groupAnalytics: defineRoute({
    subject: 'community.group.analytics', service, method: 'GET', path: '/study-groups/{id}/analytics', guard: 'any',
    summary: "The members panel's Analytics: members joined, messages and posts per week over 8 weeks, growth and activity (the creator and moderators)", params: IdParams, response: s.GroupAnalyticsSchema,
  }),

  // ---------- invitations ----------
  sendInvitation: defineRoute({
    subject: 'community.invitation.send', service, method: 'POST', path: '/study-groups/{id}/send-invitation', guard: 'any',
    summary: 'Invites a person by e-mail (the creator or a moderator): a signed link valid 7 days, sent as e-mail by the worker',
    params: IdParams, body: s.SendInvitationRequest, response: s.InvitationSentReply, successStatus: 201, rateLimit: { limit: 30, windowSeconds: 3600, per: 'user' },
  }),
  listInvitations: defineRoute({
    subject: 'community.invitation.list', service, method: 'GET', path: '/study-groups/{id}/invitations', guard: 'any',
    summary: "A group's invitations, the most recent first (the creator and moderators)", params: IdParams, response: z.array(s.InvitationSchema),
  }),
  resendInvitation: defineRoute({
    subject: 'community.invitation.resend', service, method: 'POST', path: '/invitations/{id}/resend', guard: 'any',
    summary: 'Sends a pending invitation again with a fresh 7-day link (only pending ones)', params: IdParams, response: s.InvitationSentReply, rateLimit: { limit: 30, windowSeconds: 3600, per: 'user' },
  }),
  invitationPreview: defineRoute({
    subject: 'community.invitation.preview', service, method: 'GET', path: '/invitations/{token}', guard: 'public',
    summary: "What an invitation link's page shows before the person signs in: the group, who invited, whether the link still works",
    params: s.InvitationTokenParams, response: s.InvitationPreviewSchema, rateLimit: { limit: 60, windowSeconds: 60 },
  }),
  acceptInvitation: defineRoute({
    subject: 'community.invitation.accept', service, method: 'POST', path: '/invitations/{token}/accept', guard: 'any',
    summary: 'Accepts an invitation: the signed-in holder of the link joins the group (even a private one; not when it is full or the link expired)',
    params: s.InvitationTokenParams, response: s.InvitationAnswerReply,
  }),
  declineInvitation: defineRoute({
    subject: 'community.invitation.decline', service, method: 'POST', path: '/invitations/{token}/decline', guard: 'any',
    summary: 'Declines an invitation', params: s.InvitationTokenParams, response: s.InvitationAnswerReply,
  }),

  // ---------- the workspace (members only) ----------
  groupMessages: defineRoute({
    subject: 'community.message.list', service, method: 'GET', path: '/study-groups/{id}/messages', guard: 'any',
    summary: "A group's messages, oldest first among the latest `limit` (members only)", params: IdParams, query: s.GroupMessagesQuery, response: z.array(s.GroupMessageSchema),
  }),
  postGroupMessage: defineRoute({
    subject: 'community.message.post', service, method: 'POST', path: '/study-groups/{id}/messages', guard: 'any',
    summary: 'Posts a message to the group (members who are not suspended); everyone looking at the group sees it appear', params: IdParams, body: s.GroupMessageCreateRequest, response: s.GroupMessageSchema, successStatus: 201, rateLimit: WRITE,
  }),
  groupFiles: defineRoute({
    subject: 'community.file.list', service, method: 'GET', path: '/study-groups/{id}/files', guard: 'any',
    summary: "A group's files, newest first (members only)", params: IdParams, response: z.array(s.GroupFileSchema),
  }),
  uploadGroupFile: defineRoute({
    subject: 'community.file.upload', service, method: 'POST', path: '/study-groups/{id}/files', guard: 'any',
    summary: 'Uploads a file to the group (multipart `file`, at most 25 MB; members who are not suspended)', params: IdParams, body: s.GroupFileUploadRequest, bodyKind: 'form', response: s.GroupFileSchema, successStatus: 201,
    rateLimit: { limit: 30, windowSeconds: 300, per: 'user' },
  }),
  downloadGroupFile: defineRoute({
    subject: 'community.file.download', service, method: 'GET', path: '/study-groups/{id}/files/{fileId}/download', guard: 'any',
    summary: "Downloads a group's file (members only)", params: s.GroupFileParams, response: FileRefSchema, responseKind: 'file', fileDisposition: 'attachment',
  }),
  groupEvents: defineRoute({
    subject: 'community.event.list', service, method: 'GET', path: '/study-groups/{id}/events', guard: 'any',
    summary: "A group's events, soonest first (members only)", params: IdParams, response: z.array(s.GroupEventSchema),
  }),
  createGroupEvent: defineRoute({
    subject: 'community.event.create', service, method: 'POST', path: '/study-groups/{id}/events', guard: 'any',
    summary: 'Schedules a group event: title, date, time, optional meeting link and description (members who are not suspended)', params: IdParams, body: s.GroupEventCreateRequest, response: s.GroupEventSchema, successStatus: 201, rateLimit: WRITE,
  }),
  groupPosts: defineRoute({
    subject: 'community.post.list', service, method: 'GET', path: '/study-groups/{id}/forum-posts', guard: 'any',
    summary: "A group's discussions and questions, newest first (members only)", params: IdParams, response: z.array(s.ForumPostSchema),
  }),
  createGroupPost: defineRoute({
    subject: 'community.post.create', service, method: 'POST', path: '/study-groups/{id}/forum-posts', guard: 'any',
    summary: 'Starts a discussion or asks a question in the group (members who are not suspended)', params: IdParams, body: s.ForumPostCreateRequest, response: s.ForumPostSchema, successStatus: 201, rateLimit: WRITE,
  }),
  updateGroupPost: defineRoute({
    subject: 'community.post.update', service, method: 'PUT', path: '/study-groups/{id}/forum-posts/{postId}', guard: 'any',
    summary: 'Edits a group post (its author or an admin)', params: s.ForumPostParams, body: s.ForumPostUpdateRequest, response: s.ForumPostSchema,
  }),
  deleteGroupPost: defineRoute({
    subject: 'community.post.delete', service, method: 'DELETE', path: '/study-groups/{id}/forum-posts/{postId}', guard: 'any',
    summary: 'Deletes a group post (its author or an admin)', params: s.ForumPostParams, response: MessageResponse,
  }),

  // ---------- direct messages ----------
  sendDirectMessage: defineRoute({
    subject: 'community.dm.send', service, method: 'POST', path: '/messages', guard: 'any',
    summary: 'Sends a direct message to another user', body: s.DirectMessageCreateRequest, response: s.DirectMessageSchema, successStatus: 201, rateLimit: WRITE,
  }),
  directMessages: defineRoute({
    subject: 'community.dm.list', service, method: 'GET', path: '/messages', guard: 'any',
    summary: "The caller's direct messages, sent and received, newest first", query: s.DirectMessagesQuery, response: z.array(s.DirectMessageSchema),
  }),

  // ---------- the global Q&A forum ----------
  listQuestions: defineRoute({
    subject: 'community.question.list', service, method: 'GET', path: '/qa/questions', guard: 'any',
    summary: 'Questions and discussions, newest first or ranked by relevance when searching (full-text, trigram for short terms), by category and post type',
    query: s.QaQuestionsQuery, response: s.QaQuestionsResponse,
  }),
  askQuestion: defineRoute({
    subject: 'community.question.ask', service, method: 'POST', path: '/qa/questions', guard: 'any',
    summary: 'Asks a question or starts a discussion (category, tags)', body: s.QaQuestionCreateRequest, response: s.QaQuestionSchema, successStatus: 201, rateLimit: { limit: 20, windowSeconds: 300, per: 'user' },
  }),
  getQuestion: defineRoute({
    subject: 'community.question.get', service, method: 'GET', path: '/qa/questions/{id}', guard: 'any',
    summary: "A question with its answers, accepted first then by upvotes; counts the caller's view once", params: IdParams, response: s.QaQuestionDetailResponse,
  }),
  updateQuestion: defineRoute({
    subject: 'community.question.update', service, method: 'PUT', path: '/qa/questions/{id}', guard: 'any',
    summary: 'Edits a question (its author or an admin)', params: IdParams, body: s.QaQuestionUpdateRequest, response: s.QaQuestionSchema,
  }),
  deleteQuestion: defineRoute({
    subject: 'community.question.delete', service, method: 'DELETE', path: '/qa/questions/{id}', guard: 'any',
    summary: 'Deletes a question with its answers (its author or an admin)', params: IdParams, response: MessageResponse,
  }),
  upvoteQuestion: defineRoute({
    subject: 'community.question.upvote', service, method: 'POST', path: '/qa/questions/{id}/upvote', guard: 'any',
    summary: "Upvotes a question, or takes the caller's upvote back (one per user; not one's own)", params: IdParams, response: s.QaUpvoteReply, rateLimit: WRITE,
  }),
  postAnswer: defineRoute({
    subject: 'community.answer.post', service, method: 'POST', path: '/qa/questions/{id}/answers', guard: 'any',
    summary: 'Answers a question; everyone looking at it sees the answer appear', params: IdParams, body: s.QaAnswerCreateRequest, response: s.QaAnswerSchema, successStatus: 201, rateLimit: WRITE,
  }),
  upvoteAnswer: defineRoute({
    subject: 'community.answer.upvote', service, method: 'POST', path: '/qa/answers/{id}/upvote', guard: 'any',
    summary: "Upvotes an answer, or takes the caller's upvote back (one per user; not one's own)", params: IdParams, response: s.QaUpvoteReply, rateLimit: WRITE,
  }),
  acceptAnswer: defineRoute({
    subject: 'community.answer.accept', service, method: 'POST', path: '/qa/answers/{id}/accept', guard: 'any',
    summary: "Accepts an answer (the question's author only); accepting another one moves the mark", params: IdParams, response: s.QaAcceptAnswerReply,
  }),
} as const;
