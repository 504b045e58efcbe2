import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';
import { CurrencySchema, MoneySchema, hasAtMostTwoDecimals } from '../billing/money.js';
import { PaymentMethodSchema } from '../billing/schemas.js';

/**
 * Mentoring's shapes: mentor profiles and discovery, the weekly schedule and time off.
 * Money is minor units with its currency (MoneySchema) on the way out; a mentor types the
 * hourly rate in major units of the profile's currency.
 */

/** The spec's price filters on /mentors, per hour in the listing's currency (nothing is converted). */
export const PRICE_BANDS = ['under_50', '50_100', 'over_100'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
/** [from, to) in major units; null = open. */
export const PRICE_BAND_RANGES: Record<PriceBand, readonly [number | null, number | null]> = {
  under_50: [null, 50],
  '50_100': [50, 100],
  over_100: [100, null],
};

/** Sunday = 0 ... Saturday = 6, as Date.getDay() and PostgreSQL's extract(dow). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const MAX_WEEKLY_SLOTS = 50;
export const MAX_HOURLY_RATE = 10_000;

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
export const TimeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine(isTimeZone, 'Unknown time zone');

/** "HH:MM" on a 24-hour clock; "24:00" ends a day. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time like 09:30');
export const clockToMinutes = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const minutesToClock = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** "YYYY-MM-DD" that is a real date */
export const DateOnlySchema = z.iso.date({ error: 'Use a date like 2026-12-24' });

const wordList = (what: string, max: number) =>
  z
    .array(z.string().trim().min(1, `${what} cannot be blank`).max(50, `${what} cannot exceed 50 characters`), {
      error: `${what} must be a list`,
    })
    .max(max, `At most ${max} ${what.toLowerCase()}`)
    .transform((xs) => [...new Set(xs)]);

export const MentorProfileSchema = z.object({
  user_id: IdSchema,
  name: z.string(),
  profile_image: z.string().nullable(),
  bio: z.string(),
  expertise_areas: z.array(z.string()),
  hourly_rate: MoneySchema,
  experience_years: z.number().int(),
  languages: z.array(z.string()),
  timezone: z.string(),
  is_accepting_bookings: z.boolean(),
  /** mean of the sessions' ratings, one decimal; 0 before the first */
  rating: z.number(),
  rating_count: z.number().int(),
  total_sessions: z.number().int(),
  /** false while the mentor has not saved a profile yet (only the mentor sees it then) */
  is_published: z.boolean(),
  updated_at: IsoDate.nullable(),
});
export type MentorProfile = z.infer<typeof MentorProfileSchema>;

export const MentorProfileUpdateRequest = z.object({
  bio: z.string().trim().max(2000, 'Bio cannot exceed 2000 characters').default(''),
  expertise_areas: wordList('Expertise areas', 10).refine((xs) => xs.length > 0, 'Add at least one expertise area'),
  hourly_rate: z
    .number({ error: 'Hourly rate must be a number' })
    .min(0, 'Hourly rate cannot be negative')
    .max(MAX_HOURLY_RATE, `Hourly rate cannot exceed ${MAX_HOURLY_RATE}`)
    .refine(hasAtMostTwoDecimals, 'Hourly rate has at most two decimals'),
  currency: CurrencySchema.default('USD'),
  experience_years: z
    .number({ error: 'Experience must be a number of years' })
    .int('Experience is whole years')
    .min(0, 'Experience cannot be negative')
    .max(70, 'Experience cannot exceed 70 years')
    .default(0),
  languages: wordList('Languages', 10).default(['English']),
  timezone: TimeZoneSchema,
  is_accepting_bookings: z.boolean().default(true),
});

export const MentorListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  expertise: z.string().trim().max(50).optional(),
  price_band: z.enum(PRICE_BANDS, { error: 'Price band must be under_50, 50_100 or over_100' }).optional(),
  /** the currency the price band is read in (default USD): mentors priced in another currency are left out of a band */
  currency: CurrencySchema.default('USD'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export const MentorListResponse = z.object({ mentors: z.array(MentorProfileSchema), total: z.number().int() });
export const MentorUserParams = z.object({ userId: IdSchema });

export const WeeklySlotSchema = z
  .object({
    weekday: z.number().int().min(0).max(6, 'Weekday is 0 (Sunday) to 6 (Saturday)'),
    start_time: ClockTimeSchema,
    end_time: ClockTimeSchema,
  })
  .refine((s) => clockToMinutes(s.end_time) > clockToMinutes(s.start_time), { message: 'A slot ends after it starts', path: ['end_time'] });
export type WeeklySlot = z.infer<typeof WeeklySlotSchema>;

export const TimeOffSchema = z.object({
  id: IdSchema,
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string(),
  is_recurring: z.boolean(),
  created_at: IsoDate,
});
export const TimeOffRequest = z
  .object({
    start_date: DateOnlySchema,
    end_date: DateOnlySchema,
    reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason cannot exceed 500 characters'),
    /** the same dates every year */
    is_recurring: z.boolean().default(false),
  })
  // compared only when both are real dates: a bad start date is named once, not also as an end before it
  .refine(
    (t) => !DateOnlySchema.safeParse(t.start_date).success || !DateOnlySchema.safeParse(t.end_date).success || t.end_date >= t.start_date,
    {
      message: 'End date cannot be before start date',
      path: ['end_date'],
    },
  );

export const AvailabilitySchema = z.object({
  timezone: z.string(),
  slots: z.array(WeeklySlotSchema),
  time_off: z.array(TimeOffSchema),
});
export const AvailabilityUpdateRequest = z.object({
  timezone: TimeZoneSchema,
  slots: z.array(WeeklySlotSchema).max(MAX_WEEKLY_SLOTS, `At most ${MAX_WEEKLY_SLOTS} weekly slots`),
});

// ---------- sessions ----------

/** The spec's booking durations, in minutes. */
export const SESSION_DURATIONS = [30, 60, 90, 120] as const;
/**
 * The spec's statuses: scheduled (booked, the slot held, payment not yet completed),
 * confirmed (paid, with a meeting link), completed, cancelled, no_show. Scheduled and
 * confirmed are "upcoming".
 */
export const SESSION_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** statuses that hold the mentor's time (the exclusion constraint counts only these) */
export const HOLDING_STATUSES = ['scheduled', 'confirmed'] as const satisfies readonly SessionStatus[];
/** a session starts at least this long after it is booked: the mentor gets notice */
export const BOOKING_LEAD_MINUTES = 60;
/** free start times are offered on this grid (minutes past the hour in the mentor's time zone) */
export const SLOT_STEP_MINUTES = 30;
/** how far ahead the booking page looks, and a booking may be */
export const BOOKING_HORIZON_DAYS = 90;
/** a learner cancelling at least this long before the start gets the whole amount back; a mentor cancelling always gives it back */
export const FULL_REFUND_HOURS = 24;

export const SessionDurationSchema = z.union(
  SESSION_DURATIONS.map((d) => z.literal(d)) as never as [z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<90>, z.ZodLiteral<120>],
  {
    error: 'Duration must be 30, 60, 90 or 120 minutes',
  },
);

export const SessionSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  scheduled_at: IsoDate,
  ends_at: IsoDate,
  duration_minutes: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  mentor_id: IdSchema,
  mentor_name: z.string(),
  mentee_id: IdSchema,
  mentee_name: z.string(),
  total_amount: MoneySchema,
  /** a Jitsi Meet room, once confirmed */
  meeting_link: z.string().nullable(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
  payment_id: IdSchema.nullable(),
  /** until when an unpaid booking holds the slot */
  hold_expires_at: IsoDate.nullable(),
  cancelled_by: z.enum(['mentee', 'mentor', 'system']).nullable(),
  cancel_reason: z.string().nullable(),
  /** what the refund rule gave back on cancellation (minor units), null when nothing was paid */
  refunded_minor: z.number().int().nullable(),
  created_at: IsoDate,
});
export type MentoringSession = z.infer<typeof SessionSchema>;

export const BookSessionRequest = z.object({
  mentor_id: IdSchema,
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title cannot exceed 200 characters'),
  description: z.string().trim().max(2000, 'Description cannot exceed 2000 characters').default(''),
  scheduled_at: z.iso.datetime({ offset: true, error: 'Choose a date and time' }),
  duration_minutes: SessionDurationSchema,
  payment_method: PaymentMethodSchema.default('wallet'),
});
export const BookSessionReply = z.object({
  id: IdSchema,
  status: z.enum(SESSION_STATUSES),
  /** the provider's checkout: the browser goes there; null when the wallet paid at once */
  checkout_url: z.string().nullable(),
  /** billing's payment; null for a mentor who charges nothing */
  payment_id: IdSchema.nullable(),
  total_amount: MoneySchema,
  message: z.string(),
  session: SessionSchema,
});

export const FreeSlotsQuery = z.object({
  /** first day to look at, in the mentor's time zone (default: today there) */
  from: DateOnlySchema.optional(),
  days: z.coerce.number().int().min(1).max(31).default(14),
  duration_minutes: z.coerce.number().pipe(SessionDurationSchema).default(60),
});
export const FreeSlotsResponse = z.object({
  mentor_id: IdSchema,
  timezone: z.string(),
  duration_minutes: z.number().int(),
  /** start times (UTC, ISO) where a session of this duration fits: inside an opening, outside time off, not taken, far enough ahead */
  slots: z.array(z.object({ start: IsoDate, end: IsoDate })),
});

export const MySessionsQuery = z.object({
  status: z.enum([...SESSION_STATUSES, 'upcoming'], { error: 'Unknown status' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const MySessionsResponse = z.object({ sessions: z.array(SessionSchema), total: z.number().int() });

export const CancelSessionRequest = z.object({ reason: z.string().trim().max(500, 'Reason cannot exceed 500 characters').default('') });
export const RateSessionRequest = z.object({
  rating: z
    .number({ error: 'Rating must be 1 to 5' })
    .int('Rating must be 1 to 5')
    .min(1, 'Rating must be 1 to 5')
    .max(5, 'Rating must be 1 to 5'),
  review: z.string().trim().max(2000, 'Review cannot exceed 2000 characters').default(''),
});

/** billing asks what a session costs (its owner prices it, never the browser) */
export const SessionPricingRequest = z.object({ session_id: IdSchema, user_id: IdSchema });
export const SessionPricingResponse = z.object({
  session_id: IdSchema,
  title: z.string(),
  mentor_id: IdSchema,
  mentee_id: IdSchema,
  amount_minor: z.number().int(),
  currency: CurrencySchema,
  status: z.enum(SESSION_STATUSES),
});
export const SessionMaintenanceRequest = z.object({});
export const SessionMaintenanceReply = z.object({ expired: z.number().int(), completed: z.number().int() });

// ---------- the mentor's dashboard: analytics, business intelligence, mentees, notes, resources ----------

/** The spec's timeframe selector: the values it sends, 30 days by default. */
export const TIMEFRAMES = ['7days', '30days', '90days', '1year'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_DAYS: Record<Timeframe, number> = { '7days': 7, '30days': 30, '90days': 90, '1year': 365 };
export const TimeframeQuery = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: 'Timeframe must be 7days, 30days, 90days or 1year' }).default('30days'),
});

const HourCount = z.object({ hour: z.number().int().min(0).max(23), sessions: z.number().int() });

export const MentorAnalyticsSchema = z.object({
  timeframe: z.enum(TIMEFRAMES),
  /** the window the figures cover (ISO), and the one before it that growth and trends compare with */
  window: z.object({ from: IsoDate, to: IsoDate, previous_from: IsoDate }),
  /** the mentor's currency: every amount below is in it */
  currency: CurrencySchema,
  overview: z.object({
    /** completed sessions in the window */
    total_sessions: z.number().int(),
    /** what learners paid for the window's completed sessions (before the platform's fee) */
    total_earnings: MoneySchema,
    /** mean of every rating so far, one decimal; 0 before the first */
    avg_rating: z.number(),
    /** learners with a confirmed or completed session in the window, or one coming up */
    active_mentees: z.number().int(),
    /** completed / (completed + cancelled after payment + no-show) among sessions due in the window, percent; null when none was due */
    success_rate: z.number().nullable(),
    /** paid sessions of the last 30 days (confirmed or completed) */
    monthly_revenue: MoneySchema,
    /** the three busiest start hours (mentor's time zone) of the window's held sessions */
    peak_hours: z.array(HourCount),
  }),
  performance_trends: z.object({
    /** revenue of the window against the window before, percent; null when the one before had none */
    earnings_growth: z.number().nullable(),
    /** completed sessions per week in the window, one decimal */
    weekly_sessions: z.number(),
    /** mean rating given in the window minus the one before, signed, one decimal; null without ratings in both */
    rating_trend: z.number().nullable(),
  }),
  session_breakdown: z.object({
    completed: z.number().int(),
    cancelled: z.number().int(),
    no_show: z.number().int(),
    upcoming: z.number().int(),
  }),
  revenue: z.object({ total: MoneySchema, monthly: MoneySchema, average_per_session: MoneySchema }),
  /** for the charts: per week (7 and 30 days, 90 days) or per month (a year) of the window */
  series: z.array(
    z.object({
      period_start: z.string(),
      completed: z.number().int(),
      cancelled: z.number().int(),
      revenue_minor: z.number().int(),
      avg_rating: z.number().nullable(),
    }),
  ),
});
export type MentorAnalytics = z.infer<typeof MentorAnalyticsSchema>;

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export const BusinessIntelligenceSchema = z.object({
  timeframe: z.enum(TIMEFRAMES),
  currency: CurrencySchema,
  pricing_analysis: z.object({
    /** one row per session length booked in the window */
    current_rates: z.array(
      z.object({
        service: z.string(),
        duration_minutes: z.number().int(),
        hourly_rate: MoneySchema,
        bookings: z.number().int(),
        revenue: MoneySchema,
      }),
    ),
    /** the median hourly rate of other mentors sharing an expertise area, in this currency; null without any */
    market_median_rate: MoneySchema.nullable(),
  }),
  demand_patterns: z.object({
    peak_hours: z.array(z.object({ hour: z.number().int(), bookings: z.number().int() })),
    peak_days: z.array(z.object({ day: z.string(), bookings: z.number().int() })),
  }),
  /** rules over the mentor's own figures, each with the figure that triggered it */
  optimization_opportunities: z.array(
    z.object({ type: z.string(), suggestion: z.string(), impact: z.enum(PRIORITIES), metric: z.string() }),
  ),
  mentee_insights: z.object({
    total_mentees: z.number().int(),
    repeat_mentees: z.number().int(),
    retention_rate: z.number(),
    avg_sessions_per_mentee: z.number(),
  }),
  growth_recommendations: z.array(z.object({ area: z.string(), action: z.string(), priority: z.enum(PRIORITIES), metric: z.string() })),
});
export type BusinessIntelligence = z.infer<typeof BusinessIntelligenceSchema>;

const textList = (what: string, max = 20) =>
  z
    .array(z.string().trim().min(1, `${what} cannot be blank`).max(300, `${what} cannot exceed 300 characters`))
    .max(max, `At most ${max} ${what.toLowerCase()}`);

export const MenteeProgressSchema = z.object({
  mentee_id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  profile_image: z.string().nullable(),
  total_sessions: z.number().int(),
  completed_sessions: z.number().int(),
  /** hours of completed sessions, one decimal */
  total_hours: z.number(),
  /** completed / (all sessions but those released unpaid), percent */
  completion_rate: z.number(),
  last_session_date: IsoDate.nullable(),
  current_goals: z.array(z.string()),
  skills_developed: z.array(z.string()),
  areas_for_improvement: z.array(z.string()),
  next_milestones: z.array(z.string()),
  progress_notes: z.string(),
  progress_updated_at: IsoDate.nullable(),
});
export const MenteesProgressResponse = z.object({
  summary: z.object({ total_mentees: z.number().int(), active_mentees: z.number().int(), avg_completion_rate: z.number() }),
  mentees: z.array(MenteeProgressSchema),
});
export const MenteeProgressRequest = z.object({
  mentee_id: IdSchema.optional(),
  goals: textList('Goals').default([]),
  progress_notes: z.string().trim().max(5000, 'Progress notes cannot exceed 5000 characters').default(''),
  /** the spec's modal sends these as comma-separated text; a list is accepted too */
  skills_developed: z.union([z.string(), textList('Skills')]).default([]),
  areas_for_improvement: z.union([z.string(), textList('Areas')]).default([]),
  next_milestones: textList('Milestones').default([]),
});

export const RESOURCE_TYPES = ['document', 'video', 'tool', 'template'] as const;
export const SharedResourceSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  url: z.url({ error: 'Must be a link (https://...)' }),
  type: z.enum(RESOURCE_TYPES).default('document'),
});
export const SessionNotesSchema = z.object({
  session_id: IdSchema,
  notes: z.string(),
  action_items: z.array(z.string()),
  next_session_goals: z.array(z.string()),
  mentee_progress: z.string(),
  resources_shared: z.array(z.object({ name: z.string(), url: z.string(), type: z.enum(RESOURCE_TYPES) })),
  updated_at: IsoDate,
});
export const SessionNotesRequest = z.object({
  session_id: IdSchema.optional(),
  notes: z.string({ error: 'Notes are required' }).trim().min(1, 'Notes are required').max(10_000, 'Notes cannot exceed 10000 characters'),
  action_items: textList('Action items').default([]),
  next_session_goals: textList('Goals').default([]),
  mentee_progress: z.string().trim().max(5000).default(''),
  resources_shared: z.array(SharedResourceSchema).max(20).default([]),
});

export const ResourceSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  resource_type: z.enum(RESOURCE_TYPES),
  url: z.string().nullable(),
  content: z.string(),
  tags: z.array(z.string()),
  is_public: z.boolean(),
  created_at: IsoDate,
});
export const ResourceCreateRequest = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title cannot exceed 200 characters'),
    description: z.string().trim().max(2000).default(''),
    resource_type: z.enum(RESOURCE_TYPES, { error: 'Type must be document, video, tool or template' }),
    url: z.union([z.url({ error: 'Must be a link (https://...)' }), z.literal('')]).optional(),
    content: z.string().max(20_000).default(''),
    tags: wordList('Tags', 10).default([]),
    is_public: z.boolean().default(false),
  })
  .refine((r) => Boolean(r.url) || r.content.trim().length > 0, { message: 'Add a link or some content', path: ['url'] });
/** the spec's four sections */
export const ResourcesResponse = z.object({
  documents: z.array(ResourceSchema),
  videos: z.array(ResourceSchema),
  tools: z.array(ResourceSchema),
  templates: z.array(ResourceSchema),
});
