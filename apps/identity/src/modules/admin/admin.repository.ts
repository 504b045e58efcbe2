import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@lp/service-kit';

export interface PopularCourse {
  id: string;
  title: string;
  enrollment_count: number;
}

/** Reads the analytics read models (`course_stats`, `platform_stats`) that other services' events fill. */
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

  /** One counter: metric (`sessions`, `revenue`) for a period (`all` or `YYYY-MM`); 0 when nothing was recorded. */
  async stat(metric: string, period: string): Promise<number> {
    const [row] = await queryRows<{ value: string }>(
      this.ds.manager,
      'SELECT value FROM platform_stats WHERE metric = $1 AND period = $2',
      [metric, period],
    );
    return Number(row?.value ?? 0);
  }
}
