import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { fromRow, queryRows } from '@lp/service-kit';
import { MentorProfileEntity } from '../../entities/mentor-profile.entity.js';
import { PROFILE_ROW_SELECT, mentorListQuery, type MentorFilter } from './mentor-list.sql.js';

export type { MentorFilter } from './mentor-list.sql.js';

type RawProfileRow = Record<string, unknown> & { person_name: string | null; person_image: string | null; person_deleted: boolean | null };

/** A profile with the person's name and picture from the users read model. */
export interface ProfileRow {
  profile: MentorProfileEntity;
  name: string;
  profileImage: string | null;
  /** the account is being deleted */
  deleted: boolean;
}

/** Mentor profiles; data access only. */
@Injectable()
export class MentorProfilesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async find(userId: string, db: EntityManager = this.ds.manager): Promise<ProfileRow | null> {
    const [row] = await this.rows(db, 'WHERE p.user_id = $1', [userId], '', 1);
    return row ?? null;
  }

  /** Published profiles of people not being deleted, as GET /mentors filters and orders them (mentor-list.sql.ts). */
  async list(f: MentorFilter): Promise<{ rows: ProfileRow[]; total: number }> {
    const q = mentorListQuery(f);
    const raw = await queryRows<RawProfileRow & { total: number }>(this.ds.manager, q.sql, q.params);
    // a page past the end has no row to carry the count
    const total =
      raw[0]?.total ?? (f.offset > 0 ? ((await queryRows<{ n: number }>(this.ds.manager, q.countSql, q.params))[0]?.n ?? 0) : 0);
    return { rows: raw.map(({ total: _total, ...r }) => this.toRow(this.ds.manager, r as RawProfileRow)), total };
  }

  private async rows(
    db: EntityManager,
    clause: string,
    params: unknown[],
    order: string,
    limit: number,
    offset = 0,
  ): Promise<ProfileRow[]> {
    const raw = await queryRows<RawProfileRow>(
      db,
      `${PROFILE_ROW_SELECT} ${clause} ${order} LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    );
    return raw.map((r) => this.toRow(db, r));
  }

  // the name is "Unknown user" only for the milliseconds before identity's registration event arrives
  private toRow(db: EntityManager, { person_name, person_image, person_deleted, ...r }: RawProfileRow): ProfileRow {
    return {
      profile: fromRow(db, MentorProfileEntity, r),
      name: person_name ?? 'Unknown user',
      profileImage: person_image,
      deleted: person_deleted ?? false,
    };
  }

  /** Writes the profile (and publishes it) in the caller's transaction. */
  async save(
    tx: EntityManager,
    userId: string,
    p: Omit<MentorProfileEntity, 'userId' | 'ratingTotal' | 'ratingCount' | 'totalSessions' | 'createdAt' | 'updatedAt'>,
  ): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(MentorProfileEntity)
      .values({ userId, ...p })
      .orUpdate(
        [
          'bio',
          'expertise_areas',
          'hourly_rate_minor',
          'currency',
          'experience_years',
          'languages',
          'timezone',
          'is_accepting_bookings',
          'is_published',
          'updated_at',
        ],
        ['user_id'],
      )
      .updateEntity(false)
      .execute();
  }

  /**
   * Sets the mentor's time zone, creating an unpublished profile when there is none yet, and
   * holds the row for the rest of the transaction: a mentor's schedule changes one at a time.
   */
  async lockWithTimezone(tx: EntityManager, userId: string, timezone: string): Promise<void> {
    await tx.query(
      `INSERT INTO mentor_profiles (user_id, hourly_rate_minor, timezone, languages) VALUES ($1, 0, $2, '{English}')
       ON CONFLICT (user_id) DO UPDATE SET timezone = EXCLUDED.timezone, updated_at = now()`,
      [userId, timezone],
    );
  }

  /** One more session held (a session completed). */
  async countSession(tx: EntityManager, mentorId: string): Promise<void> {
    await tx.query('UPDATE mentor_profiles SET total_sessions = total_sessions + 1 WHERE user_id = $1', [mentorId]);
  }

  /** A rating added to the mentor's; answers the new mean and count. */
  async addRating(tx: EntityManager, mentorId: string, stars: number): Promise<{ total: number; count: number }> {
    const [row] = await queryRows<{ rating_total: number; rating_count: number }>(
      tx,
      'UPDATE mentor_profiles SET rating_total = rating_total + $2, rating_count = rating_count + 1 WHERE user_id = $1 RETURNING rating_total, rating_count',
      [mentorId, stars],
    );
    return { total: row?.rating_total ?? stars, count: row?.rating_count ?? 1 };
  }

  /** Holds the mentor's profile row for the rest of the transaction: bookings and schedule changes of one mentor take turns. */
  async lockForBooking(tx: EntityManager, mentorId: string): Promise<void> {
    await tx.query('SELECT user_id FROM mentor_profiles WHERE user_id = $1 FOR UPDATE', [mentorId]);
  }
}
