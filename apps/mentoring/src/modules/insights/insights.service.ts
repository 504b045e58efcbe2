import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { mentoringRoutes, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, currentCaller, queryRows } from '@lp/service-kit';
import { AvailabilityRepository } from '../availability/availability.repository.js';
import { MentorProfilesRepository } from '../mentors/mentor-profiles.repository.js';
import { businessIntelligence, mentorAnalytics, windowOf, type FigSession } from './mentor-figures.js';

type R = typeof mentoringRoutes;

/** The mentor's analytics and business intelligence: loaded here, counted in mentor-figures.ts. */
@Injectable()
export class InsightsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(AvailabilityRepository) private readonly availability: AvailabilityRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(mentoringRoutes.analyticsOverview)
  async overview({ query }: RouteInput<R['analyticsOverview']>): Promise<RouteOutput<R['analyticsOverview']>> {
    const mentorId = currentCaller().userId;
    const now = this.clock.now();
    const profile = (await this.profiles.find(mentorId))?.profile;
    // the window before the chosen one is compared with; upcoming sessions count too
    const sessions = await this.sessions(mentorId, windowOf(query.timeframe, now).previousFrom);
    return mentorAnalytics(sessions, {
      timeframe: query.timeframe,
      now,
      timeZone: profile?.timezone ?? 'UTC',
      currency: (profile?.currency ?? 'USD') as Currency,
      ratingTotal: profile?.ratingTotal ?? 0,
      ratingCount: profile?.ratingCount ?? 0,
    });
  }

  @Handles(mentoringRoutes.businessIntelligence)
  async business({ query }: RouteInput<R['businessIntelligence']>): Promise<RouteOutput<R['businessIntelligence']>> {
    const mentorId = currentCaller().userId;
    const now = this.clock.now();
    const profile = (await this.profiles.find(mentorId))?.profile;
    const currency = (profile?.currency ?? 'USD') as Currency;
    // retention looks at every session ever; the rest at the window
    const [sessions, openings, market] = await Promise.all([
      this.sessions(mentorId, new Date(0)),
      this.availability.openings(mentorId),
      this.marketMedian(mentorId, profile?.expertiseAreas ?? [], currency),
    ]);
    return businessIntelligence(sessions, {
      timeframe: query.timeframe,
      now,
      timeZone: profile?.timezone ?? 'UTC',
      currency,
      hourlyRateMinor: profile?.hourlyRateMinor ?? 0,
      ratingTotal: profile?.ratingTotal ?? 0,
      ratingCount: profile?.ratingCount ?? 0,
      isAcceptingBookings: profile?.isAcceptingBookings ?? false,
      openingsCount: openings.length,
      bio: profile?.bio ?? '',
      expertiseCount: profile?.expertiseAreas.length ?? 0,
      marketMedianMinor: market,
    });
  }

  /** The mentor's sessions starting from `since` (and every later one, upcoming included). */
  private async sessions(mentorId: string, since: Date): Promise<FigSession[]> {
    const rows = await queryRows<{
      mentee_id: string;
      status: FigSession['status'];
      starts_at: Date;
      duration_minutes: number;
      amount_minor: number;
      rating: number | null;
      rated_at: Date | null;
      paid: boolean;
    }>(
      this.ds.manager,
      `SELECT mentee_id, status, starts_at, duration_minutes, amount_minor, rating, rated_at, (confirmed_at IS NOT NULL) AS paid
         FROM sessions WHERE mentor_id = $1 AND starts_at >= $2`,
      [mentorId, since],
    );
    return rows.map((r) => ({
      menteeId: r.mentee_id,
      status: r.status,
      startsAt: r.starts_at,
      durationMinutes: r.duration_minutes,
      amountMinor: r.amount_minor,
      rating: r.rating,
      ratedAt: r.rated_at,
      paid: r.paid,
    }));
  }

  /** The median hourly rate of other published mentors sharing an expertise area, in the same currency. */
  private async marketMedian(mentorId: string, areas: string[], currency: Currency): Promise<number | null> {
    if (!areas.length) return null;
    const [row] = await queryRows<{ median: number | null }>(
      this.ds.manager,
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY hourly_rate_minor)::int AS median
         FROM mentor_profiles
        WHERE is_published AND user_id <> $1 AND currency = $2
          AND EXISTS (SELECT 1 FROM unnest(expertise_areas) e WHERE lower(e) = ANY (SELECT lower(x) FROM unnest($3::text[]) x))`,
      [mentorId, currency, areas],
    );
    return row?.median ?? null;
  }
}
