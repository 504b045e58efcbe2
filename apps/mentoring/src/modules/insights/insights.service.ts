import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { mentoringRoutes, type Currency, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, currentCaller } from '@lp/service-kit';
import { AvailabilityRepository } from '../availability/availability.repository.js';
import { MentorProfilesRepository } from '../mentors/mentor-profiles.repository.js';
import { marketMedianRate, sessionsSince } from './insights.sql.js';
import { businessIntelligence, mentorAnalytics, windowOf } from './mentor-figures.js';

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
    const sessions = await sessionsSince(this.ds.manager, mentorId, windowOf(query.timeframe, now).previousFrom);
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
      sessionsSince(this.ds.manager, mentorId, new Date(0)),
      this.availability.openings(mentorId),
      marketMedianRate(this.ds.manager, mentorId, profile?.expertiseAreas ?? [], currency),
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
}
