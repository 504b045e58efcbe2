import { Inject, Injectable } from '@nestjs/common';
import { mentoringEvents, mentoringRoutes, money, toMinor, type MentorProfile, type RouteInput, type RouteOutput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { ExportsUserData, Handles, UnitOfWork, UsersReadModel, currentCaller } from '@lp/service-kit';
import { mentoringErrors } from '../../common/mentoring-errors.js';
import { MentorProfilesRepository, type ProfileRow } from './mentor-profiles.repository.js';

type R = typeof mentoringRoutes;

/** The rating people see: the mean of the stars, one decimal; 0 before the first rating. */
export const ratingOf = (total: number, count: number): number => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);

export const toProfile = ({ profile: p, name, profileImage }: ProfileRow): MentorProfile => ({
  user_id: p.userId,
  name,
  profile_image: profileImage,
  bio: p.bio,
  expertise_areas: p.expertiseAreas,
  hourly_rate: money(p.hourlyRateMinor, p.currency),
  experience_years: p.experienceYears,
  languages: p.languages,
  timezone: p.timezone,
  is_accepting_bookings: p.isAcceptingBookings,
  rating: ratingOf(p.ratingTotal, p.ratingCount),
  rating_count: p.ratingCount,
  total_sessions: p.totalSessions,
  is_published: p.isPublished,
  updated_at: p.updatedAt.toISOString(),
});

/** Mentor profiles: discovery for everyone, the own profile for the mentor. */
@Injectable()
export class MentorsService {
  constructor(
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  @Handles(mentoringRoutes.listMentors)
  async list({ query }: RouteInput<R['listMentors']>): Promise<RouteOutput<R['listMentors']>> {
    const found = await this.profiles.list({
      search: query.search || undefined,
      expertise: query.expertise || undefined,
      priceBand: query.price_band,
      currency: query.currency,
      limit: query.limit,
      offset: query.offset,
    });
    return { mentors: found.rows.map(toProfile), total: found.total };
  }

  /** Unpublished, deleted and unknown mentors are all "Mentor not found": nothing tells them apart. */
  @Handles(mentoringRoutes.mentorProfile)
  async get({ params }: RouteInput<R['mentorProfile']>): Promise<MentorProfile> {
    const row = await this.profiles.find(params.userId);
    if (!row || !row.profile.isPublished || row.deleted) throw mentoringErrors.mentorNotFound();
    return toProfile(row);
  }

  @Handles(mentoringRoutes.ownProfile)
  async own(): Promise<MentorProfile> {
    const userId = currentCaller().userId;
    const row = await this.profiles.find(userId);
    if (row) return toProfile(row);
    const me = await this.users.find(userId);
    return {
      user_id: userId,
      name: me?.name ?? 'Unknown user',
      profile_image: me?.profile_image ?? null,
      bio: '',
      expertise_areas: [],
      hourly_rate: money(0, 'USD'),
      experience_years: 0,
      languages: ['English'],
      timezone: 'UTC',
      is_accepting_bookings: true,
      rating: 0,
      rating_count: 0,
      total_sessions: 0,
      is_published: false,
      updated_at: null,
    };
  }

  @Handles(mentoringRoutes.updateProfile)
  async update({ body }: RouteInput<R['updateProfile']>): Promise<MentorProfile> {
    const userId = currentCaller().userId;
    const hourlyRateMinor = toMinor(body.hourly_rate, body.currency);
    const row = await this.uow.run(async (tx) => {
      await this.profiles.save(tx, userId, {
        bio: body.bio,
        expertiseAreas: body.expertise_areas,
        hourlyRateMinor,
        currency: body.currency,
        experienceYears: body.experience_years,
        languages: body.languages,
        timezone: body.timezone,
        isAcceptingBookings: body.is_accepting_bookings,
        isPublished: true,
      });
      const saved = (await this.profiles.find(userId, tx))!;
      await writeEvent(tx, mentoringEvents.profileUpdated, {
        v: 1,
        mentor_id: userId,
        hourly_rate_minor: hourlyRateMinor,
        currency: body.currency,
        is_accepting_bookings: body.is_accepting_bookings,
        updated_at: saved.profile.updatedAt.toISOString(),
      });
      return saved;
    });
    return toProfile(row);
  }

  /** Mentoring's part of "Download my data": the profile. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const row = await this.profiles.find(userId);
    return { mentor_profile: row ? toProfile(row) : null };
  }
}
