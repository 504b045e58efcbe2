import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@lp/service-kit';

/** One change to a counter of `platform_stats`. */
export interface StatDelta {
  metric: string;
  period: string;
  delta: number;
}

export interface PopularCourse {
  id: string;
  title: string;
  enrollment_count: number;
}

/** The analytics read models (`course_stats`, `platform_stats`): filled by the consumers of other services' events, read by the admin. */
@Injectable()
export class AdminRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async countCourses(): Promise<number> {
    const [row] = await queryRows<{ count: string }>(this.ds.manager, 'SELECT count(*) AS count FROM course_stats');
    return Number(row?.count ?? 0);
  }

  async popularCourses(limit: number): Promise<PopularCourse[]> {
    const rows = await queryRows<{ id: string; title: string; enrollment_count: number }>(
      this.ds.manager,
      'SELECT course_id AS id, title, enrollment_count FROM course_stats ORDER BY enrollment_count DESC, title ASC LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, enrollment_count: Number(r.enrollment_count) }));
  }

  /** One counter: metric (`sessions`, `revenue`, ...) for a period (`all` or `YYYY-MM`), as stored; 0 when nothing was recorded. */
  async stat(metric: string, period: string): Promise<number> {
    const [row] = await queryRows<{ value: string }>(
      this.ds.manager,
      'SELECT value FROM platform_stats WHERE metric = $1 AND period = $2',
      [metric, period],
    );
    return Number(row?.value ?? 0);
  }

  /** A course's title in `course_stats` (the row made when missing), in the caller's transaction. */
  async upsertCourseTitle(tx: EntityManager, courseId: string, title: string): Promise<void> {
    await tx.query(
      `INSERT INTO course_stats (course_id, title) VALUES ($1, $2)
         ON CONFLICT (course_id) DO UPDATE SET title = EXCLUDED.title, updated_at = now()`,
      [courseId, title],
    );
  }

  /**
   * A course's enrollment count in `course_stats` after an enrollment (the row made when
   * missing), in the caller's transaction. The count only rises: events carry the count after
   * their enrollment, so GREATEST keeps the read model right whatever order they arrive in.
   */
  async raiseEnrollmentCount(tx: EntityManager, courseId: string, title: string, enrollmentCount: number): Promise<void> {
    await tx.query(
      `INSERT INTO course_stats (course_id, title, enrollment_count) VALUES ($1, $2, $3)
         ON CONFLICT (course_id) DO UPDATE SET enrollment_count = GREATEST(course_stats.enrollment_count, EXCLUDED.enrollment_count), updated_at = now()`,
      [courseId, title, enrollmentCount],
    );
  }

  /**
   * Adds each delta to its counter (a missing one starts at 0), in the caller's transaction.
   * Kept raw: one atomic statement (an upsert that adds; TypeORM's upsert only overwrites), so
   * concurrent consumers never lose an addition.
   */
  async add(tx: EntityManager, deltas: readonly StatDelta[]): Promise<void> {
    // one row per counter: a statement may not update a row twice
    const merged = new Map<string, StatDelta>();
    for (const d of deltas) {
      const key = `${d.metric}\u0000${d.period}`;
      const seen = merged.get(key);
      merged.set(key, seen ? { ...seen, delta: seen.delta + d.delta } : d);
    }
    const rows = [...merged.values()];
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO platform_stats (metric, period, value)
         SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[])
       ON CONFLICT (metric, period) DO UPDATE SET value = platform_stats.value + EXCLUDED.value, updated_at = now()`,
      [rows.map((d) => d.metric), rows.map((d) => d.period), rows.map((d) => d.delta)],
    );
  }
}
