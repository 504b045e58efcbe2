import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PRICE_BAND_RANGES, toMinor, type Currency, type PriceBand } from '@lp/contracts';
import { fromRow, queryRows } from '@lp/service-kit';
import { MentorProfileEntity } from '../../entities/mentor-profile.entity.js';

/** A profile with the person's name and picture from the users read model. */
export interface ProfileRow {
  profile: MentorProfileEntity;
  name: string;
  profileImage: string | null;
  /** the account is being deleted */
  deleted: boolean;
}

export interface MentorFilter {
  search?: string | undefined;
  expertise?: string | undefined;
  priceBand?: PriceBand | undefined;
  currency: Currency;
  limit: number;
  offset: number;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Mentor profiles; data access only. */
@Injectable()
export class MentorProfilesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async find(userId: string, db: EntityManager = this.ds.manager): Promise<ProfileRow | null> {
    const [row] = await this.rows(db, 'WHERE p.user_id = $1', [userId], '', 1);
    return row ?? null;
  }

  /**
   * Published profiles of people not being deleted: search over name, bio and expertise,
   * an expertise (any of the mentor's, case-insensitive), a price band read in `currency`
   * (mentors priced in another currency are left out of a band: nothing is converted). Best
   * rated first, then the most sessions, then by name.
   */
  async list(f: MentorFilter): Promise<{ rows: ProfileRow[]; total: number }> {
    const where = ['p.is_published', 'NOT coalesce(u.deleted, false)'];
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    if (f.search) {
      const like = param(`%${escapeLike(f.search)}%`);
      where.push(
        `(u.name ILIKE ${like} OR p.bio ILIKE ${like} OR EXISTS (SELECT 1 FROM unnest(p.expertise_areas) e WHERE e ILIKE ${like}))`,
      );
    }
    if (f.expertise) where.push(`EXISTS (SELECT 1 FROM unnest(p.expertise_areas) e WHERE lower(e) = lower(${param(f.expertise)}))`);
    if (f.priceBand) {
      const [from, to] = PRICE_BAND_RANGES[f.priceBand];
      where.push(`p.currency = ${param(f.currency)}`);
      if (from !== null) where.push(`p.hourly_rate_minor >= ${param(toMinor(from, f.currency))}`);
      if (to !== null) where.push(`p.hourly_rate_minor < ${param(toMinor(to, f.currency))}`);
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const [count] = await queryRows<{ n: number }>(
      this.ds.manager,
      `SELECT count(*)::int AS n FROM mentor_profiles p LEFT JOIN users u ON u.id = p.user_id ${clause}`,
      params,
    );
    const order = `ORDER BY CASE WHEN p.rating_count = 0 THEN 0 ELSE p.rating_total::numeric / p.rating_count END DESC, p.total_sessions DESC, u.name, p.user_id`;
    const rows = await this.rows(this.ds.manager, clause, params, order, f.limit, f.offset);
    return { rows, total: count?.n ?? 0 };
  }

  private async rows(
    db: EntityManager,
    clause: string,
    params: unknown[],
    order: string,
    limit: number,
    offset = 0,
  ): Promise<ProfileRow[]> {
    const raw = await queryRows<
      Record<string, unknown> & { person_name: string | null; person_image: string | null; person_deleted: boolean | null }
    >(
      db,
      `SELECT p.*, u.name AS person_name, u.profile_image AS person_image, u.deleted AS person_deleted
         FROM mentor_profiles p LEFT JOIN users u ON u.id = p.user_id
        ${clause} ${order} LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      params,
    );
    // the name is "Unknown user" only for the milliseconds before identity's registration event arrives
    return raw.map(({ person_name, person_image, person_deleted, ...r }) => ({
      profile: fromRow(db, MentorProfileEntity, r),
      name: person_name ?? 'Unknown user',
      profileImage: person_image,
      deleted: person_deleted ?? false,
    }));
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
}
