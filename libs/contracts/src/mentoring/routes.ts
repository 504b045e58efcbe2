/**
 * Mentoring's routes: one declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Besides ROUTES.md: GET and PUT /mentor/profile (the spec's Profile tab placeholder made
 * real: the mentor edits the profile learners see) and GET and PUT /mentor/availability (the
 * weekly schedule the spec calls "coming soon"), DELETE /mentor/time-off/{id}, GET
 * /mentors/{userId}/slots (the booking page's free times), GET /sessions/{id}, POST
 * /sessions/{id}/cancel and POST /sessions/{id}/no-show (the lifecycle the issue asks for),
 * GET /mentor/sessions/{id}/notes and DELETE /mentor/resources/{id}.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { defineInternal } from '../common/bus-access.js';
import { BotReadRequest } from '../common/bot-reads.js';
import { IdParams, IdSchema, MessageResponse } from '../common/ids.js';
import * as s from './schemas.js';

const service = 'mentoring' as const;
const WRITE = { limit: 60, windowSeconds: 60, per: 'user' } as const;

export const mentoringRoutes = {
  listMentors: defineRoute({
    subject: 'mentoring.mentor.list',
    service,
    method: 'GET',
    path: '/mentors',
    guard: 'any',
    summary:
      'Mentors with a published profile: search over name, bio and expertise, an expertise filter and the price bands (under 50, 50-100, over 100 per hour, in the chosen currency); best rated first',
    query: s.MentorListQuery,
    response: s.MentorListResponse,
  }),
  mentorProfile: defineRoute({
    subject: 'mentoring.mentor.profile',
    service,
    method: 'GET',
    path: '/mentors/profile/{userId}',
    guard: 'any',
    summary: "A mentor's public profile ('Mentor not found' for anyone else, or a mentor who has not published one)",
    params: s.MentorUserParams,
    response: s.MentorProfileSchema,
  }),
  ownProfile: defineRoute({
    subject: 'mentoring.profile.get',
    service,
    method: 'GET',
    path: '/mentor/profile',
    guard: ['mentor'],
    summary: "The caller's own profile, unpublished defaults until the first save",
    response: s.MentorProfileSchema,
  }),
  updateProfile: defineRoute({
    subject: 'mentoring.profile.update',
    service,
    method: 'PUT',
    path: '/mentor/profile',
    guard: ['mentor'],
    summary:
      "Saves (and so publishes) the caller's profile: bio, expertise areas, hourly rate and its currency, experience, languages, time zone, whether bookings are accepted",
    body: s.MentorProfileUpdateRequest,
    response: s.MentorProfileSchema,
    rateLimit: WRITE,
  }),
  availability: defineRoute({
    subject: 'mentoring.availability.get',
    service,
    method: 'GET',
    path: '/mentor/availability',
    guard: ['mentor'],
    summary: "The caller's weekly schedule (in the caller's time zone) and time off",
    response: s.AvailabilitySchema,
  }),
  updateAvailability: defineRoute({
    subject: 'mentoring.availability.update',
    service,
    method: 'PUT',
    path: '/mentor/availability',
    guard: ['mentor'],
    summary: 'Replaces the weekly schedule: slots per weekday, "HH:MM" in the given time zone; slots of one day may not overlap',
    body: s.AvailabilityUpdateRequest,
    response: s.AvailabilitySchema,
    rateLimit: WRITE,
  }),
  requestTimeOff: defineRoute({
    subject: 'mentoring.time-off.create',
    service,
    method: 'POST',
    path: '/mentor/time-off',
    guard: ['mentor'],
    summary: "Blocks whole days (start and end dates included, in the mentor's time zone), once or every year",
    body: s.TimeOffRequest,
    response: s.TimeOffSchema,
    successStatus: 201,
    rateLimit: WRITE,
  }),
  cancelTimeOff: defineRoute({
    subject: 'mentoring.time-off.delete',
    service,
    method: 'DELETE',
    path: '/mentor/time-off/{id}',
    guard: ['mentor'],
    summary: "Removes one of the caller's time-off requests",
    params: IdParams,
    response: MessageResponse,
    rateLimit: WRITE,
  }),
  freeSlots: defineRoute({
    subject: 'mentoring.mentor.slots',
    service,
    method: 'GET',
    path: '/mentors/{userId}/slots',
    guard: 'any',
    summary:
      "A mentor's free start times for a session of the given length: inside the weekly schedule, outside time off and other bookings, at least an hour ahead",
    params: s.MentorUserParams,
    query: s.FreeSlotsQuery,
    response: s.FreeSlotsResponse,
  }),
  bookSession: defineRoute({
    subject: 'mentoring.session.book',
    service,
    method: 'POST',
    path: '/sessions/book',
    guard: ['learner'],
    summary:
      'Books a session: holds the slot (no two bookings of one mentor overlap) and pays through billing: from the wallet at once, or a checkout_url; total = hours x hourly rate, computed here',
    body: s.BookSessionRequest,
    response: s.BookSessionReply,
    successStatus: 201,
    rateLimit: { limit: 20, windowSeconds: 300, per: 'user' },
  }),
  mySessions: defineRoute({
    subject: 'mentoring.session.mine',
    service,
    method: 'GET',
    path: '/sessions/my',
    guard: 'any',
    summary:
      "The caller's sessions (booked as a learner, or held as a mentor), soonest upcoming first, with a status filter (upcoming = scheduled or confirmed)",
    query: s.MySessionsQuery,
    response: s.MySessionsResponse,
  }),
  session: defineRoute({
    subject: 'mentoring.session.get',
    service,
    method: 'GET',
    path: '/sessions/{id}',
    guard: 'any',
    summary: 'One session, to its learner or its mentor (404 to anyone else)',
    params: IdParams,
    response: s.SessionSchema,
  }),
  cancelSession: defineRoute({
    subject: 'mentoring.session.cancel',
    service,
    method: 'POST',
    path: '/sessions/{id}/cancel',
    guard: 'any',
    summary:
      "Cancels an upcoming session (its learner or its mentor): a mentor's cancellation, or a learner's at least 24 hours ahead, refunds the whole amount; a later one by the learner refunds nothing",
    params: IdParams,
    body: s.CancelSessionRequest,
    response: s.SessionSchema,
    rateLimit: WRITE,
  }),
  markNoShow: defineRoute({
    subject: 'mentoring.session.no-show',
    service,
    method: 'POST',
    path: '/sessions/{id}/no-show',
    guard: ['mentor'],
    summary: 'The mentor marks a confirmed session whose start has passed as no_show (the learner did not come; nothing is refunded)',
    params: IdParams,
    response: s.SessionSchema,
    rateLimit: WRITE,
  }),
  rateSession: defineRoute({
    subject: 'mentoring.session.rate',
    service,
    method: 'POST',
    path: '/sessions/{id}/rate',
    guard: ['learner'],
    summary: "Rates a completed session once (1-5, an optional review); the mentor's rating follows",
    params: IdParams,
    body: s.RateSessionRequest,
    response: s.SessionSchema,
    rateLimit: WRITE,
  }),
  analyticsOverview: defineRoute({
    subject: 'mentoring.analytics.overview',
    service,
    method: 'GET',
    path: '/mentor/analytics/overview',
    guard: ['mentor'],
    summary:
      "The mentor's figures over a timeframe (7days, 30days default, 90days, 1year) from real sessions: totals, success rate, revenue and its growth, sessions per week, rating trend, breakdown, peak hours, and series for the charts",
    query: s.TimeframeQuery,
    response: s.MentorAnalyticsSchema,
  }),
  businessIntelligence: defineRoute({
    subject: 'mentoring.analytics.business',
    service,
    method: 'GET',
    path: '/mentor/business-intelligence',
    guard: ['mentor'],
    summary:
      "Pricing by session length, demand by hour and weekday, mentee retention, and rules over the mentor's own figures (optimisation opportunities, growth recommendations), each with the figure behind it",
    query: s.TimeframeQuery,
    response: s.BusinessIntelligenceSchema,
  }),
  menteesProgress: defineRoute({
    subject: 'mentoring.mentee.progress',
    service,
    method: 'GET',
    path: '/mentor/mentees/progress',
    guard: ['mentor'],
    summary: "Every learner the mentor has had a session with: sessions, hours, completion, last session, and the mentor's progress record",
    response: s.MenteesProgressResponse,
  }),
  updateMenteeProgress: defineRoute({
    subject: 'mentoring.mentee.progress-update',
    service,
    method: 'POST',
    path: '/mentor/mentees/{id}/progress',
    guard: ['mentor'],
    summary:
      "Updates the progress record of one of the mentor's mentees (goals, notes, skills developed, areas for improvement, milestones)",
    params: IdParams,
    body: s.MenteeProgressRequest,
    response: s.MenteeProgressSchema,
    rateLimit: WRITE,
  }),
  sessionNotes: defineRoute({
    subject: 'mentoring.session.notes',
    service,
    method: 'GET',
    path: '/mentor/sessions/{id}/notes',
    guard: ['mentor'],
    summary: "The notes of one of the mentor's sessions (404 when none yet)",
    params: IdParams,
    response: s.SessionNotesSchema,
  }),
  addSessionNotes: defineRoute({
    subject: 'mentoring.session.notes-save',
    service,
    method: 'POST',
    path: '/mentor/sessions/{id}/notes',
    guard: ['mentor'],
    summary:
      "Saves the notes of one of the mentor's completed sessions (notes, action items, next goals, mentee progress, resources shared); saving again replaces them",
    params: IdParams,
    body: s.SessionNotesRequest,
    response: s.SessionNotesSchema,
    rateLimit: WRITE,
  }),
  resources: defineRoute({
    subject: 'mentoring.resource.list',
    service,
    method: 'GET',
    path: '/mentor/resources',
    guard: ['mentor'],
    summary: "The mentor's resources in the spec's four sections (documents, videos, tools, templates)",
    response: s.ResourcesResponse,
  }),
  addResource: defineRoute({
    subject: 'mentoring.resource.create',
    service,
    method: 'POST',
    path: '/mentor/resources',
    guard: ['mentor'],
    summary: 'Adds a resource (a link or content; tags; public or private)',
    body: s.ResourceCreateRequest,
    response: s.ResourceSchema,
    successStatus: 201,
    rateLimit: WRITE,
  }),
  deleteResource: defineRoute({
    subject: 'mentoring.resource.delete',
    service,
    method: 'DELETE',
    path: '/mentor/resources/{id}',
    guard: ['mentor'],
    summary: "Deletes one of the mentor's resources",
    params: IdParams,
    response: MessageResponse,
    rateLimit: WRITE,
  }),
} as const;

/** Bus-only subjects: billing's pricing of a session, the worker's schedule, the demo data. */
export const mentoringInternal = {
  /** /deadlines in the Telegram bot: the user's upcoming sessions (as GET /sessions/my?status=upcoming), soonest first */
  botSessions: defineInternal({
    subject: 'mentoring.bot.sessions',
    request: BotReadRequest,
    response: s.MySessionsResponse,
    callers: ['telegram-bot'],
  }),
  /**
   * demo data: moves a confirmed session `days_ago` into the past (its length kept), so the
   * maintenance job completes it as if it had taken place
   */
  backdateSession: defineInternal({
    subject: 'mentoring.seed.backdate-session',
    request: z.object({ session_id: IdSchema, days_ago: z.number().int().min(1).max(365) }),
    response: z.object({ session_id: IdSchema, scheduled_at: z.string() }),
    callers: ['seed'],
    devOnly: true,
  }),
  /** billing prices a session payment here (the amount is never the browser's) */
  sessionPricing: defineInternal({
    subject: 'mentoring.session.pricing',
    request: s.SessionPricingRequest,
    response: s.SessionPricingResponse,
    callers: ['billing'],
  }),
  /** scheduled: unpaid bookings past their hold are cancelled (the slot freed); confirmed sessions past their end complete */
  maintainSessions: defineInternal({
    subject: 'mentoring.maintenance.sessions',
    request: s.SessionMaintenanceRequest,
    response: s.SessionMaintenanceReply,
    callers: ['worker', 'seed'],
  }),
} as const;
