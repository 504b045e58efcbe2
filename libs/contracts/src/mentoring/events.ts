import { z } from 'zod';
import { defineEvent } from '../common/event.js';

const service = 'mentoring' as const;

/** Mentoring's events (the sessions' events come with booking). */
export const mentoringEvents = {
  profileUpdated: defineEvent({
    name: 'mentoring.profile.updated',
    service,
    summary: "A mentor saved the profile: the hourly rate and whether bookings are accepted (for the dashboards' figures)",
    schema: z.object({
      v: z.literal(1),
      mentor_id: z.string(),
      hourly_rate_minor: z.number().int(),
      currency: z.string(),
      is_accepting_bookings: z.boolean(),
      updated_at: z.string(),
    }),
  }),
} as const;
