import { Inject, Injectable } from '@nestjs/common';
import { mentoringRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, ExportsUserData, Handles, UnitOfWork, currentCaller, isExclusionViolation } from '@lp/service-kit';
import type { z } from 'zod';
import type { TimeOffSchema } from '@lp/contracts';
import type { TimeOffEntity } from '../../entities/time-off.entity.js';
import { mentoringErrors } from '../../common/mentoring-errors.js';
import { MentorProfilesRepository } from '../mentors/mentor-profiles.repository.js';
import { AvailabilityRepository } from './availability.repository.js';
import { firstOverlap, normalise, toOpening, toSlot } from './weekly-schedule.js';

type R = typeof mentoringRoutes;
type TimeOff = z.infer<typeof TimeOffSchema>;

const toTimeOff = (t: TimeOffEntity): TimeOff => ({
  id: t.id,
  start_date: t.startDate,
  end_date: t.endDate,
  reason: t.reason,
  is_recurring: t.isRecurring,
  created_at: t.createdAt.toISOString(),
});

/** "YYYY-MM-DD" of `at` in `timeZone` */
export const localDate = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A mentor's availability: the weekly schedule in the mentor's own time zone (the spec's
 * "advanced scheduling coming soon", made real) and time off. Booking reads both.
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(AvailabilityRepository) private readonly availability: AvailabilityRepository,
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(mentoringRoutes.availability)
  async get(): Promise<RouteOutput<R['availability']>> {
    return this.read(currentCaller().userId);
  }

  /**
   * Replaces the schedule whole. Overlapping slots of one day are refused with the pair named;
   * the exclusion constraint refuses them too, should anything get past this check.
   */
  @Handles(mentoringRoutes.updateAvailability)
  async update({ body }: RouteInput<R['updateAvailability']>): Promise<RouteOutput<R['updateAvailability']>> {
    const mentorId = currentCaller().userId;
    const openings = normalise(body.slots.map(toOpening));
    const overlap = firstOverlap(openings);
    if (overlap) throw mentoringErrors.slotsOverlap(overlap);
    try {
      await this.uow.run(async (tx) => {
        // the profile row is held until commit: two saves of one schedule take turns, never mix
        await this.profiles.lockWithTimezone(tx, mentorId, body.timezone);
        await this.availability.replaceOpenings(tx, mentorId, openings);
      });
    } catch (e) {
      if (isExclusionViolation(e, 'availability_slots_no_overlap')) throw mentoringErrors.slotsOverlap('Slots of one day may not overlap');
      throw e;
    }
    return this.read(mentorId);
  }

  @Handles(mentoringRoutes.requestTimeOff)
  async requestTimeOff({ body }: RouteInput<R['requestTimeOff']>): Promise<TimeOff> {
    const mentorId = currentCaller().userId;
    const saved = await this.uow.run((tx) =>
      this.availability.insertTimeOff(tx, {
        mentorId,
        startDate: body.start_date,
        endDate: body.end_date,
        reason: body.reason,
        isRecurring: body.is_recurring,
      }),
    );
    return toTimeOff(saved);
  }

  @Handles(mentoringRoutes.cancelTimeOff)
  async cancelTimeOff({ params }: RouteInput<R['cancelTimeOff']>): Promise<{ message: string }> {
    // another mentor's time off is as unknown as a missing one
    if (!(await this.availability.deleteTimeOff(currentCaller().userId, params.id))) throw mentoringErrors.timeOffNotFound();
    return { message: 'Time off removed' };
  }

  private async read(mentorId: string): Promise<RouteOutput<R['availability']>> {
    const profile = await this.profiles.find(mentorId);
    const timezone = profile?.profile.timezone ?? 'UTC';
    const [openings, timeOff] = await Promise.all([
      this.availability.openings(mentorId),
      this.availability.timeOff(mentorId, localDate(this.clock.now(), timezone)),
    ]);
    return { timezone, slots: openings.map(toSlot), time_off: timeOff.map(toTimeOff) };
  }

  /** Mentoring's part of "Download my data": the schedule and every time-off request. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    return {
      weekly_schedule: (await this.availability.openings(userId)).map(toSlot),
      time_off: (await this.availability.allTimeOff(userId)).map(toTimeOff),
    };
  }
}
