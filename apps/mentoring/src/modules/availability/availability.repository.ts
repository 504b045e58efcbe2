import { Inject, Injectable } from '@nestjs/common';
import { DataSource, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { AvailabilitySlotEntity } from '../../entities/availability-slot.entity.js';
import { TimeOffEntity } from '../../entities/time-off.entity.js';
import type { Opening } from './weekly-schedule.js';

/** The weekly schedule and time off; data access only. */
@Injectable()
export class AvailabilityRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  openings(mentorId: string, db: EntityManager = this.ds.manager): Promise<AvailabilitySlotEntity[]> {
    return db.getRepository(AvailabilitySlotEntity).find({ where: { mentorId }, order: { weekday: 'ASC', startMinute: 'ASC' } });
  }

  /** Replaces the mentor's openings in the caller's transaction. */
  async replaceOpenings(tx: EntityManager, mentorId: string, openings: Opening[]): Promise<void> {
    await tx.getRepository(AvailabilitySlotEntity).delete({ mentorId });
    if (openings.length) await tx.getRepository(AvailabilitySlotEntity).insert(openings.map((o) => ({ mentorId, ...o })));
  }

  /** Time off still to come or under way (ending on `today` or later), and every recurring one. */
  timeOff(mentorId: string, today: string, db: EntityManager = this.ds.manager): Promise<TimeOffEntity[]> {
    return db.getRepository(TimeOffEntity).find({
      where: [
        { mentorId, endDate: MoreThanOrEqual(today) },
        { mentorId, isRecurring: true },
      ],
      order: { startDate: 'ASC', createdAt: 'ASC' },
    });
  }

  allTimeOff(mentorId: string): Promise<TimeOffEntity[]> {
    return this.ds.getRepository(TimeOffEntity).find({ where: { mentorId }, order: { startDate: 'ASC' } });
  }

  async insertTimeOff(
    tx: EntityManager,
    t: Pick<TimeOffEntity, 'mentorId' | 'startDate' | 'endDate' | 'reason' | 'isRecurring'>,
  ): Promise<TimeOffEntity> {
    const repo = tx.getRepository(TimeOffEntity);
    return repo.save(repo.create(t));
  }

  /** Deletes one of the mentor's time-off rows: false when there was none of that id for that mentor. */
  async deleteTimeOff(mentorId: string, id: string): Promise<boolean> {
    const r = await this.ds.getRepository(TimeOffEntity).delete({ id, mentorId });
    return (r.affected ?? 0) > 0;
  }
}
