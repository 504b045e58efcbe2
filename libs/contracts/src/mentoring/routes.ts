/**
 * Mentoring's routes: one declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Besides ROUTES.md: GET and PUT /mentor/profile (the spec's Profile tab placeholder made
 * real: the mentor edits the profile learners see) and GET and PUT /mentor/availability (the
 * weekly schedule the spec calls "coming soon"), DELETE /mentor/time-off/{id}.
 */
import { defineRoute } from '../common/route.js';
import { IdParams, MessageResponse } from '../common/ids.js';
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
} as const;
